import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// The fetcher on its own: every kind of reference, the size cap (enforced for local files and
// while an HTTP body streams in), non-2xx answers and unsupported schemes as errors, and the
// per-run memory (a second fetch of a URL makes no request).
struct HookFetcherTests {
    @Test func localPathAndFileURLGiveTheSameHash() throws {
        let dir = HookFixtures.temporaryDirectory("fetch-local")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.bin")
        try Data("hello".utf8).write(to: file)
        let fetcher = ResourceFetcher(cacheDirectory: dir.appendingPathComponent(".cache"))
        let byPath = try fetcher.fetch(file.path, limit: 100)
        let byURL = try fetcher.fetch(file.absoluteString, limit: 100)
        #expect(byPath.sha256 == SHA256.hexDigest(Array("hello".utf8)))
        #expect(byURL.sha256 == byPath.sha256 && byURL.byteCount == 5)
        #expect(try byURL.readBytes(limit: 100) == Array("hello".utf8))
        // Local files are read in place, never copied into the cache.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".cache").path))
        #expect(fetcher.networkRequestCount == 0)
    }

    @Test func errorsNameTheReference() throws {
        let dir = HookFixtures.temporaryDirectory("fetch-errors")
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.bin")
        try Data(count: 200).write(to: big)
        let fetcher = ResourceFetcher(cacheDirectory: dir.appendingPathComponent(".cache"))
        #expect(throws: FetchError.tooLarge(big.path, limit: 100)) { try fetcher.fetch(big.path, limit: 100) }
        #expect(throws: FetchError.notFound("/nonexistent/x.svga")) { try fetcher.fetch("/nonexistent/x.svga", limit: 100) }
        #expect(throws: FetchError.unsupportedScheme("ftp://host/x.svga")) { try fetcher.fetch("ftp://host/x.svga", limit: 100) }
        #expect(throws: FetchError.self) { try fetcher.fetch(dir.path, limit: 100) }   // a directory
    }

    @Test func httpCapStatusAndMemory() throws {
        let server = try HookHTTPServer(routes: [
            "/small": .init(body: Array("tiny".utf8)),
            "/big": .init(body: [UInt8](repeating: 7, count: 300_000)),
            "/broken": .init(status: 500, body: Array("oops".utf8)),
        ])
        defer { server.stop() }
        let dir = HookFixtures.temporaryDirectory("fetch-http")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fetcher = ResourceFetcher(cacheDirectory: dir.appendingPathComponent(".cache"), timeout: 10)
        let small = try fetcher.fetch(server.baseURL + "/small", limit: 1000)
        #expect(try small.readBytes(limit: 1000) == Array("tiny".utf8))
        #expect(small.localPath == dir.appendingPathComponent(".cache").appendingPathComponent(small.sha256).path)
        _ = try fetcher.fetch(server.baseURL + "/small", limit: 1000)
        #expect(server.requestCount("/small") == 1)
        #expect(throws: FetchError.tooLarge(server.baseURL + "/big", limit: 100_000)) {
            try fetcher.fetch(server.baseURL + "/big", limit: 100_000)
        }
        #expect(throws: FetchError.httpStatus(server.baseURL + "/broken", status: 500)) {
            try fetcher.fetch(server.baseURL + "/broken", limit: 1000)
        }
        // A failure is not remembered: the next event may try again.
        #expect(throws: FetchError.self) { try fetcher.fetch(server.baseURL + "/broken", limit: 1000) }
        #expect(server.requestCount("/broken") == 2)
    }

    /// Redirects are followed to http(s) only (never to file://), the media type loses its
    /// parameters and case, and a server that accepts but never answers times out on time.
    @Test func httpRedirectsMediaTypeAndTimeout() throws {
        let server = try HookHTTPServer(routes: [
            "/gift": .init(body: Array("svga bytes".utf8), contentType: "Application/SVGA; charset=binary"),
            "/moved": .init(status: 302, body: [], location: "/gift"),
            "/to-file": .init(status: 302, body: [], location: "file:///etc/hostname"),
        ])
        defer { server.stop() }
        let dir = HookFixtures.temporaryDirectory("fetch-redirect")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fetcher = ResourceFetcher(cacheDirectory: dir.appendingPathComponent(".cache"), timeout: 10)
        let moved = try fetcher.fetch(server.baseURL + "/moved", limit: 1000)
        #expect(try moved.readBytes(limit: 1000) == Array("svga bytes".utf8))
        #expect(moved.mediaType == "application/svga")
        #expect(server.requestCount("/moved") == 1 && server.requestCount("/gift") == 1)
        #expect(throws: FetchError.self) { try fetcher.fetch(server.baseURL + "/to-file", limit: 1000) }

        // A listening socket that never accepts: the connection opens, no answer ever comes.
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(silent >= 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(silent, $0, length) == 0 && listen(silent, 4) == 0 && getsockname(silent, $0, &length) == 0
            }
        }
        #expect(listening)
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/x.svga"
        let quick = ResourceFetcher(cacheDirectory: dir.appendingPathComponent(".cache"), timeout: 1)
        let start = Date()
        #expect(throws: FetchError.transport(url, reason: "timed out after 1.0 s")) { try quick.fetch(url, limit: 1000) }
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
