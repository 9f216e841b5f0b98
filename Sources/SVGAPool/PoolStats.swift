import Foundation
import SVGAJSON
import SVGAKit
import Synchronization

/// Counters of one worker, printed as a JSON line every --stats-every seconds:
/// `{"stats": {"received", "<done>", "skipped", "merged", "failed", "reclaimed", "deadLettered",
/// "inFlight", "p50Ms", "p95Ms", "reconnects"}}`, where `<done>` is `rendered` for the hook and
/// `done` for upload jobs. Latency is from the moment this worker took the entry to the moment
/// its result was published (the combo window included), over the last 1000 results.
public final class PoolStats: Sendable {
    public struct Counters: Sendable, Equatable {
        public var received = 0, completed = 0, skipped = 0, merged = 0, failed = 0, reclaimed = 0, deadLettered = 0
    }
    private struct State {
        var counters = Counters()
        var latencies: [Int] = []
        var next = 0
    }
    private let state = Mutex(State())
    private let completedName: String
    static let window = 1000

    init(completedName: String) { self.completedName = completedName }

    func update(_ change: (inout Counters) -> Void) { state.withLock { change(&$0.counters) } }

    func record(latencyMilliseconds ms: Int) {
        state.withLock { s in
            if s.latencies.count < PoolStats.window { s.latencies.append(ms) } else { s.latencies[s.next] = ms }
            s.next = (s.next + 1) % PoolStats.window
        }
    }

    public var counters: Counters { state.withLock { $0.counters } }

    func line(inFlight: Int, reconnects: Int) -> String {
        let (c, sorted) = state.withLock { ($0.counters, $0.latencies.sorted()) }
        func percentile(_ q: Double) -> JSONValue {
            sorted.isEmpty ? .null : .int(sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))])
        }
        let object: JSONValue = .object([
            ("received", .int(c.received)), (completedName, .int(c.completed)), ("skipped", .int(c.skipped)),
            ("merged", .int(c.merged)), ("failed", .int(c.failed)), ("reclaimed", .int(c.reclaimed)),
            ("deadLettered", .int(c.deadLettered)), ("inFlight", .int(inFlight)),
            ("p50Ms", percentile(0.5)), ("p95Ms", percentile(0.95)), ("reconnects", .int(reconnects)),
        ])
        return JSONValue.object([("stats", object)]).serialized()
    }
}
