import Foundation
import SVGAHook
import SVGAKit
import SVGARaster
import SVGATestSupport
import Testing

// The hook end to end over one stream: a combo, a duplicate, a malformed line, an unknown gift,
// a corrupt resource, a non-SVGA resource, a missing resource, an avatar that is not an image,
// and a plain event. Checks the status lines, the folders, the manifests, the personalised
// pixels, and that replaying the stream renders nothing twice.
@Suite struct HookTests {
    let world: HookTestWorld
    let processor: HookProcessor

    static let lines: [String] = [
        HookFixtures.eventLine(id: "e1", count: 1, user: "u1", name: "Alice", avatar: "AVATAR"),
        HookFixtures.eventLine(id: "e2", count: 2, user: "u1", name: "Alice", avatar: "AVATAR"),
        #"{"eventID": "broken", "liveID": "#,
        HookFixtures.eventLine(id: "e3", gift: "tulip"),
        HookFixtures.eventLine(id: "e4", gift: "corrupt"),
        HookFixtures.eventLine(id: "e5", gift: "icon"),
        HookFixtures.eventLine(id: "e6", user: "u2", avatar: "NOTIMAGE"),
        HookFixtures.eventLine(id: "e1", count: 1, user: "u1", name: "Alice", avatar: "AVATAR"),
        HookFixtures.eventLine(id: "e7", gift: "gone"),
        "",
        HookFixtures.eventLine(id: "e8", user: "u3", name: "Carol"),
    ]

