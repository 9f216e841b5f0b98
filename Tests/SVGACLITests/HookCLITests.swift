import Foundation
import SVGATestSupport
import Testing

// `svga hook` as a user runs it: the built binary over an events file, stdin and a spool, with
// the status lines on stdout and the exit codes (0 processed, even with event errors; 2 usage;
// 1 unreadable catalog).
struct HookCLITests {
    let dir: URL
    let catalog: String
    let out: String

    init() throws {
        dir = try CLIRunner.temporaryDirectory("hook")
        try Data(HookFixtures.giftSVGA(frames: 2)).write(to: dir.appendingPathComponent("gift.svga"))
        let text = #"""
        {"code": 0, "data": {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [
          {"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga", "coins": 1,
           "extensionInfo": "{\"svga.nameKey\": \"nickname\", \"svga.countKey\": \"count\"}"}]}]}}
        """#
        catalog = dir.appendingPathComponent("catalog.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: catalog))
        out = dir.appendingPathComponent("out").path
    }

    func statuses(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
    }

    func summary(_ lines: [[String: Any]]) -> [String] {
        lines.map { "\($0["eventID"] as? String ?? "-"):\($0["status"] as? String ?? "?")" }
    }

    @Test func eventsFileThenReplay() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let events = dir.appendingPathComponent("events.jsonl")
        let lines = [
            HookFixtures.eventLine(id: "c1", count: 2, user: "u1"),
            HookFixtures.eventLine(id: "c2", count: 5, user: "u1"),
            "this is not json",
            HookFixtures.eventLine(id: "x1", gift: "tulip"),
            HookFixtures.eventLine(id: "s1", user: "u2", name: "Zed"),
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: events)
        let first = try CLIRunner.run(["hook", "--catalog", catalog, "--out", out, "--events", events.path])
        #expect(first.status == 0, "\(first.stderr)")
        let statuses = try self.statuses(first.stdout)
        #expect(summary(statuses) == ["-:error", "c1:rendered", "c2:rendered", "x1:error", "s1:rendered"])
        #expect((statuses[0]["reason"] as? String)?.hasPrefix("line 3: malformed JSON") == true)
        #expect(statuses[1]["primary"] as? String == "c1" && statuses[2]["primary"] as? String == "c1")
        #expect(statuses[1]["frames"] as? Int == 2)
        #expect(statuses[3]["reason"] as? String == "unknown gift 'tulip'")
        let manifest = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: out + "/room1/c1/manifest.json"))) as? [String: Any])
        #expect(manifest["mergedEventIDs"] as? [String] == ["c1", "c2"])
        #expect((manifest["event"] as? [String: Any])?["count"] as? Int == 7)
        #expect(FileManager.default.fileExists(atPath: out + "/room1/s1/frame_0001.png"))
        #expect(!FileManager.default.fileExists(atPath: out + "/room1/c2"))

        let replay = try CLIRunner.run(["hook", "--catalog", catalog, "--out", out, "--events", events.path])
        #expect(replay.status == 0)
        // Already-rendered events are answered as they arrive; the unknown gift waits for its
        // combo window like any event, so it comes last.
        #expect(summary(try self.statuses(replay.stdout)) == ["c1:skipped", "c2:skipped", "-:error", "s1:skipped", "x1:error"])
    }

    @Test func stdinWithoutCombos() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = [HookFixtures.eventLine(id: "a", user: "u"), HookFixtures.eventLine(id: "b", user: "u")].joined(separator: "\n") + "\n"
        let result = try CLIRunner.run(["hook", "--catalog", catalog, "--out", out, "--events", "-", "--combo-window", "0"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let statuses = try self.statuses(result.stdout)
        #expect(summary(statuses) == ["a:rendered", "b:rendered"])
        #expect(statuses.allSatisfy { $0["primary"] == nil })
    }

    @Test func spoolOnce() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let spool = dir.appendingPathComponent("spool")
        try FileManager.default.createDirectory(at: spool.appendingPathComponent("incoming"), withIntermediateDirectories: true)
        try Data(HookFixtures.eventLine(id: "q1").utf8).write(to: spool.appendingPathComponent("incoming/a.json"))
        let result = try CLIRunner.run(["hook", "--catalog", catalog, "--out", out, "--spool", spool.path, "--once"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(summary(try statuses(result.stdout)) == ["q1:rendered"])
        #expect(FileManager.default.fileExists(atPath: spool.appendingPathComponent("done/a.json").path))
        #expect(FileManager.default.fileExists(atPath: out + "/room1/q1/manifest.json"))
    }

    @Test(arguments: [
        (["hook", "--out", "/tmp/x"], "--catalog"),
        (["hook", "--catalog", "c.json"], "--out"),
        (["hook", "--catalog", "c.json", "--out", "o", "--combo-window", "soon"], "--combo-window"),
        (["hook", "--catalog", "c.json", "--out", "o", "--events", "e", "--spool", "s"], "not both"),
        (["hook", "--catalog", "c.json", "--out", "o", "--bogus"], "unknown option"),
    ])
    func usageErrorsExit2(arguments: [String], message: String) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func unreadableCatalogExits1() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.json").path
        let result = try CLIRunner.run(["hook", "--catalog", missing, "--out", out, "--events", "-"], stdin: "")
        #expect(result.status == 1)
        #expect(result.stderr.contains(missing))
        let broken = dir.appendingPathComponent("broken.json")
        try Data("{not json".utf8).write(to: broken)
        let second = try CLIRunner.run(["hook", "--catalog", broken.path, "--out", out, "--events", "-"], stdin: "")
        #expect(second.status == 1)
        #expect(second.stderr.contains("not valid JSON"))
    }

    /// A slot key the animation lacks is reported on stderr when the catalog is loaded and as a
    /// warning on each event; an avatar that is not an image still gives frames, with a warning.
    @Test func slotKeyTypoAndBadAvatarAreWarnings() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let typo = dir.appendingPathComponent("typo.json")
        try Data(#"""
        [{"giftID": "rose", "resourceURL": "gift.svga",
          "extensionInfo": {"svga.avatarKey": "avatar", "svga.nameKey": "nicknme"}}]
        """#.utf8).write(to: typo)
        let avatar = dir.appendingPathComponent("avatar.jpg")
        try Data("<html>not found</html>".utf8).write(to: avatar)
        let result = try CLIRunner.run(["hook", "--catalog", typo.path, "--out", out, "--events", "-", "--combo-window", "0"],
                                       stdin: HookFixtures.eventLine(id: "t1", avatar: avatar.path) + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("svga: \(typo.path): warning: gift 'rose': extensionInfo.svga.nameKey 'nicknme' names no sprite of"),
                "\(result.stderr)")
        #expect(result.stderr.contains("(keys: avatar, nickname, count)"), "\(result.stderr)")
        let line = try #require(try statuses(result.stdout).first)
        #expect(line["status"] as? String == "rendered" && line["frames"] as? Int == 2, "\(result.stdout)")
        let warnings = try #require(line["warnings"] as? [String], "\(result.stdout)")
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("svga.nameKey 'nicknme' names no sprite") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("is HTML/XML text, not a PNG, JPEG or WebP image; the animation's own image is shown") },
                "\(warnings)")
        #expect(FileManager.default.fileExists(atPath: out + "/room1/t1/frame_0001.png"))
    }
}
