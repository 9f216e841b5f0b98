import Foundation
import SVGAKit
import Testing

/// The shared work loop: results in index order, the error of the lowest failing index, and no
/// new items taken after a failure, for any thread count.
struct ParallelMapTests {
    struct ItemFailed: Error, Equatable { let index: Int }

    /// Items finish out of order: each sleeps a pseudo-random few hundred microseconds.
    static func jitter(_ i: Int) { usleep(UInt32((i * 7919) % 13) * 50) }

    @Test(arguments: [1, 2, 3, 8, 64])
    func resultsComeBackInIndexOrder(threads: Int) {
        let squares = ParallelMap.map(200, threads: threads) { i in Self.jitter(i); return i * i }
        #expect(squares == (0..<200).map { $0 * $0 })
    }

    @Test(arguments: [1, 2, 4, 8])
    func theLowestFailingIndexIsThrown(threads: Int) {
        // Index 70 fails fast, index 30 slowly: whoever fails first in time, 30 is reported.
        #expect(throws: ItemFailed(index: 30)) {
            _ = try ParallelMap.map(100, threads: threads) { (i) throws(ItemFailed) -> Int in
                if i == 30 { usleep(20_000); throw ItemFailed(index: 30) }
                if i == 70 { throw ItemFailed(index: 70) }
                Self.jitter(i)
                return i
            }
        }
    }

    @Test(arguments: [1, 4])
    func noNewItemIsTakenAfterAFailure(threads: Int) {
        let visited = Locked<[Int]>([])
        #expect(throws: ItemFailed(index: 0)) {
            try ParallelMap.forEach(1000, threads: threads) { (i) throws(ItemFailed) in
                visited.withLock { $0.append(i) }
                if i == 0 { throw ItemFailed(index: 0) }
                usleep(1_000)
            }
        }
        let seen = visited.withLock { $0 }
        // One thread stops at once; with four, the other workers finish the items they hold
        // and may take a few more before the failure is recorded, never the whole range.
        if threads == 1 { #expect(seen == [0]) } else { #expect(seen.count < 50, "\(seen.count) items ran") }
    }

    @Test func nothingRunsForNoItems() {
        let calls = Locked(0)
        let out = ParallelMap.map(0, threads: 4) { i in calls.withLock { $0 += 1 }; return i }
        #expect(out.isEmpty)
        #expect(calls.withLock { $0 } == 0)
    }
}
