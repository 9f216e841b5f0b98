import Dispatch
import Foundation
import SVGARedis
import Synchronization

// One worker of the pool: reads its consumer group with blocking XREADGROUP, takes over entries
// of dead workers with XAUTOCLAIM, and runs each item through the claim → work → publish steps of
// PoolScripts. The loop thread does all reading, claiming and heartbeats on its own connection;
// work runs on up to --concurrency threads, which publish on a second connection.
//
// Timing: a heartbeat every --claim-after/3 renews the leases and idle times of everything this
// worker holds (items at work and combos waiting for their window), so XAUTOCLAIM elsewhere only
// takes entries whose worker stopped beating. Reads block at most until the next thing due
// (heartbeat, reclaim scan, combo deadline, stats line), and never longer than 0.25 s, so a stop
// request is noticed quickly.
//
// Stop: the loop stops reading, seals the combos it owns (they render now, with the members they
// have), waits for the work in flight, publishes and acknowledges it, then returns.

public final class PoolRunner: Sendable {
    public let configuration: PoolConfiguration
    public let stats: PoolStats
    private let handler: any PoolHandler
    private let reader: RedisClient
    private let control: RedisClient
    private let emit: @Sendable (String) -> Void
    private let shouldStop: @Sendable () -> Bool

    private struct Held: Sendable {
        let item: PoolItem
        let taken: Double
        /// Monotonic time at which a waiting combo is sealed; nil once at work.
        var due: Double?
    }
    private let held = Mutex<[String: Held]>([:])
    private let working = Atomic<Int>(0)

    /// `emit` gets every status line (published results and dead letters); `shouldStop` is polled
    /// by the loop (SIGTERM).
    public init(configuration: PoolConfiguration, handler: any PoolHandler,
                emit: @escaping @Sendable (String) -> Void,
                shouldStop: @escaping @Sendable () -> Bool) throws(PoolError) {
        self.configuration = configuration
        self.handler = handler
        self.emit = emit
        self.shouldStop = shouldStop
        self.stats = PoolStats(completedName: handler.completedName)
        let endpoint: RedisEndpoint
        do { endpoint = try RedisEndpoint(url: configuration.redisURL) } catch { throw .redis(error) }
        // Reads block up to 0.25 s; 10 s without any reply means the connection is gone.
        reader = RedisClient(endpoint: endpoint, commandTimeout: 10, shouldStop: shouldStop)
        control = RedisClient(endpoint: endpoint, commandTimeout: 10)
    }

    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    public var inFlight: Int { held.withLock { $0.count } }

