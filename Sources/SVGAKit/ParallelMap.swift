import Dispatch

/// The one work loop of the package: frame renders, file validations, preview frames and
/// optimize proofs all run their items through it.
///
/// Workers take item indices in increasing order, so when item `i` fails every item below `i`
/// has already been taken; workers take no new item after a failure but finish the ones they
/// hold. The error thrown is therefore the one of the lowest failing index, the same for any
/// thread count, and results come back in index order: outputs never depend on `threads`.
///
/// State lives in `Locked` boxes, never in `Mutex`/`Atomic` locals captured by the worker
/// closure (Locked.swift says why).
package enum ParallelMap {
    /// Calls `body` for each index in `0 ..< count` on up to `threads` workers (nil: the CPUs
    /// this process may use), in no particular order. Stops taking items after the first error
    /// and throws the error of the lowest failing index.
    package static func forEach<E: Error>(_ count: Int, threads: Int? = nil,
                                          _ body: @Sendable (Int) throws(E) -> Void) throws(E) {
        guard count > 0 else { return }
        let workers = min(count, max(1, threads ?? AvailableCPUs.count))
        if workers == 1 {
            for i in 0..<count { try body(i) }
            return
        }
        let state = Locked(LoopState<E>())
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = state.withLock({ $0.take(below: count) }) {
                do throws(E) {
                    try body(i)
                } catch {
                    state.withLock { $0.record(error, at: i) }
                }
            }
        }
        if let failure = state.withLock({ $0.failure }) { throw failure.error }
    }

    /// `transform` applied to each index in `0 ..< count` on up to `threads` workers, results in
    /// index order. Errors as in `forEach`.
    package static func map<T, E: Error>(_ count: Int, threads: Int? = nil,
                                         _ transform: @Sendable (Int) throws(E) -> T) throws(E) -> [T] {
        let slots = Locked<[T?]>(Array(repeating: nil, count: max(0, count)))
        try forEach(count, threads: threads) { (i) throws(E) in
            let value = try transform(i)
            slots.withLock { $0[i] = value }
        }
        return slots.withLock { $0.map { $0! } }
    }
}

/// Shared state of one `ParallelMap.forEach` run.
private struct LoopState<E: Error> {
    var next = 0
    var failure: (index: Int, error: E)?

    /// The next index to work on, or nil once all are taken or an item has failed.
    mutating func take(below count: Int) -> Int? {
        guard failure == nil, next < count else { return nil }
        defer { next += 1 }
        return next
    }

    mutating func record(_ error: E, at index: Int) {
        if let failure, failure.index < index { return }
        failure = (index, error)
    }
}
