import Foundation

/// A spool queue as an event source: what a dead hook left in `claimed/` first, then `incoming/`,
/// polled every `pollInterval` seconds (waking earlier when a combo window ends) until
/// `shouldStop` says so (SIGINT/SIGTERM in the CLI), or, with `once`, until `incoming/` is empty.
/// Each claimed file is a delivery; acknowledging it moves it to `done/` or `failed/`, and the
/// runner renders pending combos before it returns, so every claimed file ends in one of them.
public final class SpoolSource: HookEventSource {
    public let queue: SpoolQueue
    private let once: Bool
    private let pollInterval: Double
    private let shouldStop: () -> Bool
    private var leftoversTaken = false

    public init(queue: SpoolQueue, once: Bool, pollInterval: Double = 0.25, shouldStop: @escaping () -> Bool = { false }) {
        self.queue = queue
        self.once = once
        self.pollInterval = pollInterval
        self.shouldStop = shouldStop
    }

    public func receive(timeout: Double?) throws(SpoolError) -> HookReceipt<URL> {
        if !leftoversTaken {
            leftoversTaken = true
            let leftovers = try queue.leftovers()
            if !leftovers.isEmpty { return .deliveries(leftovers.map(delivery)) }
        }
        // A stop asked for while the last files were processed ends the loop before claiming more.
        if !once && shouldStop() { return .end(readError: nil) }
        let claimed = try queue.claimIncoming()
        if !claimed.isEmpty { return .deliveries(claimed.map(delivery)) }
        if once || shouldStop() { return .end(readError: nil) }
        let wait = min(pollInterval, max(0, timeout ?? pollInterval))
        if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
        return .deliveries([])
    }

    public func acknowledge(_ file: URL, statuses: [HookStatus]) {
        queue.finish(file, statuses: statuses)
    }

    private func delivery(_ file: URL) -> HookDelivery<URL> {
        HookDelivery(handle: file, entries: SpoolQueue.entries(of: file))
    }
}
