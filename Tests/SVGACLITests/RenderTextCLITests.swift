import Foundation
import Testing

/// `svga render --set-text` with names from real rooms (issue 9): CJK and emoji draw without a
/// warning; a character no installed font has still renders (exit 0) but says so on stderr, once
/// per key, with its code point; a bad `fit` in `--text-style` is a usage error.
struct RenderTextCLITests {
    static let gift = "SampleAssets/gift.svga"

    @Test func cjkAndEmojiNameRendersWithoutWarnings() throws {
        let dir = try CLIRunner.temporaryDirectory("text-cjk")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("f.png").path
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "20", "--out", out,
                                        "--set-text", "nickname=小明 Alice 🌹", "--text-style", #"nickname={"fit":"shrink","minSize":18}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func uncoveredCharacterIsOneWarningWithItsCodePoint() throws {
        let dir = try CLIRunner.temporaryDirectory("text-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "20", "--out", dir.appendingPathComponent("f.png").path,
                                        "--set-text", "nickname=Bob \u{10FFFD}\u{10FFFD} \u{0378}"])
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(result.stderr)")
        let line = String(warnings.first ?? "")
        #expect(line.contains("'nickname'") && line.contains("U+10FFFD") && line.contains("U+0378"), "\(line)")
    }

    @Test func unknownFitIsAUsageError() throws {
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "0", "--out", "/tmp/never.png",
                                        "--set-text", "nickname=Bob", "--text-style", #"nickname={"fit":"grow"}"#])
        #expect(result.status == 2)
        #expect(result.stderr.contains("fit"))
    }
}
