import Foundation
import Testing

/// `svga validate` and `svga preview` run as a pipeline would: the built binary, its stdout
/// (human lines or one JSON document) and its exit code (0 pass, 1 fail, 2 usage).
struct ValidateCLITests {
    static var corpusPresent: Bool { FileManager.default.fileExists(atPath: CLIRunner.corpus.appendingPathComponent("manifest.json").path) }
    static func corpusFile(_ name: String) -> String { CLIRunner.corpus.appendingPathComponent(name).path }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the corrupt corpus file fails with the zlib decode error", .enabled(if: corpusPresent, "needs ../shared/corpus"))
    func corruptFileExitsOne() throws {
        let result = try CLIRunner.run(["validate", Self.corpusFile("wear1.svga")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("wear1.svga: error decode.zlib: "), "\(result.stdout)")
        #expect(result.stdout.contains("wear1.svga: FAIL: 1 error"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("a good file passes; a corrupt one next to it does not stop it", .enabled(if: corpusPresent, "needs ../shared/corpus"))
    func mixedFiles() throws {
        let result = try CLIRunner.run(["validate", "--json", Self.corpusFile("matteRect.svga"), Self.corpusFile("wear1.svga")])
        #expect(result.status == 1)
        let doc = try Self.json(result.stdout)
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["ok"] as? Bool == true)
        #expect(files[1]["ok"] as? Bool == false)
        let finding = try #require((files[1]["findings"] as? [[String: Any]])?.first)
        #expect(finding["code"] as? String == "decode.zlib")
        #expect(finding["severity"] as? String == "error")
        for key in ["message", "sprite", "frame", "image", "value", "limit"] { #expect(finding.keys.contains(key), "\(key)") }
        let stats = try #require(files[0]["stats"] as? [String: Any])
        #expect(stats["frames"] as? Int == 30)
        #expect(stats["fps"] as? Int == 30)
        let summary = try #require(doc["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 1 && summary["failed"] as? Int == 1)
    }

    @Test("the whole corpus directory validates without a crash", .enabled(if: corpusPresent, "needs ../shared/corpus"))
    func corpusDirectory() throws {
        let result = try CLIRunner.run(["validate", "--json", CLIRunner.corpus.path])
        #expect(result.status == 1, "wear1 fails")
        let files = try #require(try Self.json(result.stdout)["files"] as? [[String: Any]])
        #expect(files.count == 77)
        let names = files.compactMap { ($0["file"] as? String).map { ($0 as NSString).lastPathComponent } }
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "sorted")
    }

    @Test func exitCodes() throws {
        let dir = try CLIRunner.temporaryDirectory("validate")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A tiny valid file: the writer's output for an empty 100 × 100 movie has no images, so it
        // is made here from the protobuf bytes directly (zlib stored block).
        let good = dir.appendingPathComponent("good.svga")
        try Data(Self.minimalMovie()).write(to: good)
        #expect(try CLIRunner.run(["validate", good.path]).status == 0)
        // --strict fails on warnings: the minimal movie is a 1.x-free file with no warnings, so
        // tighten a limit to make one, and check the plain run still passes.
        let rules = dir.appendingPathComponent("rules.json")
        try Data(#"{"limits": {"maxFileBytes": 1}, "severity": {"file.size": "warning"}}"#.utf8).write(to: rules)
        #expect(try CLIRunner.run(["validate", "--rules", rules.path, good.path]).status == 0)
        #expect(try CLIRunner.run(["validate", "--rules", rules.path, "--strict", good.path]).status == 1)
        // Usage errors: exit 2.
        #expect(try CLIRunner.run(["validate"]).status == 2)
        #expect(try CLIRunner.run(["validate", "--profile", "giant", good.path]).status == 2)
        #expect(try CLIRunner.run(["validate", "--frobnicate", good.path]).status == 2)
        let badRules = dir.appendingPathComponent("bad.json")
        try Data(#"{"limit": {}}"#.utf8).write(to: badRules)
        let bad = try CLIRunner.run(["validate", "--rules", badRules.path, good.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown key 'limit'"), "\(bad.stderr)")
        // A missing file is a failed check, not a usage error.
        #expect(try CLIRunner.run(["validate", dir.appendingPathComponent("nope.svga").path]).status == 1)
    }

    @Test func profileChangesTheVerdict() throws {
        let dir = try CLIRunner.temporaryDirectory("validate-profile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("wide.svga")
        try Data(Self.minimalMovie(width: 1000, height: 100)).write(to: file)
        #expect(try CLIRunner.run(["validate", file.path]).status == 0)
        let avatar = try CLIRunner.run(["validate", "--profile", "avatar-frame", file.path])
        #expect(avatar.status == 1)
        #expect(avatar.stdout.contains("error canvas.size"), "\(avatar.stdout)")
    }

    @Test func listRules() throws {
        let result = try CLIRunner.run(["validate", "--list-rules", "--profile", "avatar-frame"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("decode.zlib"))
        #expect(result.stdout.contains("maxCanvasWidth: 300"))
    }

    @Test("preview writes poster, sheet and APNG", .enabled(if: corpusPresent, "needs ../shared/corpus"))
    func preview() throws {
        let dir = try CLIRunner.temporaryDirectory("preview")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["preview", Self.corpusFile("matteRect.svga"), "--out", dir.path, "--max-size", "100"])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["poster.png", "sheet.png", "preview.png"] {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(name)")
        }
        #expect(result.stdout.contains("APNG, 30 frames at 30 fps, 100×100"), "\(result.stdout)")
        #expect(try CLIRunner.run(["preview", Self.corpusFile("matteRect.svga")]).status == 2, "--out is required")
    }

    /// MovieEntity {version "2.0.0", params {viewBox, fps 20, frames 10}} in a stored zlib
    /// block: a valid, empty animation with nothing to warn about.
    static func minimalMovie(width: Float = 100, height: Float = 100) -> [UInt8] {
        func float(_ field: UInt8, _ v: Float) -> [UInt8] {
            let bits = v.bitPattern
            return [field << 3 | 5, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
        }
        let params = float(1, width) + float(2, height) + [3 << 3, 20, 4 << 3, 10]
        let entity = [1 << 3 | 2, 5] + Array("2.0.0".utf8) + [2 << 3 | 2, UInt8(params.count)] + params
        let n = UInt16(entity.count)
        var out: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + entity
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in entity { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        out += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return out
    }
}
