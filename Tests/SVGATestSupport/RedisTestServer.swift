import Foundation
import Glibc
import SVGARedis

/// A private `redis-server` for one test: a free loopback port, no persistence (`--save ''
/// --appendonly no`), its own temporary folder, stopped (SIGTERM, then SIGKILL) when the test is
/// done. `restart()` stops it and starts a fresh, empty one on the same port (the "Redis restarted
/// while workers run" test: workers must reconnect).
///
/// Without the binary: outside CI the caller skips with a printed line; with CI set it is a
/// failure (CI installs redis-server through scripts/install-deps.sh).
public final class RedisTestServer: @unchecked Sendable {
    public static let binary = "/usr/bin/redis-server"

    public let port: Int
    public let directory: URL
    private var process: Process?

    public var url: String { "redis://127.0.0.1:\(port)" }
    public var endpoint: RedisEndpoint { RedisEndpoint(host: "127.0.0.1", port: port) }

    public enum Failure: Error, CustomStringConvertible {
        case absentInCI, didNotStart(String)
        public var description: String {
            switch self {
            case .absentInCI: return "\(RedisTestServer.binary) is not installed, and CI is set (scripts/install-deps.sh installs redis-server)"
            case .didNotStart(let why): return "redis-server did not start: \(why)"
            }
        }
    }

    /// A started server, or nil (after printing why) when the binary is absent outside CI.
    public static func start(for test: String) throws -> RedisTestServer? {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty { throw Failure.absentInCI }
            print("SKIPPED \(test): \(binary) is not installed (apt-get install redis-server)")
            return nil
        }
        return try RedisTestServer()
    }

    private init() throws {
        port = try RedisTestServer.freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("svga-redis-\(port)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try launch()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A client that gives up after `retryLimit` seconds instead of retrying forever.
    public func client(retryLimit: Double = 5) -> RedisClient {
        RedisClient(endpoint: endpoint, retryLimit: retryLimit, report: { _ in })
    }

    public func stop() {
        guard let p = process else { return }
        process = nil
        // SHUTDOWN NOSAVE (a child of the test runner may inherit a mask that blocks SIGTERM),
        // SIGKILL 5 s later if it is still there; waitUntilExit rather than a poll of isRunning,
        // which Foundation on Linux updates only from the run loop.
        let pid = p.processIdentifier
        _ = try? RedisClient(endpoint: endpoint, retryLimit: 0, report: { _ in }).command(["SHUTDOWN", "NOSAVE"])
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: killer)
        p.waitUntilExit()
        killer.cancel()
    }

    /// Stops the server and starts it again on the same port: empty, or (`keepingData`) with
    /// its data, saved by `SHUTDOWN SAVE` into its folder and loaded back at start, as a
    /// production Redis with persistence comes back.
    public func restart(after pause: Double = 0, keepingData: Bool = false) throws {
        if keepingData, let p = process {
            // The reply never comes: the server exits once the snapshot is written.
            _ = try? RedisClient(endpoint: endpoint, retryLimit: 0, report: { _ in }).command(["SHUTDOWN", "SAVE"])
            p.waitUntilExit()
            process = nil
        }
        stop()
        if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        try launch()
    }

    private func launch() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: RedisTestServer.binary)
        p.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                       "--dir", directory.path, "--daemonize", "no", "--loglevel", "warning"]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        process = p
        let probe = RedisClient(endpoint: endpoint, connectTimeout: 0.5, commandTimeout: 2, retryLimit: 0, report: { _ in })
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if kill(p.processIdentifier, 0) != 0 { throw Failure.didNotStart("exited at once (port \(port))") }
            if (try? probe.command(["PING"]))?.string == "PONG" { return }
            usleep(20_000)
        }
        stop()
        throw Failure.didNotStart("no PONG on port \(port) within 10 s")
    }

    /// A port the kernel just handed out for loopback; redis-server binds it right after.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.didNotStart("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure.didNotStart("bind: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
