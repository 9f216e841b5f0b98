import CHiredis
import Glibc

// One hiredis connection (a `redisContext`), used from one thread at a time. Commands go out as
// argv arrays with explicit lengths (`redisCommandArgv`), so keys and values are binary-safe and
// nothing is ever formatted into a command string. Replies are copied into `RedisReply` and the
// hiredis reply freed at once. A connection whose context reports an error is dead: the owner
// (RedisClient) drops it and connects again.

final class RedisConnection {
    let endpoint: RedisEndpoint
    private let context: UnsafeMutablePointer<redisContext>

    /// Connects within `connectTimeout` seconds; every later command (a blocking read included)
    /// fails with `.io` after `commandTimeout` seconds without a reply.
    init(endpoint: RedisEndpoint, connectTimeout: Double, commandTimeout: Double) throws(RedisError) {
        self.endpoint = endpoint
        guard let c = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), RedisConnection.timeval(connectTimeout)) else {
            throw .connect(endpoint: endpoint.description, reason: "out of memory")
        }
        if c.pointee.err != 0 {
            let reason = RedisConnection.errorText(c)
            redisFree(c)
            throw .connect(endpoint: endpoint.description, reason: reason)
        }
        context = c
        if redisSetTimeout(c, RedisConnection.timeval(commandTimeout)) != REDIS_OK {
            let reason = RedisConnection.errorText(c)
            redisFree(c)
            throw .connect(endpoint: endpoint.description, reason: "cannot set the timeout: \(reason)")
        }
        if endpoint.database != 0 {
            do { _ = try command(["SELECT", String(endpoint.database)].map { Array($0.utf8) }) } catch {
                redisFree(c)
                throw error
            }
        }
    }

    deinit { redisFree(context) }

    /// Sends one command and waits for its reply. A top-level error reply throws `.server`.
    func command(_ arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        let name = arguments.first.map { String(decoding: $0, as: UTF8.self).uppercased() } ?? "(empty)"
        let raw: UnsafeMutableRawPointer? = withArgv(arguments) { argv, lengths in
            redisCommandArgv(context, Int32(arguments.count), argv, lengths)
        }
        guard let raw else {
            throw .io(endpoint: endpoint.description, command: name, reason: RedisConnection.errorText(context))
        }
        let replyPointer = raw.assumingMemoryBound(to: redisReply.self)
        defer { freeReplyObject(raw) }
        let reply = RedisConnection.decode(replyPointer)
        if case .error(let message) = reply {
            throw .server(endpoint: endpoint.description, command: name, message: message)
        }
        return reply
    }

    /// True once hiredis has marked the context broken (EOF, timeout, protocol error).
    var isBroken: Bool { context.pointee.err != 0 }

    private func withArgv<R>(_ arguments: [[UInt8]],
                             _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> R) -> R {
        // One buffer holds every argument back to back; argv points into it.
        let total = arguments.reduce(0) { $0 + $1.count }
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: max(total, 1))
        defer { storage.deallocate() }
        let argv = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(arguments.count, 1))
        defer { argv.deallocate() }
        var lengths = [Int](repeating: 0, count: arguments.count)
        var offset = 0
        for (i, argument) in arguments.enumerated() {
            argument.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    UnsafeMutableRawPointer(storage + offset).copyMemory(from: base, byteCount: bytes.count)
                }
            }
            argv[i] = UnsafePointer(storage + offset)
            lengths[i] = argument.count
            offset += argument.count
        }
        return lengths.withUnsafeBufferPointer { body(argv, $0.baseAddress!) }
    }

    private static func decode(_ r: UnsafeMutablePointer<redisReply>) -> RedisReply {
        let reply = r.pointee
        func bytes() -> [UInt8] {
            guard let str = reply.str, reply.len > 0 else { return [] }
            return str.withMemoryRebound(to: UInt8.self, capacity: reply.len) { Array(UnsafeBufferPointer(start: $0, count: reply.len)) }
        }
        // hiredis 0.14 speaks RESP2: these six types are all a reply can be.
        switch reply.type {
        case REDIS_REPLY_STRING: return .bulk(bytes())
        case REDIS_REPLY_STATUS: return .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: return .error(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_INTEGER: return .integer(Int(reply.integer))
        case REDIS_REPLY_NIL: return .null
        case REDIS_REPLY_ARRAY:
            var items: [RedisReply] = []
            items.reserveCapacity(reply.elements)
            for i in 0..<reply.elements {
                if let element = reply.element[i] { items.append(decode(element)) } else { items.append(.null) }
            }
            return .array(items)
        default: return .error("unknown reply type \(reply.type)")
        }
    }

    private static func errorText(_ c: UnsafeMutablePointer<redisContext>) -> String {
        let text = withUnsafeBytes(of: c.pointee.errstr) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if !text.isEmpty { return text }
        return "error \(c.pointee.err)"
    }

    private static func timeval(_ seconds: Double) -> Glibc.timeval {
        let s = max(0, seconds)
        return Glibc.timeval(tv_sec: Int(s), tv_usec: Int((s - s.rounded(.down)) * 1_000_000))
    }
}
