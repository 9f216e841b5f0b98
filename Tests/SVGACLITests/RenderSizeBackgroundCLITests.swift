import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGATestSupport
import SVGAWriter
import Testing

/// `render --width W / --height H` (keeping the aspect; both: fit inside W×H; with --scale: a
/// usage error) and `render --background COLOR`, which is export's composite: the same pixels.
struct RenderSizeBackgroundCLITests {
    /// A 300 × 120 canvas (aspect 2.5) with one opaque bitmap sprite, written to `dir`.
    static func wideFile(in dir: URL) throws -> String {
        let frame = RawFrame(alpha: 1, layout: RawLayout(x: 0, y: 0, width: 8, height: 8),
                             transform: RawTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 10))
        let movie = RawMovie(version: "2.0.0", params: RawParams(viewBoxWidth: 300, viewBoxHeight: 120, fps: 10, frames: 2),
                             images: [RawImageEntry(key: "dot", value: HookFixtures.solidPNG(width: 8, height: 8, r: 255, g: 0, b: 0))],
                             sprites: [RawSprite(imageKey: "dot", frames: [frame, frame])])
        let path = dir.appendingPathComponent("wide.svga")
        try Data(SVGAEncoder.encodeZlibProtobuf(movie)).write(to: path)
        return path.path
    }

    static func png(_ path: String) throws -> Pixmap { try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) }

    @Test(arguments: [
        (["--width", "150"], 150, 60),
        (["--height", "60"], 150, 60),
        (["--width", "100"], 100, 40),
        (["--height", "50"], 125, 50),
        (["--width", "7"], 7, 3),          // 2.8 rounds up: the canvas is ceil(extent × scale)
        (["--width", "150", "--height", "100"], 150, 60),   // the width binds
        (["--width", "600", "--height", "30"], 75, 30),     // the height binds
        (["--scale", "0.5"], 150, 60),
    ])
    func sizeKeepsTheAspect(_ options: [String], _ width: Int, _ height: Int) throws {
        let dir = try CLIRunner.temporaryDirectory("render-size")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.wideFile(in: dir)
        let one = dir.appendingPathComponent("one.png").path
        let r = try CLIRunner.run(["render", file, "--frame", "0", "--out", one] + options)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(": \(width)×\(height) → "), "\(r.stdout)")
        let image = try Self.png(one)
        #expect(image.width == width && image.height == height)
        // A sequence takes the same options.
        let seq = try CLIRunner.run(["render", file, "--out", dir.appendingPathComponent("seq").path, "--json"] + options)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(seq.stdout.utf8)) as? [String: Any])
        #expect(summary["width"] as? Int == width && summary["height"] as? Int == height)
    }

    @Test(arguments: [
        (["--scale", "2", "--width", "10"], "svga: use --scale or --width/--height, not both"),
        (["--height", "10", "--scale", "2"], "svga: use --scale or --width/--height, not both"),
        (["--width", "0"], "svga: --width must be an integer ≥ 1, not '0'"),
        (["--height", "tall"], "svga: --height must be an integer ≥ 1, not 'tall'"),
        (["--background", "#12345"], "svga: --background must be #RGB, #RRGGBB, #RRGGBBAA or one of black, white, grey, gray, red, green, blue, transparent, not '#12345'"),
        (["--background", "+12345"], "svga: --background must be #RGB"),
        (["--background", "#GGG"], "svga: --background must be #RGB"),
    ])
    func badSizeOrColourIsAUsageError(_ options: [String], _ message: String) throws {
        let dir = try CLIRunner.temporaryDirectory("render-size-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        for out in [["--frame", "0", "--out", dir.appendingPathComponent("a.png").path], ["--out", dir.appendingPathComponent("seq").path]] {
            let r = try CLIRunner.run(["render", "SampleAssets/bitmaps.svga"] + out + options)
            #expect(r.status == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
        }
        // Export shares the parser, so it says the same.
        let e = try CLIRunner.run(["export", "SampleAssets/bitmaps.svga", dir.appendingPathComponent("a.webp").path] + options)
        #expect(e.status == 2 && e.stderr.hasPrefix(message), "\(e.stderr)")
    }

    @Test func aWidthOverThePixelLimitSaysTheSizeAndTheLimit() throws {
        let r = try CLIRunner.run(["render", "SampleAssets/bitmaps.svga", "--frame", "0", "--out", "/tmp/never.png", "--width", "20000"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("would be 20000×20000 = 400000000 pixels, over the limit of 67108864 pixels (lower --scale, --width or --height)"),
                "\(r.stderr)")
    }

    /// Render's PNG and export's raw frame of the same frame over the same colour are the same
    /// pixels (one composite), and the composite is source-over onto the colour.
    @Test(arguments: ["#336699", "#369", "white", "#33669980"])
    func backgroundIsExportsComposite(_ colour: String) throws {
        let dir = try CLIRunner.temporaryDirectory("render-background")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = "SampleAssets/bitmaps.svga"   // transparent background, translucent bitmaps
        let out = dir.appendingPathComponent("bg.png").path, plainOut = dir.appendingPathComponent("plain.png").path
        let r = try CLIRunner.run(["render", file, "--frame", "6", "--out", out, "--background", colour])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CLIRunner.run(["render", file, "--frame", "6", "--out", plainOut]).status == 0)
        let flat = try Self.png(out), plain = try Self.png(plainOut)
        let raw = try ExportBackgroundTests.rawFrame(file, frame: 6, ["--background", colour])
        let expectedBackground: [Int] = switch colour {
        case "#336699", "#369": [0x33, 0x66, 0x99, 255]
        case "white": [255, 255, 255, 255]
        default: [0x33, 0x66, 0x99, 0x80]
        }
        if expectedBackground[3] == 255 {
            // Opaque: the PNG's straight pixels are exactly export's raw bytes.
            #expect(flat.straightRGBA() == raw)
        }
        // Premultiplied source-over: out = src + bg × (255 − src alpha) / 255, ±1 for rounding.
        let bgA = expectedBackground[3]
        let bg = expectedBackground.prefix(3).map { ($0 * bgA + 127) / 255 } + [bgA]
        var worst = 0, transparent = 0
        for i in stride(from: 0, to: plain.data.count, by: 4) {
            let a = Int(plain.data[i + 3])
            if a == 0 { transparent += 1 }
            for c in 0..<4 {
                let expected = Int(plain.data[i + c]) + (bg[c] * (255 - a) + 127) / 255
                worst = max(worst, abs(Int(flat.data[i + c]) - expected))
            }
        }
        #expect(transparent > 0)
        #expect(worst <= 1, "largest difference from source-over: \(worst)")
    }
}
