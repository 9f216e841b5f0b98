import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// One bad avatar never drops a gift: a 404, an HTML page, a corrupt JPEG each still give
// rendered frames, with the animation's own image (the fixture's blue bitmap) or the catalog's
// `svga.avatarFallback` in the slot and a warning naming the reason on the status line and in
// the manifest. JPEG and WebP avatars are used like PNG ones. A combo keeps the first sender's
// avatar and lists every event's sender in the manifest. A slot key the animation lacks is a
// warning per event and a problem reported when the catalog is loaded.
//
// The fixture's avatar slot is 20 × 20 at (10, 0), circle-masked: its centre (20, 10) shows
// the avatar; lossy formats are compared with a tolerance of 8 levels.
struct HookAvatarFallbackTests {
    let world: HookTestWorld
    let server: HookHTTPServer
    static let own: [UInt8] = [0, 0, 255, 255]   // the animation's own avatar bitmap

    static let jpegRed: [UInt8] = try! ImageFixtures.jpeg(width: 16, height: 16, rgba: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 256).joined()))
    static let webpGreen: [UInt8] = try! ImageFixtures.webp(width: 16, height: 16, rgba: Array([[UInt8]](repeating: [0, 255, 0, 255], count: 256).joined()), lossless: false)

    init() throws {
        world = try HookTestWorld("avatar-fallback")
        let busy = (0 ..< 32 * 32 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let jpeg = try ImageFixtures.jpeg(width: 32, height: 32, rgba: busy)
        server = try HookHTTPServer(routes: [
            "/a/red.jpg": .init(body: Self.jpegRed),
            "/a/green.webp": .init(body: Self.webpGreen),
            "/a/page.png": .init(body: Array("<!doctype html><html><body>login</body></html>".utf8)),
            "/a/cut.jpg": .init(body: Array(jpeg.prefix(jpeg.count - jpeg.count / 4))),
        ])
        try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 2))
        try world.asset("default.png", HookFixtures.solidPNG(width: 8, height: 8, r: 255, g: 255, b: 0))
    }

    /// A catalog in the assets folder (relative paths resolve there) with these gifts:
    /// (giftID, extensionInfo JSON).
    func catalog(_ gifts: [(String, String)]) throws -> GiftCatalog {
        let list = gifts.map { #"{"giftID": "\#($0.0)", "resourceURL": "gift.svga", "extensionInfo": \#($0.1)}"# }
        let path = world.assets.appendingPathComponent("catalog.json")
        try Data(#"{"categories": [{"categoryID": 1, "giftList": [\#(list.joined(separator: ","))]}]}"#.utf8).write(to: path)
        return try GiftCatalog.load(path: path.path)
    }

    static func close(_ pixel: [UInt8], _ expected: [UInt8], tolerance: Int = 8) -> Bool {
        zip(pixel, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test func badAvatarsRenderWithAWarning() throws {
        defer { server.stop() }
        let processor = try world.processor(try catalog([("rose", HookFixtures.slotInfo)]), window: 0)
        let base = server.baseURL
        let statuses = world.run(processor, [
            HookFixtures.eventLine(id: "missing", user: "u1", avatar: base + "/a/gone.png"),
            HookFixtures.eventLine(id: "html", user: "u2", avatar: base + "/a/page.png"),
            HookFixtures.eventLine(id: "cut", user: "u3", avatar: base + "/a/cut.jpg"),
            HookFixtures.eventLine(id: "jpeg", user: "u4", avatar: base + "/a/red.jpg"),
            HookFixtures.eventLine(id: "webp", user: "u5", avatar: base + "/a/green.webp"),
        ])
        #expect(statuses.map(\.status) == Array(repeating: .rendered, count: 5), "\(statuses.map(\.line))")
        let reasons: [(String, String)] = [
            ("missing", "HTTP status 404"),
            ("html", "is HTML/XML text, not a PNG, JPEG or WebP image"),
            ("cut", "cannot be decoded: jpeg: decode failed: "),
        ]
        for (id, reason) in reasons {
            let s = try #require(statuses.status(id))
            #expect(s.frames == 2 && s.reason == nil, "\(s.line)")
            #expect(s.warnings.count == 1 && s.warnings[0].hasPrefix("avatar not used: "), "\(s.line)")
            #expect(s.warnings[0].contains(reason) && s.warnings[0].hasSuffix("; the animation's own image is shown"), "\(s.line)")
            #expect(s.line.contains(#""warnings":["avatar not used: "#), "\(s.line)")
            #expect(try world.manifest("room1", id)["warnings"] == .array(s.warnings.map(JSONValue.string)))
            #expect(try world.frame("room1", id, 0).hookPixel(20, 10) == Self.own, "\(id)")
        }
        for (id, colour) in [("jpeg", [255, 0, 0, 255] as [UInt8]), ("webp", [0, 255, 0, 255])] {
            let s = try #require(statuses.status(id))
            #expect(s.warnings.isEmpty && !s.line.contains("warnings"), "\(s.line)")
            #expect(try world.manifest("room1", id)["warnings"] == .array([]))
            let pixel = try world.frame("room1", id, 0).hookPixel(20, 10)
            #expect(Self.close(pixel, colour), "\(id): \(pixel)")
        }
    }

    @Test func catalogFallbackFillsTheSlot() throws {
        defer { server.stop() }
        let info = #"{"svga.avatarKey": "avatar", "svga.nameKey": "nickname", "svga.avatarFallback": "default.png"}"#
        let processor = try world.processor(try catalog([("rose", info)]), window: 0)
        let statuses = world.run(processor, [
            HookFixtures.eventLine(id: "bad", user: "u1", avatar: server.baseURL + "/a/page.png"),
            HookFixtures.eventLine(id: "none", user: "u2"),
            HookFixtures.eventLine(id: "good", user: "u3", avatar: server.baseURL + "/a/red.jpg"),
        ])
        #expect(statuses.map(\.status) == [.rendered, .rendered, .rendered])
        let bad = try #require(statuses.status("bad"))
        #expect(bad.warnings.count == 1 && bad.warnings[0].hasSuffix("; svga.avatarFallback is shown"), "\(bad.line)")
        #expect(try world.frame("room1", "bad", 0).hookPixel(20, 10) == [255, 255, 0, 255])
        // A sender without an avatar gets the fallback too, without a warning.
        #expect(try #require(statuses.status("none")).warnings.isEmpty)
        #expect(try world.frame("room1", "none", 0).hookPixel(20, 10) == [255, 255, 0, 255])
        #expect(Self.close(try world.frame("room1", "good", 0).hookPixel(20, 10), [255, 0, 0, 255]))
    }

    @Test func brokenFallbackStillRenders() throws {
        defer { server.stop() }
        let info = #"{"svga.avatarKey": "avatar", "svga.avatarFallback": "\#(server.baseURL)/a/gone.png"}"#
        let processor = try world.processor(try catalog([("rose", info)]), window: 0)
        let statuses = world.run(processor, [HookFixtures.eventLine(id: "bad", user: "u1", avatar: server.baseURL + "/a/cut.jpg")])
        let s = try #require(statuses.first)
        #expect(s.status == .rendered && s.warnings.count == 2, "\(s.line)")
        #expect(s.warnings.contains { $0.hasPrefix("avatar not used: ") && $0.contains("jpeg: decode failed") }, "\(s.line)")
        #expect(s.warnings.contains { $0.hasPrefix("svga.avatarFallback not used: ") && $0.contains("HTTP status 404") }, "\(s.line)")
        #expect(try world.frame("room1", "bad", 0).hookPixel(20, 10) == Self.own)
    }

    /// Three events from one sender with three different avatars merge into one rendering: the
    /// first sender's avatar is drawn, the others are not even fetched, and the manifest lists
    /// every event with its own avatar and count.
    @Test func comboOfThreeAvatarsRendersOnce() throws {
        defer { server.stop() }
        let processor = try world.processor(try catalog([("rose", HookFixtures.slotInfo)]), window: 3)
        let base = server.baseURL
        let statuses = world.run(processor, [
            HookFixtures.eventLine(id: "c1", count: 1, user: "u1", avatar: base + "/a/red.jpg"),
            HookFixtures.eventLine(id: "c2", count: 2, user: "u1", avatar: base + "/a/gone.png"),
            HookFixtures.eventLine(id: "c3", count: 4, user: "u1", avatar: base + "/a/green.webp"),
        ])
        #expect(statuses.map(\.eventID) == ["c1", "c2", "c3"])
        #expect(statuses.allSatisfy { $0.status == .rendered && $0.primary == "c1" && $0.warnings.isEmpty }, "\(statuses.map(\.line))")
        #expect(world.entries(world.out.appendingPathComponent("room1")).filter { !$0.hasPrefix(".") } == ["c1"])
        #expect(server.requestCount("/a/red.jpg") == 1)
        #expect(server.requestCount("/a/gone.png") == 0 && server.requestCount("/a/green.webp") == 0)
        #expect(Self.close(try world.frame("room1", "c1", 0).hookPixel(20, 10), [255, 0, 0, 255]))
        let m = try world.manifest("room1", "c1")
        #expect(m["event"]?["count"] == .int(7))
        let merged = try #require(m["mergedEvents"]?.arrayValue)
        #expect(merged.map { $0["eventID"] } == [.string("c1"), .string("c2"), .string("c3")])
        #expect(merged.map { $0["count"] } == [.int(1), .int(2), .int(4)])
        #expect(merged.map { $0["sender"]?["avatarURL"] } == [.string(base + "/a/red.jpg"), .string(base + "/a/gone.png"),
                                                            .string(base + "/a/green.webp")])
    }

    /// A slot key the animation lacks: reported once when the catalog is loaded, and as a
    /// warning on each event, which still renders its other slots.
    @Test func missingSlotKeyIsReported() throws {
        defer { server.stop() }
        let info = #"{"svga.avatarKey": "avatar", "svga.nameKey": "nick", "svga.countKey": "count"}"#
        let catalog = try catalog([("rose", info), ("tulip", HookFixtures.slotInfo)])
        let problems = catalog.slotKeyProblems()
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("gift 'rose': extensionInfo.svga.nameKey 'nick' names no sprite of '") == true, "\(problems)")
        #expect(problems.first?.contains("(keys: avatar, nickname, count)") == true, "\(problems)")
        let processor = try world.processor(catalog, window: 0)
        let statuses = world.run(processor, [HookFixtures.eventLine(id: "k1", user: "u1"), HookFixtures.eventLine(id: "k2", user: "u2")])
        #expect(statuses.count == 2)
        for s in statuses {
            #expect(s.status == .rendered && s.warnings.count == 1, "\(s.line)")
            #expect(s.warnings.first?.contains("svga.nameKey 'nick' names no sprite") == true, "\(s.line)")
        }
    }
}
