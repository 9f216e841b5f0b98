import Foundation
import SVGATestSupport
import Testing

/// A catalog gift with `"svga.export"` / `"svga.frames"` in its extensionInfo: the hook writes the
/// exports into the event's folder, lists them in the manifest, and leaves the PNG frames out
/// when asked; a malformed request is an event error naming the key.
struct HookExportCLITests {
    @Test func exportsBesideOrInsteadOfFrames() throws {
        guard ExportTools.ffmpegPresent("hook exports") else { return }
        let dir = try CLIRunner.temporaryDirectory("hook-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(HookFixtures.giftSVGA(frames: 4)).write(to: dir.appendingPathComponent("gift.svga"))
        let catalog = #"""
        {"code": 0, "data": {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [
          {"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga",
           "extensionInfo": {"svga.export": ["webm", "webp"]}},
          {"giftID": "lily", "name": "Lily", "resourceURL": "gift.svga",
           "extensionInfo": {"svga.export": ["apng"], "svga.frames": false}},
          {"giftID": "iris", "name": "Iris", "resourceURL": "gift.svga",
           "extensionInfo": {"svga.export": ["avi"]}}]}]}}
        """#
        let catalogPath = dir.appendingPathComponent("catalog.json")
        try Data(catalog.utf8).write(to: catalogPath)
        let events = dir.appendingPathComponent("events.jsonl")
        try Data([HookFixtures.eventLine(id: "e1", gift: "rose"), HookFixtures.eventLine(id: "e2", gift: "lily", user: "u2"),
                  HookFixtures.eventLine(id: "e3", gift: "iris", user: "u3")].joined(separator: "\n").utf8).write(to: events)
        let out = dir.appendingPathComponent("out").path
        let r = try ExportTools.svga(["hook", "--catalog", catalogPath.path, "--out", out, "--events", events.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.map { $0["status"] as? String } == ["rendered", "rendered", "error"], "\(lines)")
        #expect((lines.last?["reason"] as? String)?.contains("svga.export") == true)

        func manifest(_ id: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/room1/\(id)/manifest.json"))) as? [String: Any])
        }
        let rose = try manifest("e1")
        #expect(rose["exports"] as? [String] == ["animation.webm", "animation.webp"])
        #expect((rose["files"] as? [String])?.count == 4)
        for name in ["animation.webm", "animation.webp", "frame_0000.png"] {
            #expect(FileManager.default.fileExists(atPath: out + "/room1/e1/" + name), "\(name)")
        }
        let stream = try #require((try ExportTools.probe(out + "/room1/e1/animation.webm")["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "vp9")
        let lily = try manifest("e2")
        #expect(lily["exports"] as? [String] == ["animation.apng"] && (lily["files"] as? [String])?.isEmpty == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: out + "/room1/e2").sorted()
        #expect(names == ["animation.apng", "manifest.json"])
    }
}
