import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// Issue 13: a gift resource named or served as SVGA that does not decode is an error naming the
// decoder's stage (what `svga validate` says of the same bytes), not a skip; bytes that make no
// SVGA claim and are not an SVGA (a PNG icon behind a plain URL) are still skipped. The same
// bytes are decoded once (cache by content hash) and judged per resource.
struct HookDeclaredSVGATests {
    static let png = HookFixtures.solidPNG(width: 4, height: 4, r: 9, g: 9, b: 9)
    static let text = Array("<html>502 Bad Gateway</html>".utf8)

    @Test func localResources() throws {
        let world = try HookTestWorld("declared-local")
        let pngNamedSVGA = try world.asset("png-inside.svga", Self.png)
        let textNamedSVGA = try world.asset("page.SVGA", Self.text)
        let icon = try world.asset("icon.png", Self.png)
        let catalog = try world.catalog([("a", pngNamedSVGA), ("b", textNamedSVGA), ("c", icon)])
        let processor = try world.processor(catalog, window: 0)
        let statuses = world.run(processor, [
            HookFixtures.eventLine(id: "a1", gift: "a"), HookFixtures.eventLine(id: "b1", gift: "b"),
            HookFixtures.eventLine(id: "c1", gift: "c"),
        ])
        #expect(statuses.map(\.status) == [.error, .error, .skipped])
        #expect(statuses[0].reason == "resource '\(pngNamedSVGA)' is not a valid SVGA: container: not an SVGA file (neither zlib nor ZIP): it starts with 89 50 4E 47",
                "\(statuses[0].reason ?? "nil")")
        #expect(statuses[1].reason?.contains("is not a valid SVGA: container: not an SVGA file (neither zlib nor ZIP): it starts with 3C 68 74 6D") == true,
                "\(statuses[1].reason ?? "nil")")
        #expect(statuses[2].reason?.contains("a PNG image, not an SVGA") == true, "\(statuses[2].reason ?? "nil")")
        // The PNG bytes behind two names were classified once.
        #expect(processor.animations.decodeCount == 0)
    }

    @Test func servedAsSVGA() throws {
        let server = try HookHTTPServer(routes: [
            "/gift": .init(body: Self.text, contentType: "application/x-svga"),
            "/gift2": .init(body: Self.text, contentType: "application/svga; charset=binary"),
            "/named.svga": .init(body: Self.text, contentType: "text/html"),
            "/icon": .init(body: Self.png, contentType: "image/png"),
            "/q.svga?v=2": .init(body: Self.png, contentType: "application/octet-stream"),
        ])
        defer { server.stop() }
        let world = try HookTestWorld("declared-http")
        let catalog = try world.catalog([("a", server.baseURL + "/gift"), ("b", server.baseURL + "/gift2"),
                                         ("c", server.baseURL + "/named.svga"), ("d", server.baseURL + "/icon"),
                                         ("e", server.baseURL + "/q.svga?v=2")])
        let processor = try world.processor(catalog, window: 0)
        let statuses = world.run(processor, ["a", "b", "c", "d", "e"].map { HookFixtures.eventLine(id: $0 + "1", gift: $0) })
        #expect(statuses.map(\.status) == [.error, .error, .error, .skipped, .error], "\(statuses.map { $0.reason ?? "" })")
        for s in statuses where s.status == .error {
            #expect(s.reason?.contains("is not a valid SVGA: container: not an SVGA file") == true, "\(s.reason ?? "nil")")
        }
    }
}
