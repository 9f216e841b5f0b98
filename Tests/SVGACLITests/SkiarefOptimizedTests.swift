import Foundation
import Testing

/// The optimized conformance files read by an independent reader (issue 11):
/// `scripts/skiaref_optimized.py` optimizes each file with the built `svga`, renders the result
/// with `../shared/tools/skiaref` (skia-python, its own decoder) and with `svga render`, and
/// holds every frame to ≥ 40 dB. Runs when python3 can import skia; otherwise it says why it
/// did not run (`pip install skia-python numpy pillow`). The test takes a dozen files that cover
/// each step (downscaled, deduplicated, converted 1.x and 1.5 files, mattes, clips, dropped
/// sprites); the script alone runs all conformance files (README gives those figures).
struct SkiarefOptimizedTests {
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let files = ["golds1", "2", "3", "Castle", "custom_head_marquee", "room_big_gift_level4", "matteBitmap_1.x",
                        "posche_android", "rose_1.5.0", "mutiMatte", "clippath", "banner", "EmptyState"]

    @Test func optimizedConformanceFilesRenderAlikeInSkiaref() throws {
        guard FileManager.default.fileExists(atPath: CLIRunner.shared.appendingPathComponent("tools/skiaref/render.py").path),
              FileManager.default.fileExists(atPath: CLIRunner.shared.appendingPathComponent("conformance").path) else {
            print("SkiarefOptimizedTests: SKIPPED: ../shared/tools/skiaref or ../shared/conformance is missing")
            return
        }
        guard (try? Self.python(["-c", "import skia, numpy, PIL"]))?.status == 0 else {
            print("SkiarefOptimizedTests: SKIPPED: python3 cannot import skia-python, numpy and pillow (pip install skia-python numpy pillow)")
            return
        }
        let svga = try #require(CLIRunner.executable, "svga executable not built")
        let work = try CLIRunner.temporaryDirectory("skiaref-optimized")
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try Self.python(["scripts/skiaref_optimized.py", "--svga", svga.path, "--out", work.path, "--only"] + Self.files)
        print(run.output.split(separator: "\n").filter { !$0.contains("ms/frame") }.joined(separator: "\n"))
        #expect(run.status == 0, "a file renders differently in skiaref: \(run.output.suffix(2000))")
        #expect(run.output.contains("skiaref cross-check:"), "\(run.output.suffix(2000))")
    }
}
