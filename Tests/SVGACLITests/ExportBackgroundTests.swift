import Foundation
import Testing

/// `svga export --background COLOR` (issue 10): frames are composited over the colour before
/// encoding. Checked on raw output, which carries the exact pixels: with an opaque background,
/// every pixel is opaque, transparent pixels become the colour, opaque pixels keep theirs, and
/// translucent ones are the source-over of their own colour onto it (±1: the frame's straight
/// colour is itself rounded from premultiplied pixels).
struct ExportBackgroundTests {
    /// Raw straight RGBA of frame `n` of `file`, with extra export arguments.
    static func rawFrame(_ file: String, frame n: Int, _ extra: [String]) throws -> [UInt8] {
        let exe = try #require(CLIRunner.executable)
        let process = Process()
        process.executableURL = exe
        process.arguments = ["export", file, "-", "--frames", String(n), "--threads", "1"] + extra
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    @Test func framesAreCompositedOverTheBackground() throws {
        let file = "SampleAssets/bitmaps.svga"   // transparent background, translucent bitmaps
        let plain = try Self.rawFrame(file, frame: 6, [])
        let flat = try Self.rawFrame(file, frame: 6, ["--background", "#336699"])
        #expect(plain.count == flat.count && plain.count > 0)
        let bg: [Int] = [0x33, 0x66, 0x99]
        var transparent = 0, translucent = 0, worst = 0
        for i in stride(from: 0, to: min(plain.count, flat.count), by: 4) {
            let a = Int(plain[i + 3])
            #expect(flat[i + 3] == 255, "pixel \(i / 4) is not opaque")
            if a == 0 { transparent += 1 } else if a < 255 { translucent += 1 }
            for c in 0..<3 {
                let s = (Int(plain[i + c]) * a + 127) / 255
                let expected = s + (bg[c] * (255 - a) + 127) / 255
                let d = abs(Int(flat[i + c]) - expected)
                worst = max(worst, d)
                if a == 0 || a == 255 { #expect(d == 0, "pixel \(i / 4) channel \(c): \(flat[i + c]) vs \(expected)") }
            }
        }
        #expect(transparent > 0 && translucent > 0, "the frame should have transparent and translucent pixels")
        #expect(worst <= 1)
    }
}
