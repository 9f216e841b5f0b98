// The stream commands the worker pool uses, typed. Consumer groups (XGROUP, XREADGROUP, XACK)
// give each entry to one consumer and remember it as pending until acknowledged; XAUTOCLAIM hands
// entries idle too long (their consumer died) to another; XPENDING says how often each was
// delivered. Redis 7.0 or later (XAUTOCLAIM's deleted-IDs reply).

extension RedisClient {
    /// XGROUP CREATE … MKSTREAM from `start` ("0": every entry; "$": only new ones). An existing
    /// group is left as it is (BUSYGROUP), so every worker can call this at start.
    public func createGroup(stream: String, group: String, start: String = "0") throws(RedisError) {
        do { try command(["XGROUP", "CREATE", stream, group, start, "MKSTREAM"]) } catch {
            if case .server(_, _, let message) = error, message.hasPrefix("BUSYGROUP") { return }
            throw error
        }
    }

    /// XADD with an automatic ID; returns the new entry's ID.
    @discardableResult
    public func add(stream: String, fields: [(String, String)]) throws(RedisError) -> String {
        let reply = try command(["XADD", stream, "*"] + fields.flatMap { [$0.0, $0.1] })
        guard let id = reply.string else { throw unexpected("XADD", reply) }
        return id
    }

    /// XREADGROUP of new entries (`>`), blocking up to `blockMilliseconds` when there are none.
    public func readGroup(stream: String, group: String, consumer: String, count: Int,
                          blockMilliseconds: Int) throws(RedisError) -> [RedisStreamEntry] {
        let reply = try command(["XREADGROUP", "GROUP", group, consumer, "COUNT", String(max(1, count)),
                                 "BLOCK", String(max(0, blockMilliseconds)), "STREAMS", stream, ">"])
        if reply.isNull { return [] }
        // [[stream, [entries…]]]
        guard let streams = reply.array else { throw unexpected("XREADGROUP", reply) }
        return streams.flatMap { ($0.array?.last?.array ?? []).compactMap(RedisStreamEntry.decode) }
    }

    /// XAUTOCLAIM: takes up to `count` entries idle at least `minIdleMilliseconds`, scanning from
    /// `start`. Returns the cursor to continue from ("0-0" when the scan is complete), the claimed
    /// entries, and the IDs of pending entries whose data was deleted from the stream.
    public func autoClaim(stream: String, group: String, consumer: String, minIdleMilliseconds: Int,
                          start: String = "0-0", count: Int) throws(RedisError)
        -> (next: String, entries: [RedisStreamEntry], deleted: [String]) {
        let reply = try command(["XAUTOCLAIM", stream, group, consumer, String(max(0, minIdleMilliseconds)), start,
                                 "COUNT", String(max(1, count))])
        guard let parts = reply.array, parts.count >= 2, let next = parts[0].string else { throw unexpected("XAUTOCLAIM", reply) }
        var entries: [RedisStreamEntry] = [], deleted: [String] = []
        for item in parts[1].array ?? [] {
            // Redis 7 drops deleted entries from this list; older servers return [id, nil].
            if let pair = item.array, pair.count == 2, pair[1].isNull { pair[0].string.map { deleted.append($0) }; continue }
            if let entry = RedisStreamEntry.decode(item) { entries.append(entry) }
        }
        if parts.count >= 3 { deleted += (parts[2].array ?? []).compactMap(\.string) }
        return (next, entries, deleted)
    }

    /// XCLAIM … JUSTID of entries this consumer already holds: resets their idle time (a
    /// heartbeat, so XAUTOCLAIM elsewhere leaves them alone) without counting a delivery.
    public func touch(stream: String, group: String, consumer: String, ids: [String]) throws(RedisError) {
        guard !ids.isEmpty else { return }
        try command(["XCLAIM", stream, group, consumer, "0"] + ids + ["JUSTID"])
    }

    /// XACK; returns how many were pending.
    @discardableResult
    public func ack(stream: String, group: String, ids: [String]) throws(RedisError) -> Int {
        guard !ids.isEmpty else { return 0 }
        let reply = try command(["XACK", stream, group] + ids)
        guard let n = reply.integer else { throw unexpected("XACK", reply) }
        return n
    }

    /// XPENDING summary: the number of entries delivered and not acknowledged.
    public func pendingCount(stream: String, group: String) throws(RedisError) -> Int {
        let reply = try command(["XPENDING", stream, group])
        guard let parts = reply.array, let n = parts.first?.integer else { throw unexpected("XPENDING", reply) }
        return n
    }

    /// XPENDING's extended form over IDs `from`…`to` (inclusive), up to `count` lines.
    public func pending(stream: String, group: String, from: String = "-", to: String = "+",
                        count: Int = 1000) throws(RedisError) -> [RedisPendingEntry] {
        let reply = try command(["XPENDING", stream, group, from, to, String(count)])
        guard let lines = reply.array else { throw unexpected("XPENDING", reply) }
        return lines.compactMap { line in
            guard let f = line.array, f.count == 4, let id = f[0].string, let consumer = f[1].string,
                  let idle = f[2].integer, let deliveries = f[3].integer else { return nil }
            return RedisPendingEntry(id: id, consumer: consumer, idleMilliseconds: idle, deliveries: deliveries)
        }
    }

    /// XRANGE of the whole stream (tests and tools; the pool never scans a stream).
    public func range(stream: String, count: Int = 100_000) throws(RedisError) -> [RedisStreamEntry] {
        let reply = try command(["XRANGE", stream, "-", "+", "COUNT", String(count)])
        guard let items = reply.array else { throw unexpected("XRANGE", reply) }
        return items.compactMap(RedisStreamEntry.decode)
    }

    /// XLEN.
    public func length(stream: String) throws(RedisError) -> Int {
        let reply = try command(["XLEN", stream])
        guard let n = reply.integer else { throw unexpected("XLEN", reply) }
        return n
    }

    /// XINFO GROUPS as name → (pending, consumers, last delivered ID).
    public func groups(stream: String) throws(RedisError) -> [String: (pending: Int, consumers: Int, lastDelivered: String)] {
        let reply = try command(["XINFO", "GROUPS", stream])
        guard let groups = reply.array else { throw unexpected("XINFO GROUPS", reply) }
        var result: [String: (Int, Int, String)] = [:]
        for g in groups {
            let flat = g.array ?? []
            var map: [String: RedisReply] = [:]
            var i = 0
            while i + 1 < flat.count { if let k = flat[i].string { map[k] = flat[i + 1] }; i += 2 }
            if let name = map["name"]?.string {
                result[name] = (map["pending"]?.integer ?? 0, map["consumers"]?.integer ?? 0, map["last-delivered-id"]?.string ?? "")
            }
        }
        return result
    }

    func unexpected(_ command: String, _ reply: RedisReply) -> RedisError {
        .unexpectedReply(endpoint: endpoint.description, command: command, got: reply.description)
    }
}
