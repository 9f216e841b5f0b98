import SVGAFormat
import SVGAKit
import Synchronization

/// Decoded movies by resource content hash, shared across events (and across gifts that point
/// at the same bytes). A failure is remembered too: the same bytes would fail the same way, so
/// each distinct resource is classified and decoded at most once while it stays cached. The
/// cache keeps the `capacity` most recently used entries, so a long-running hook over a large
/// catalog does not hold every animation it has ever seen.
public final class GiftAnimationCache: Sendable {
    /// Why bytes gave no movie: not an SVGA at all (a skip), or a corrupt one (an error).
    public enum Problem: Error, Sendable {
        case notSVGA(reason: String)
        case corrupt(DecodeError)
    }

    private struct Entry: Sendable {
        let result: Result<Movie, Problem>
        var lastUse: Int
    }
    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var tick = 0
    }

    public let capacity: Int
    private let state = Mutex(State())
    private let decodes = Atomic<Int>(0)

    /// 32 gifts: a room's active gifts fit, and a few dozen decoded animations stay within
    /// a few hundred MiB even for large ones.
    public init(capacity: Int = 32) { self.capacity = max(1, capacity) }

    /// Decodes done so far (a cache hit does not count); tests check the reuse.
    public var decodeCount: Int { decodes.load(ordering: .relaxed) }

    /// The movie (or why there is none) for `hash`, classifying (ResourceKind) and decoding
    /// `bytes()` on a miss. Decoding runs outside the lock; if two threads miss at once both
    /// decode and the first result is kept.
    public func movie(forHash hash: String, bytes: () throws(FetchError) -> [UInt8]) throws(FetchError) -> Result<Movie, Problem> {
        let hit: Result<Movie, Problem>? = state.withLock { s in
            guard var entry = s.entries[hash] else { return nil }
            s.tick += 1
            entry.lastUse = s.tick
            s.entries[hash] = entry
            return entry.result
        }
        if let hit { return hit }
        let data = try bytes()
        let result: Result<Movie, Problem>
        if case .notSVGA(let reason) = ResourceKind.classify(data) {
            result = .failure(.notSVGA(reason: reason))
        } else {
            decodes.add(1, ordering: .relaxed)
            do { result = .success(try SVGADecoder.decode(data)) } catch { result = .failure(.corrupt(error)) }
        }
        return state.withLock { s in
            s.tick += 1
            if let first = s.entries[hash] { return first.result }
            s.entries[hash] = Entry(result: result, lastUse: s.tick)
            if s.entries.count > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                s.entries[oldest] = nil
            }
            return result
        }
    }
}
