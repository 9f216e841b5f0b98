import Foundation

/// A value behind a lock, shared by reference between the workers of a parallel loop.
///
/// Why a class and not `Synchronization.Mutex`/`Atomic` locals: a local `Mutex` captured by the
/// worker closure of `DispatchQueue.concurrentPerform` corrupted the heap in release builds with
/// Swift 6.3.1 (`free(): invalid next size` in SequenceRendererTests, reproducible; gone with
/// this box). A class instance is shared by reference, whatever the optimizer does with captures.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value == Int {
    /// Returns the current value and adds one: the next work index.
    package func takeNext() -> Int { withLock { v in defer { v += 1 }; return v } }
}
