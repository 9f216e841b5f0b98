import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGAWriter
import Testing

/// `svga optimize` through the built binary: what it writes, what it prints, its exit codes
/// (0 written and passing the profile, 1 written but failing it or bad input, 2 usage).
struct OptimizeCLITests {
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("svga-optimize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func sample(_ name: String) -> String { CLIRunner.repositoryRoot.appendingPathComponent("SampleAssets/\(name)").path }

    @Test func writesASmallerFileThatDecodesAndSaysWhatItDid() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("matte.svga").path
        let result = try CLIRunner.run(["optimize", Self.sample("matte.svga"), out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("re-encoded:    5 PNGs (4 palette, 1 rgba)"), "\(result.stdout)")
        #expect(result.stdout.contains("rendered with mipmaps (bound 45 dB)"), "\(result.stdout)")
        #expect(result.stdout.contains("psnr (default render, bilinear without mipmaps, not gated)"), "\(result.stdout)")
        #expect(result.stdout.contains("  written"), "\(result.stdout)")
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.sample("matte.svga"))))
        #expect(written.count < original.count)
        #expect(Array(written.prefix(2)) == [0x78, 0xDA], "zlib-wrapped 2.x (level 9 header)")
        let movie = try SVGADecoder.decode(written)
        #expect(movie.image(forKey: "star")?.pixelWidth == 64, "drawn at 40 px: no smaller mipmap level covers it")
        // Idempotent through the command line too.
        let again = dir.appendingPathComponent("again.svga").path
        #expect(try CLIRunner.run(["optimize", out, again]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(written))
    }

    @Test func dryRunJSONWritesNothing() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("never.svga").path
        let result = try CLIRunner.run(["optimize", Self.sample("bitmaps.svga"), out, "--dry-run", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(doc["written"] as? Bool == false)
        let bytes = try #require(doc["bytes"] as? [String: Any])
        #expect((bytes["after"] as? Int ?? .max) < (bytes["before"] as? Int ?? 0))
        let psnr = try #require(doc["psnr"] as? [String: Any])
        #expect(psnr["passed"] as? Bool == true)
        #expect(psnr["frames"] as? Int == 24)
        #expect(psnr["render"] as? String == "mipmapped")
        #expect((psnr["defaultRender"] as? [String: Any])?.keys.sorted() == ["median", "min"])
        for key in ["convertedFrom", "droppedSprites", "trimmedFrames", "refusedLossy", "imageMemory", "removedImages", "resizedImages", "deduplicated", "recompressedImages", "refusedDownscale", "validation"] {
            #expect(doc.keys.contains(key), "\(key)")
        }
    }

    @Test func writtenButFailingTheProfileExitsOne() throws {
        // A 400×400 canvas passes the gift profile but not avatar-frame's 300×300.
        var pixels = [UInt8](repeating: 255, count: 32 * 32 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = UInt8(i / 4 % 32 * 8) }
        let png = try PNGEncoder.encode(Pixmap(width: 32, height: 32, premultipliedRGBA: pixels)!)
        let frame = RawFrame(alpha: 1, layout: RawLayout(width: 32, height: 32), transform: RawTransform(a: 1, d: 1, tx: 10, ty: 10))
        let movie = RawMovie(params: RawParams(viewBoxWidth: 400, viewBoxHeight: 400, fps: 20, frames: 4),
                             images: [RawImageEntry(key: "a", value: png)],
                             sprites: [RawSprite(imageKey: "a", frames: Array(repeating: frame, count: 4))])
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svga"), out = dir.appendingPathComponent("out.svga").path
        try Data(SVGAEncoder.encodeZlibProtobuf(movie)).write(to: input)
        #expect(try CLIRunner.run(["optimize", input.path, out]).status == 0)
        let strict = try CLIRunner.run(["optimize", input.path, out, "--profile", "avatar-frame"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("after FAIL"), "\(strict.stdout)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func forceWritesADownscaleBelowTheBoundAndExitsOne() throws {
        // Seeded noise in 8×8 blocks drawn at 1/8 (a block per canvas pixel), shrunk to half
        // that (--max-scale 0.5): one mipmap level too small averages the blocks away, far
        // below 45 dB. (Per-pixel noise would not do: at 1/8 every level is a flat mean.)
        var state: UInt64 = 7
        var blocks: [(UInt8, UInt8)] = []
        for _ in 0..<(16 * 16) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            blocks.append((UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48)))
        }
        var pixels = [UInt8](repeating: 255, count: 128 * 128 * 4)
        for y in 0..<128 {
            for x in 0..<128 {
                let block = blocks[(y / 8) * 16 + x / 8], i = (y * 128 + x) * 4
                pixels[i] = block.0; pixels[i + 1] = block.1
            }
        }
        let png = try PNGEncoder.encode(Pixmap(width: 128, height: 128, premultipliedRGBA: pixels)!)
        let frame = RawFrame(alpha: 1, layout: RawLayout(width: 128, height: 128), transform: RawTransform(a: 0.125, d: 0.125, tx: 10.3, ty: 10.6))
        let movie = RawMovie(params: RawParams(viewBoxWidth: 64, viewBoxHeight: 64, fps: 20, frames: 2),
                             images: [RawImageEntry(key: "noise", value: png)],
                             sprites: [RawSprite(imageKey: "noise", frames: [frame, frame])])
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svga"), out = dir.appendingPathComponent("out.svga").path
        try Data(SVGAEncoder.encodeZlibProtobuf(movie)).write(to: input)
        let plain = try CLIRunner.run(["optimize", input.path, out, "--max-scale", "0.5"])
        #expect(plain.status == 0, "the lossless steps pass: \(plain.stderr)")
        #expect(plain.stdout.contains("downscale refused"), "\(plain.stdout)")
        #expect(try SVGADecoder.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))).image(forKey: "noise")?.pixelWidth == 128)
        let forced = try CLIRunner.run(["optimize", input.path, out, "--max-scale", "0.5", "--force"])
        #expect(forced.status == 1)
        #expect(forced.stdout.contains("written despite frames below the bound (--force)"), "\(forced.stdout)")
        #expect(forced.stderr.contains("written anyway (--force)"), "\(forced.stderr)")
        #expect(try SVGADecoder.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))).image(forKey: "noise")?.pixelWidth == 8)
        // At the drawn size the stored image is the original's own level 3: nothing changes
        // under mipmapped sampling, and it is written.
        let exact = try CLIRunner.run(["optimize", input.path, out])
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(exact.stdout.contains("resized:       'noise' 128×128 → 16×16"), "\(exact.stdout)")
    }

    @Test func badInputAndUsage() throws {
        let garbage = try CLIRunner.run(["optimize", Self.sample("README.md"), "/tmp/never-written.svga"])
        #expect(garbage.status == 1)
        #expect(garbage.stderr.contains("README.md: optimize: decode: "), "\(garbage.stderr)")
        #expect(try CLIRunner.run(["optimize", Self.sample("gift.svga")]).status == 2, "OUT missing")
        #expect(try CLIRunner.run(["optimize", Self.sample("gift.svga"), "/tmp/x.svga", "--max-scale", "0"]).status == 2)
        #expect(try CLIRunner.run(["optimize", Self.sample("gift.svga"), "/tmp/x.svga", "--lossy=101"]).status == 2)
        #expect(try CLIRunner.run(["optimize", Self.sample("gift.svga"), "/tmp/x.svga", "--lossy=high"]).status == 2)
        #expect(try CLIRunner.run(["optimize", CLIRunner.repositoryRoot.appendingPathComponent("SampleAssets").path, "/tmp/x"]).status == 2,
                "a folder needs --out")
        #expect(try CLIRunner.run(["optimize", Self.sample("gift.svga"), "/tmp/x.svga", "--profile", "nope"]).status == 2)
        let missing = try CLIRunner.run(["optimize", "/nonexistent/a.svga", "/tmp/x.svga"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/a.svga"), "\(missing.stderr)")
    }

    @Test func convertsA1xFileTo2x() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("legacy.svga").path
        let result = try CLIRunner.run(["optimize", Self.sample("legacy-1x.svga"), out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("converted:     zip-spec (1.x) → zlib-protobuf (2.x)"), "\(result.stdout)")
        let (_, container) = try SVGADecoder.decodeRaw(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(container == .zlibProtobuf)
    }

    /// A folder: every .svga under it (sub-folders too) optimized to the same relative path,
    /// one report with totals; a file that does not decode is reported and fails the run
    /// (exit 1) without stopping the others.
    @Test func folderModeOptimizesEveryFileAndReportsTotals() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in"), output = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for (name, target) in [("gift.svga", "gift.svga"), ("legacy-1x.svga", "sub/legacy.svga"), ("matte.svga", "matte.svga")] {
            try FileManager.default.copyItem(atPath: Self.sample(name), toPath: input.appendingPathComponent(target).path)
        }
        try Data("not a movie".utf8).write(to: input.appendingPathComponent("broken.svga"))
        try Data("ignored".utf8).write(to: input.appendingPathComponent("notes.txt"))

        let result = try CLIRunner.run(["optimize", input.path, "--out", output.path, "--json", "--threads", "2"])
        #expect(result.status == 1, "the broken file fails the run: \(result.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.count == 4)
        #expect(files.compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
                == ["broken.svga", "gift.svga", "matte.svga", "legacy.svga"], "sorted by relative path")
        #expect((files[0]["error"] as? String)?.contains("optimize: decode:") == true, "\(files[0])")
        let total = try #require(doc["total"] as? [String: Any])
        #expect(total["files"] as? Int == 4 && total["written"] as? Int == 3 && total["failed"] as? Int == 1)
        let bytes = try #require(total["bytes"] as? [String: Int])
        #expect(bytes["after"]! < bytes["before"]!)
        for name in ["gift.svga", "matte.svga", "sub/legacy.svga"] {
            let written = try [UInt8](Data(contentsOf: output.appendingPathComponent(name)))
            #expect(try SVGADecoder.decodeRaw(written).1 == .zlibProtobuf, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("broken.svga").path))

        try FileManager.default.removeItem(at: input.appendingPathComponent("broken.svga"))
        let clean = try CLIRunner.run(["optimize", input.path, "--out", output.path])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("total: 3 files, 3 written, 0 refused by the proof, 0 failed"), "\(clean.stdout)")
        #expect(try CLIRunner.run(["optimize", input.path, "--out", input.path]).status == 2, "never over the originals")
    }
}
