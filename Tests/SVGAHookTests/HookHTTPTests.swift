import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// http(s) resources: served by a loopback server started in the test, fetched once for two
// events (one network request), stored in `<out>/.cache/<sha256>`; a non-2xx answer is an error
// line naming the status, and the stream goes on.
struct HookHTTPTests {
    @Test func fetchedOnceAndCachedByContentHash() throws {
        let svga = HookFixtures.giftSVGA(frames: 2)
        let avatar = HookFixtures.solidPNG(width: 8, height: 8, r: 0, g: 255, b: 0)
        let server = try HookHTTPServer(routes: [
            "/gifts/rose.svga": .init(body: svga),
            "/avatars/a.png": .init(body: avatar),
        ])
        defer { server.stop() }
        let world = try HookTestWorld("http")
        let catalog = try world.catalog([("rose", server.baseURL + "/gifts/rose.svga"),
                                         ("lost", server.baseURL + "/gifts/missing.svga")])
        let processor = try world.processor(catalog, window: 0)
        let statuses = world.run(processor, [
            HookFixtures.eventLine(id: "h1", user: "u1", avatar: server.baseURL + "/avatars/a.png"),
            HookFixtures.eventLine(id: "h2", user: "u2", avatar: server.baseURL + "/avatars/a.png"),
            HookFixtures.eventLine(id: "h3", gift: "lost"),
        ])
        #expect(statuses.map(\.status) == [.rendered, .rendered, .error])
        #expect(statuses[2].reason?.contains("HTTP status 404") == true)
        #expect(server.requestCount("/gifts/rose.svga") == 1)
        #expect(server.requestCount("/avatars/a.png") == 1)
        #expect(processor.fetcher.networkRequestCount == 3)
        let cache = world.out.appendingPathComponent(".cache")
        let cached = world.entries(cache)
        #expect(cached.contains(SHA256.hexDigest(svga)))
        #expect(cached.contains(SHA256.hexDigest(avatar)))
        #expect(!cached.contains { $0.hasPrefix(".tmp-") })
        let bytes = try Data(contentsOf: cache.appendingPathComponent(SHA256.hexDigest(svga)))
        #expect([UInt8](bytes) == svga)
        // The avatar came through: the slot's centre is green.
        #expect(try world.frame("room1", "h1", 0).hookPixel(20, 10) == [0, 255, 0, 255])
    }
}
