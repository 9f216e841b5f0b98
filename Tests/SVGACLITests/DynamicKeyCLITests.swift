import Foundation
import SVGATestSupport
import Testing

// Typos are errors: a dynamic-item option naming a key that SampleAssets/gift.svga does not
// have exits 2 and lists the keys it offers (as `svga info` shows them); so does a style, fit or
// mask for a key that gets no text or image.
struct DynamicKeyCLITests {
    static let gift = CLIRunner.repositoryRoot.appendingPathComponent("SampleAssets/gift.svga").path
    static let offered = "keys in this file: background, avatar, nickname, count, sparkle"

    @Test(arguments: [
        (["--set-text", "nickame=Ada"], "--set-text nickame"),
        (["--hide", "sparkel"], "--hide sparkel"),
        (["--set-text", "nickname=Ada", "--text-style", "nickname={}", "--set-text", "cont=3"], "--set-text cont"),
        (["--set-text", "banner=Ada", "--hide", "glow"], "--set-text banner, --hide glow"),
    ])
    func unknownKeyExits2WithTheKeyList(options: [String], named: String) throws {
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "0", "--out", "/tmp/never-written.png"] + options)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no sprite key for \(named);"), "\(result.stderr)")
        #expect(result.stderr.contains(Self.offered), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }

    /// The image file is read before the movie, so the typo test gives it a real image.
    @Test func unknownImageKeyExits2() throws {
        let dir = try CLIRunner.temporaryDirectory("keys")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("a.png")
        try Data(HookFixtures.solidPNG(width: 4, height: 4, r: 9, g: 9, b: 9)).write(to: png)
        for options in [["--set-image", "avtar=\(png.path)"], ["--set-image", "avatar=\(png.path)", "--image-fit", "avatar=stretch", "--image-mask", "avtar=circle"]] {
            let result = try CLIRunner.run(["render", Self.gift, "--frame", "0", "--out", dir.appendingPathComponent("o.png").path] + options)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains(Self.offered), "\(result.stderr)")
        }
    }

    @Test(arguments: [
        (["--text-style", "nickname={\"size\": 20}"], "--text-style nickname: no --set-text nickname=… to apply it to"),
        (["--set-text", "count=x3", "--text-style", "nickname={}"], "--text-style nickname: no --set-text nickname=…"),
        (["--image-fit", "avatar=stretch"], "--image-fit avatar: no --set-image avatar=…"),
        (["--image-mask", "avatar=circle"], "--image-mask avatar: no --set-image avatar=…"),
    ])
    func optionWithoutItsTargetExits2(options: [String], message: String) throws {
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "0", "--out", "/tmp/never-written.png"] + options)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func knownKeysStillRender() throws {
        let dir = try CLIRunner.temporaryDirectory("keys-ok")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("f.png").path
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "20", "--out", out, "--set-text", "nickname=Ada",
                                        "--text-style", "nickname={\"size\": 30}", "--hide", "sparkle"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }
}