    init() throws {
        world = try HookTestWorld("stream")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 3))
        // A zlib header followed by garbage: looks like an SVGA, does not decode.
        let corrupt = try world.asset("corrupt.svga", [0x78, 0x9C] + Array("definitely not deflate data".utf8))
        try world.asset("icon.png", HookFixtures.solidPNG(width: 4, height: 4, r: 9, g: 9, b: 9))
        let catalog = try world.catalog([("rose", gift), ("corrupt", corrupt), ("icon", "assets/icon.png"),
                                         ("gone", world.assets.appendingPathComponent("nope.svga").path)])
        processor = try world.processor(catalog)
    }

    func resolvedLines() throws -> [String] {
        let avatar = try world.asset("avatar.png", HookFixtures.solidPNG(width: 16, height: 16, r: 255, g: 0, b: 0))
        let notImage = try world.asset("avatar.txt", Array("hello, I am text".utf8))
        return HookTests.lines.map { $0.replacingOccurrences(of: "AVATAR", with: avatar).replacingOccurrences(of: "NOTIMAGE", with: notImage) }
    }

    @Test func statusLines() throws {
        let statuses = world.run(processor, try resolvedLines())
        // Ten events and one malformed line; the blank line gives nothing.
        #expect(statuses.count == 10)
        // Answered at once: the malformed line, the duplicate of the pending e1.
        #expect(statuses[0].eventID == nil && statuses[0].status == .error)
        #expect(statuses[0].reason?.contains("line 3: malformed JSON") == true)
        #expect(statuses[1].eventID == "e1" && statuses[1].status == .skipped)
        #expect(statuses[1].reason?.contains("duplicate") == true)
        // Then the combos, in arrival order.
        #expect(statuses.dropFirst(2).map { $0.eventID ?? "-" } == ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"])
        let e1 = try #require(Array(statuses.dropFirst(2)).status("e1"))
        #expect(e1.status == .rendered && e1.frames == 3 && e1.primary == "e1" && e1.reason == nil)
        let e2 = try #require(statuses.status("e2"))
        #expect(e2.status == .rendered && e2.primary == "e1" && e2.reason == "merged into combo e1")
        let expectations: [(String, HookStatus.Status, String)] = [
            ("e3", .error, "unknown gift 'tulip'"),
            ("e4", .error, "is not a valid SVGA"),
            ("e5", .skipped, "PNG image, not an SVGA"),
            ("e7", .error, "no such file"),
        ]
        for (id, status, reason) in expectations {
            let s = try #require(statuses.status(id))
            #expect(s.status == status, "\(id)")
            #expect(s.reason?.contains(reason) == true, "\(id): \(s.reason ?? "nil")")
            #expect(s.frames == nil && s.primary == nil, "\(id)")
        }
        // The text avatar does not drop the gift: rendered with the animation's own image.
        let e6 = try #require(statuses.status("e6"))
        #expect(e6.status == .rendered && e6.frames == 3 && e6.reason == nil)
        #expect(e6.warnings.count == 1 && e6.warnings[0].contains("is unrecognised data, not a PNG, JPEG or WebP image"), "\(e6.warnings)")
        let e8 = try #require(statuses.status("e8"))
        #expect(e8.status == .rendered && e8.frames == 3 && e8.primary == nil)
        // The line shape: always the five keys, in order.
        #expect(e8.line.hasPrefix(#"{"eventID":"e8","status":"rendered","reason":null,"frames":3,"ms":"#))
        // The rose animation was decoded once for three renderings; the icon never.
        #expect(processor.animations.decodeCount == 2)
    }

    @Test func foldersAndManifests() throws {
        _ = world.run(processor, try resolvedLines())
        let room = world.out.appendingPathComponent("room1")
        #expect(world.entries(room) == [".merged-index", "e1", "e6", "e8"])
        #expect(world.entries(room.appendingPathComponent("e1")) == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
        let m = try world.manifest("room1", "e1")
        #expect(m["mergedEventIDs"] == .array([.string("e1"), .string("e2")]))
        #expect(m["event"]?["count"] == .int(3))
        #expect(m["event"]?["sender"]?["userName"] == .string("Alice"))
        #expect(m["gift"]?["giftID"] == .string("rose"))
        #expect(m["frames"] == .int(3) && m["fps"] == .int(10) && m["durationMs"] == .int(300))
        #expect(m["width"] == .int(40) && m["height"] == .int(40))
        #expect(m["files"] == .array([.string("frame_0000.png"), .string("frame_0001.png"), .string("frame_0002.png")]))
        #expect(m["renderMs"]?.intValue != nil)
        #expect(m["resourceSHA256"]?.stringValue?.count == 64)
    }

    @Test func slotsArePersonalised() throws {
        _ = world.run(processor, try resolvedLines())
        // The avatar slot is 20 × 20 at (10, 0): its centre shows the red avatar (e1) or the
        // animation's own blue bitmap (e8, no avatarURL); its corner is outside the circle mask.
        let withAvatar = try world.frame("room1", "e1", 0)
        #expect(withAvatar.hookPixel(20, 10) == [255, 0, 0, 255])
        #expect(withAvatar.hookPixel(10, 0)[3] == 0)
        let withoutAvatar = try world.frame("room1", "e8", 0)
        #expect(withoutAvatar.hookPixel(20, 10) == [0, 0, 255, 255])
        // Name (y 22..<32) and count (y 32..<40) are drawn (white, antialiased: any coverage
        // counts, the glyphs are only ~5 px tall); without text those rows are empty.
        func inked(_ p: Pixmap, rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<p.width).filter { p.hookPixel($0, y)[3] > 0 }.count }
        }
        #expect(inked(withAvatar, rows: 22..<32) > 20)
        #expect(inked(withAvatar, rows: 32..<40) > 10)
        #expect(withAvatar.hookPixel(0, 39)[3] == 0)
    }

    @Test func replayRendersNothingTwice() throws {
        let lines = try resolvedLines()
        _ = world.run(processor, lines)
        let before = try FileManager.default.contentsOfDirectory(atPath: world.out.appendingPathComponent("room1").path).sorted()
        // A new processor: a restart, nothing in memory.
        let replay = try world.processor(processor.catalog)
        let statuses = world.run(replay, lines)
        for id in ["e1", "e2", "e8"] {
            let s = statuses.filter { $0.eventID == id }
            #expect(!s.isEmpty && s.allSatisfy { $0.status == .skipped }, "\(id)")
            #expect(s.allSatisfy { $0.reason?.hasPrefix("already rendered") == true }, "\(id)")
        }
        #expect(statuses.status("e2")?.reason == "already rendered (merged into e1)")
        #expect(statuses.status("e3")?.status == .error)
        #expect(try FileManager.default.contentsOfDirectory(atPath: world.out.appendingPathComponent("room1").path).sorted() == before)
    }
}