    public func run() throws(PoolError) {
        let c = configuration
        do { try reader.createGroup(stream: c.keys.stream, group: c.group) } catch { throw .redis(error) }
        var nextHeartbeat = PoolRunner.now() + c.heartbeatInterval
        var nextReclaim = PoolRunner.now()   // at once: a restarted worker's predecessor left entries
        var nextStats = c.statsEvery.map { PoolRunner.now() + $0 }
        var cursor = "0-0"
        do {
            while !shouldStop() {
                let now = PoolRunner.now()
                try sealDue(now: now)
                if now >= nextHeartbeat {
                    try heartbeat()
                    nextHeartbeat = now + c.heartbeatInterval
                }
                if now >= nextReclaim {
                    cursor = try reclaim(from: cursor)
                    nextReclaim = now + max(0.05, c.claimAfter / 2)
                }
                if let due = nextStats, now >= due {
                    printStats()
                    nextStats = now + (c.statsEvery ?? 1)
                }
                let free = c.concurrency - working.load(ordering: .relaxed)
                var wake = min(nextHeartbeat, nextReclaim, nextStats ?? .infinity, now + 0.25)
                if let due = held.withLock({ $0.values.compactMap(\.due).min() }) { wake = min(wake, due) }
                if free <= 0 {
                    Thread.sleep(forTimeInterval: min(0.005, max(0, wake - now)))
                    continue
                }
                let block = max(1, Int(((wake - now) * 1000).rounded(.up)))
                let entries: [RedisStreamEntry]
                do {
                    entries = try reader.readGroup(stream: c.keys.stream, group: c.group, consumer: c.consumer,
                                                   count: free, blockMilliseconds: block)
                } catch where isNoGroup(error) {
                    // An emptied Redis (restarted without its data): make the group again.
                    FileHandle.standardError.write(Data("svga: \(error.description); creating the group again\n".utf8))
                    try reader.createGroup(stream: c.keys.stream, group: c.group)
                    continue
                }
                for entry in entries {
                    stats.update { $0.received += 1 }
                    try dispatch(entry, deliveries: 1)
                }
            }
            // Stop: what waits for its window renders now; then wait for the work in flight.
            try sealDue(now: .infinity)
            while held.withLock({ !$0.isEmpty }) {
                if PoolRunner.now() >= nextHeartbeat {
                    try heartbeat()
                    nextHeartbeat = PoolRunner.now() + c.heartbeatInterval
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        } catch {
            if error.isConnectionFailure && shouldStop() { throw .stoppedWhileDisconnected(error) }
            throw .redis(error)
        }
        if c.statsEvery != nil { printStats() }
    }

    private func isNoGroup(_ error: RedisError) -> Bool {
        if case .server(_, _, let message) = error { return message.hasPrefix("NOGROUP") }
        return false
    }

    func printStats() {
        emit(stats.line(inFlight: inFlight, reconnects: reader.reconnects + control.reconnects))
    }

    /// One delivery: dead-letter, skip, join a combo, wait as its owner, or work.
    private func dispatch(_ entry: RedisStreamEntry, deliveries: Int) throws(RedisError) {
        let c = configuration
        if held.withLock({ $0[entry.id] != nil }) { return }   // ours already (a late heartbeat)
        let item: PoolItem
        switch handler.item(from: entry) {
        case .failure(let problem):
            try deadLetter(entry: entry, item: nil, error: problem.reason, deliveries: deliveries)
            return
        case .success(let i): item = i
        }
        if deliveries > c.maxDeliveries {
            try deadLetter(entry: entry, item: item, error: "worker stopped before finishing", deliveries: deliveries)
            return
        }
        let reply = try reader.evaluate(PoolScripts.claim, keys: [], arguments: [
            c.keys.prefix, item.id, entry.id, c.consumer, String(c.claimAfterMilliseconds),
            String(item.comboSuffix == nil ? 0 : Int((c.comboWindow * 1000).rounded())), String(c.dedupeTTL),
            item.comboSuffix ?? "", item.payload, c.keys.stream, c.group,
        ])
        let parts = (reply.array ?? []).map { $0.string ?? "" }
        guard parts.count == 3 else {
            throw .unexpectedReply(endpoint: reader.endpoint.description, command: "EVALSHA claim", got: reply.description)
        }
        let taken = PoolRunner.now()
        switch parts[0] {
        case "done":
            try answer(handler.skipped(item, alreadyDoneAs: parts[1], holder: nil), entry: entry.id, taken: taken)
        case "busy":
            try answer(handler.skipped(item, alreadyDoneAs: nil, holder: parts[1]), entry: entry.id, taken: taken)
        case "merged":
            stats.update { $0.merged += 1 }
        case "owner":
            let wait = max(0, Double((Int(parts[1]) ?? 0) - (Int(parts[2]) ?? 0)) / 1000)
            // A little past the deadline, so joins Redis accepted up to the deadline are in.
            held.withLock { $0[entry.id] = Held(item: item, taken: taken, due: taken + wait + 0.02) }
        default:
            held.withLock { $0[entry.id] = Held(item: item, taken: taken, due: nil) }
            start(item, members: [item.payload])
        }
    }

    private func answer(_ result: PoolResult, entry: String, taken: Double) throws(RedisError) {
        let c = configuration
        try reader.evaluate(PoolScripts.skip, keys: [], arguments: [c.keys.results, c.keys.stream, c.group, entry, result.id, result.status])
        stats.update { $0.skipped += 1 }
        stats.record(latencyMilliseconds: Int((PoolRunner.now() - taken) * 1000))
        emit(result.line)
    }

    /// Combos whose window has passed (all of them when stopping) are sealed and start work.
    private func sealDue(now: Double) throws(RedisError) {
        let due = held.withLock { all in all.filter { ($0.value.due ?? .infinity) <= now } }
        for (entryID, h) in due.sorted(by: { $0.value.taken < $1.value.taken }) {
            let members = try seal(h.item)
            held.withLock { $0[entryID]?.due = nil }
            start(h.item, members: members.isEmpty ? [h.item.payload] : members)
        }
    }

    private func seal(_ item: PoolItem) throws(RedisError) -> [String] {
        let reply = try reader.evaluate(PoolScripts.seal, keys: [], arguments: [configuration.keys.prefix, item.id])
        return (reply.array ?? []).compactMap(\.string)
    }

    private func start(_ item: PoolItem, members: [String]) {
        working.add(1, ordering: .relaxed)
        DispatchQueue.global().async { [self] in
            let outcome = handler.work(item, members: members)
            finish(item, outcome: outcome)
            working.subtract(1, ordering: .relaxed)
        }
    }

    /// On a work thread: publish (or record the failure) on the control connection. A Redis
    /// error other than a lost connection (which is retried) leaves the entry pending.
    private func finish(_ item: PoolItem, outcome: PoolOutcome) {
        let c = configuration
        let taken = held.withLock { $0[item.entry.id]?.taken } ?? PoolRunner.now()
        do {
            switch outcome {
            case .publish(let results):
                var arguments = [c.keys.prefix, String(c.dedupeTTL), c.keys.results, c.keys.stream, c.group, item.id]
                for r in results { arguments += [r.id, r.entry, r.status] }
                try control.evaluate(PoolScripts.publish, keys: [], arguments: arguments)
                stats.update { s in
                    for r in results {
                        switch r.kind {
                        case .completed: s.completed += 1
                        case .skipped: s.skipped += 1
                        case .failed: s.failed += 1
                        }
                    }
                }
                stats.record(latencyMilliseconds: Int((PoolRunner.now() - taken) * 1000))
                for r in results { emit(r.line) }
            case .fail(let error):
                try control.evaluate(PoolScripts.fail, keys: [], arguments: [c.keys.prefix, item.entry.id, item.id, error, String(c.dedupeTTL)])
                stats.update { $0.failed += 1 }
                FileHandle.standardError.write(Data("svga: \(item.id) (entry \(item.entry.id)): \(error); left pending for a retry\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("svga: \(item.id) (entry \(item.entry.id)): \(error.description); left pending\n".utf8))
        }
        _ = held.withLock { $0.removeValue(forKey: item.entry.id) }
    }

    private func deadLetter(entry: RedisStreamEntry, item: PoolItem?, error: String, deliveries: Int) throws(RedisError) {
        let c = configuration
        // The last work error, when there was one, is what the dead letter and the members say.
        let error = try reader.command(["GET", c.keys.error(entry: entry.id)]).string ?? error
        var memberResults: [PoolResult] = []
        if let item, item.comboSuffix != nil {
            let members = try seal(item)
            if members.count > 1 { memberResults = handler.deadMembers(item, members: Array(members.dropFirst()), error: error) }
        }
        var arguments = [c.keys.prefix, c.keys.dead, c.keys.results, c.keys.stream, c.group, entry.id, item?.id ?? "",
                         error, String(deliveries), item?.payload ?? entry.fields.map { "\($0.name)=\(String(decoding: $0.value, as: UTF8.self))" }.joined(separator: " "),
                         c.consumer]
        for r in memberResults { arguments += [r.id, r.status] }
        let recorded = try reader.evaluate(PoolScripts.dead, keys: [], arguments: arguments).string ?? error
        stats.update { $0.deadLettered += 1 }
        emit(handler.deadLine(entry: entry, item: item, error: recorded, deliveries: deliveries))
        for r in memberResults { emit(r.line) }
    }

    private func heartbeat() throws(RedisError) {
        let c = configuration
        let pairs = held.withLock { $0.values.flatMap { [$0.item.id, $0.item.entry.id] } }
        guard !pairs.isEmpty else { return }
        try reader.evaluate(PoolScripts.heartbeat, keys: [], arguments: [c.keys.prefix, c.keys.stream, c.group, c.consumer,
                                                                          String(c.claimAfterMilliseconds)] + pairs)
    }

    /// XAUTOCLAIM of entries idle longer than --claim-after, as many as there are free slots;
    /// each is dispatched with its delivery count (XPENDING). Returns the scan cursor.
    private func reclaim(from cursor: String) throws(RedisError) -> String {
        let c = configuration
        let free = c.concurrency - working.load(ordering: .relaxed)
        guard free > 0 else { return cursor }
        let claimed = try reader.autoClaim(stream: c.keys.stream, group: c.group, consumer: c.consumer,
                                           minIdleMilliseconds: c.claimAfterMilliseconds, start: cursor, count: free)
        for entry in claimed.entries {
            // Ours already: its heartbeat came late (the machine stalled); nothing to take over.
            if held.withLock({ $0[entry.id] != nil }) { continue }
            let deliveries = try reader.pending(stream: c.keys.stream, group: c.group, from: entry.id, to: entry.id, count: 1)
                .first?.deliveries ?? 1
            stats.update { $0.reclaimed += 1 }
            try dispatch(entry, deliveries: deliveries)
        }
        return claimed.next
    }
}
