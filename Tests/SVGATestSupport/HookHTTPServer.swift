import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A tiny HTTP/1.1 server for tests: 127.0.0.1 only, an ephemeral port, fixed routes, one
/// request per connection (`Connection: close`). Bounded: it serves at most `maxRequests`
/// requests and stops by itself after `lifetime` seconds even if a test forgets `stop()`.
/// Plain Glibc sockets on one background thread.
public final class HookHTTPServer: Sendable {
    public struct Response: Sendable {
        public let status: Int
        public let body: [UInt8]
        public let contentType: String
        /// A `Location` header (for redirects).
        public let location: String?
        public init(status: Int = 200, body: [UInt8], contentType: String = "application/octet-stream", location: String? = nil) {
            self.status = status; self.body = body; self.contentType = contentType; self.location = location
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let routes: [String: Response]
    private let counts = Mutex<[String: Int]>([:])
    private let stopped = Atomic<Bool>(false)
    private let finished = Mutex<Bool>(false)

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(routes: [String: Response], maxRequests: Int = 64, lifetime: Double = 60) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "bind/listen: \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.listener = fd
        self.routes = routes
        let deadline = Date(timeIntervalSinceNow: lifetime)
        let thread = Thread { [self] in serve(maxRequests: maxRequests, deadline: deadline) }
        thread.start()
    }

    /// Requests served for `path` so far.
    public func requestCount(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
    public var totalRequests: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// Stops accepting; the serving thread closes the socket within 100 ms.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    private func serve(maxRequests: Int, deadline: Date) {
        var served = 0
        while !stopped.load(ordering: .relaxed), served < maxRequests, Date() < deadline {
            var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            handle(client)
            close(client)
            served += 1
        }
        close(listener)
    }

    private func handle(_ client: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Read the head (bounded: 64 KiB, 2 s); bodies are not expected for GET.
        let end: [UInt8] = [13, 10, 13, 10]
        while request.count < 65536, !containsTerminator(request, end) {
            var p = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 2000) > 0 else { return }
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return }
            request.append(contentsOf: buffer[0..<n])
        }
        let head = String(decoding: request, as: UTF8.self)
        let parts = head.split(separator: " ", maxSplits: 2)
        let path = parts.count >= 2 ? String(parts[1]) : "/"
        counts.withLock { $0[path, default: 0] += 1 }
        let response = routes[path] ?? Response(status: 404, body: Array("not found".utf8))
        let reason = response.status == 200 ? "OK" : (response.status == 404 ? "Not Found" : "Status")
        let location = response.location.map { "Location: \($0)\r\n" } ?? ""
        var bytes = Array("HTTP/1.1 \(response.status) \(reason)\r\nContent-Length: \(response.body.count)\r\nContent-Type: \(response.contentType)\r\n\(location)Connection: close\r\n\r\n".utf8)
        bytes.append(contentsOf: response.body)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(client, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    private func containsTerminator(_ bytes: [UInt8], _ end: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && Array(bytes[i..<(i + 4)]) == end { return true }
        return false
    }
}
