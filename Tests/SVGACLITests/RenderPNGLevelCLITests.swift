import Foundation
import Testing

/// `svga render --png-level fast|default|max` (issue 8): every level writes the same pixels (only
/// size and time differ), `--fast-png` is `--png-level fast`, a bad level is a usage error, and
/// the summary says how many frames were reused.
struct RenderPNGLevelCLITests {
    static let sample = "SampleAssets/bitmaps.svga"

    func render(_ extra: [String], into dir: URL, file: String = sample) throws -> CLIRunner.Result {
        try CLIRunner.run(["render", file, "--out", dir.path, "--frames", "0-2"] + extra)
    }

    @Test func everyLevelWritesTheSamePixels() throws {
        let root = try CLIRunner.temporaryDirectory("png-levels")
        defer { try? FileManager.default.removeItem(at: root) }
        var sizes: [String: Int] = [:]
        for level in ["fast", "default", "max"] {
            let dir = root.appendingPathComponent(level)
            let result = try render(["--png-level", level], into: dir)
            #expect(result.status == 0, "\(level): \(result.stderr)")
            sizes[level] = try (0...2).reduce(0) { total, n in
                total + (try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(String(format: "frame_%04d.png", n)).path)[.size] as! Int)
            }
        }
        for level in ["default", "max"] {
            for n in 0...2 {
                let name = String(format: "frame_%04d.png", n)
                let diff = try CLIRunner.run(["diff", root.appendingPathComponent("fast/" + name).path,
                                              root.appendingPathComponent(level + "/" + name).path])
                #expect(diff.status == 0 && diff.stdout.contains("PSNR inf dB"), "\(level) \(name): \(diff.stdout)\(diff.stderr)")
            }
        }
        #expect(sizes["max"]! <= sizes["default"]! && sizes["default"]! <= sizes["fast"]!, "\(sizes)")
    }

    @Test func fastPNGIsAnAliasOfLevelFast() throws {
        let root = try CLIRunner.temporaryDirectory("fast-png")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try render(["--fast-png"], into: root.appendingPathComponent("a")).status == 0)
        #expect(try render(["--png-level", "fast"], into: root.appendingPathComponent("b")).status == 0)
        for n in 0...2 {
            let name = String(format: "frame_%04d.png", n)
            let a = try Data(contentsOf: root.appendingPathComponent("a/" + name))
            let b = try Data(contentsOf: root.appendingPathComponent("b/" + name))
            #expect(a == b, "\(name)")
        }
    }

    @Test(arguments: [["--png-level", "best"], ["--png-level", "max", "--fast-png"]])
    func badLevelIsAUsageError(_ extra: [String]) throws {
        let root = try CLIRunner.temporaryDirectory("bad-level")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try render(extra, into: root.appendingPathComponent("x"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("png-level"), "\(result.stderr)")
    }

    @Test func summarySaysHowManyFramesWereReused() throws {
        let root = try CLIRunner.temporaryDirectory("reused")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["render", "SampleAssets/audio.svga", "--out", root.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("identical to the frame before them (reused)"), "\(result.stdout)")
    }
}
