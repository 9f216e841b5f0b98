import Foundation
import SVGARedis
import SVGATestSupport
import Testing

// The client against a real redis-server of the test's own: argv commands with binary values,
// reply decoding, typed errors naming the server and the command, reconnect after a restart,
// scripts with the NOSCRIPT fallback, and the stream operations the pool uses.
@Suite(.serialized) struct RedisClientTests {
    @Test(arguments: [
        ("redis://127.0.0.1:6380/2", "127.0.0.1", 6380, 2),
        ("redis://cache", "cache", 6379, 0),
        ("redis://[::1]:7000", "::1", 7000, 0),
        ("redis://host:1/", "host", 1, 0),
    ])
    func parsesURLs(url: String, host: String, port: Int, db: Int) throws {
        let e = try RedisEndpoint(url: url)
        #expect(e.host == host && e.port == port && e.database == db)
    }

    @Test(arguments: ["http://x", "redis://", "redis://h:0", "redis://h:99999", "redis://u:p@h", "redis://h/x"])
    func refusesBadURLs(url: String) {
        #expect(throws: RedisError.self) { try RedisEndpoint(url: url) }
    }

    @Test func binarySafeValuesAndReplies() throws {
        guard let server = try RedisTestServer.start(for: "binarySafeValuesAndReplies") else { return }
        let c = server.client()
        let value: [UInt8] = [0, 13, 10, 255, 36, 42, 0]
        #expect(try c.command(bytes: [Array("SET".utf8), Array("k\0ey".utf8), value]) == .status("OK"))
        #expect(try c.command(bytes: [Array("GET".utf8), Array("k\0ey".utf8)]) == .bulk(value))
        #expect(try c.command(["GET", "absent"]) == .null)
        #expect(try c.command(["INCRBY", "n", "41"]) == .integer(41))
        #expect(try c.command(["RPUSH", "l", "a", "b"]) == .integer(2))
        #expect(try c.command(["LRANGE", "l", "0", "-1"]) == .array([.bulk(Array("a".utf8)), .bulk(Array("b".utf8))]))
    }

    @Test func serverErrorsNameTheServerAndCommand() throws {
        guard let server = try RedisTestServer.start(for: "serverErrorsNameTheServerAndCommand") else { return }
        let c = server.client()
        try c.command(["SET", "s", "text"])
        do {
            try c.command(["lpush", "s", "x"])
            Issue.record("expected WRONGTYPE")
        } catch {
            guard case .server(let endpoint, let command, let message) = error else { Issue.record("\(error)"); return }
            #expect(endpoint == "redis://127.0.0.1:\(server.port)" && command == "LPUSH" && message.hasPrefix("WRONGTYPE"))
            #expect(!error.isConnectionFailure)
        }
    }

    @Test func connectFailureIsTypedAndBounded() throws {
        guard let server = try RedisTestServer.start(for: "connectFailureIsTypedAndBounded") else { return }
        server.stop()
        let messages = ReportedLines()
        let c = RedisClient(endpoint: server.endpoint, connectTimeout: 0.5, retryLimit: 0.5, report: { messages.append($0) })
        let start = Date()
        do {
            try c.command(["PING"])
            Issue.record("expected a connection failure")
        } catch {
            guard case .connect(let endpoint, _) = error else { Issue.record("\(error)"); return }
            #expect(endpoint.hasSuffix(":\(server.port)"))
        }
        #expect(Date().timeIntervalSince(start) < 5)
        // Each retry is reported, with the delay doubling.
        #expect(messages.lines.contains { $0.contains("cannot connect") && $0.contains("retrying in 0.1 s") })
    }

    @Test func reconnectsAfterARestart() throws {
        guard let server = try RedisTestServer.start(for: "reconnectsAfterARestart") else { return }
        let messages = ReportedLines()
        let c = RedisClient(endpoint: server.endpoint, retryLimit: 20, report: { messages.append($0) })
        try c.command(["SET", "a", "1"])
        let restarter = Thread { try? server.restart(after: 0.6) }
        restarter.start()
        Thread.sleep(forTimeInterval: 0.1)
        // Sent while the server is down: retried with backoff until the new server answers.
        #expect(try c.command(["SET", "b", "2"]) == .status("OK"))
        #expect(try c.command(["GET", "b"]) == .bulk(Array("2".utf8)))
        #expect(c.reconnects >= 1)
        #expect(!messages.lines.isEmpty)
    }

    @Test func scriptsFallBackToEvalAfterAFlush() throws {
        guard let server = try RedisTestServer.start(for: "scriptsFallBackToEvalAfterAFlush") else { return }
        let c = server.client()
        let script = RedisScript(name: "sum", source: "return redis.call('INCRBY', KEYS[1], ARGV[1])")
        #expect(try c.evaluate(script, keys: ["n"], arguments: ["2"]) == .integer(2))
        try c.command(["SCRIPT", "FLUSH"])
        #expect(try c.evaluate(script, keys: ["n"], arguments: ["3"]) == .integer(5))
        #expect(try c.evaluate(script, keys: ["n"], arguments: ["1"]) == .integer(6))
    }

    @Test func streamOperations() throws {
        guard let server = try RedisTestServer.start(for: "streamOperations") else { return }
        let c = server.client()
        try c.createGroup(stream: "s", group: "g")
        try c.createGroup(stream: "s", group: "g")   // BUSYGROUP is fine
        let ids = try (0..<3).map { try c.add(stream: "s", fields: [("event", "{\"n\":\($0)}")]) }
        let a = try c.readGroup(stream: "s", group: "g", consumer: "a", count: 2, blockMilliseconds: 100)
        #expect(a.map(\.id) == Array(ids.prefix(2)))
        #expect(a[1].text("event") == "{\"n\":1}")
        #expect(try c.pendingCount(stream: "s", group: "g") == 2)
        // Nothing is idle long enough yet.
        #expect(try c.autoClaim(stream: "s", group: "g", consumer: "b", minIdleMilliseconds: 60_000, count: 10).entries.isEmpty)
        Thread.sleep(forTimeInterval: 0.15)
        try c.touch(stream: "s", group: "g", consumer: "a", ids: [ids[0]])   // heartbeat on the first only
        let claimed = try c.autoClaim(stream: "s", group: "g", consumer: "b", minIdleMilliseconds: 100, count: 10)
        #expect(claimed.entries.map(\.id) == [ids[1]])
        let lines = try c.pending(stream: "s", group: "g")
        #expect(lines.map(\.consumer) == ["a", "b"])
        #expect(lines.map(\.deliveries) == [1, 2])
        #expect(try c.ack(stream: "s", group: "g", ids: [ids[0], ids[1]]) == 2)
        let rest = try c.readGroup(stream: "s", group: "g", consumer: "a", count: 10, blockMilliseconds: 50)
        #expect(rest.map(\.id) == [ids[2]])
        #expect(try c.readGroup(stream: "s", group: "g", consumer: "a", count: 10, blockMilliseconds: 50).isEmpty)
        #expect(try c.groups(stream: "s")["g"]?.pending == 1)
        #expect(try c.range(stream: "s").count == 3)
    }
}

/// Lines collected from a reporting closure on any thread.
final class ReportedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
