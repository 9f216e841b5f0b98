/// A frame list like `0-9,15,20-` (zero-based, inclusive ranges; an open end runs to the last
/// frame), resolved against a frame count.
public struct FrameSelection: Sendable, Hashable {
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        case malformed(part: String)
        case outOfRange(part: String, frameCount: Int)
        public var description: String {
            switch self {
            case .malformed(let p): return "frame list part '\(p)' is not N, N-M, N- or -M"
            case .outOfRange(let p, let n): return "frame list part '\(p)' is outside the frames " + (n > 0 ? "0–\(n - 1)" : "(there are none)")
            }
        }
    }

    /// Sorted, unique frame indices.
    public let frames: [Int]

    public init(frames: [Int]) { self.frames = Array(Set(frames)).sorted() }
    private init(sortedUnique: [Int]) { self.frames = sortedUnique }

    public static func all(_ frameCount: Int) -> FrameSelection { FrameSelection(frames: Array(0..<max(0, frameCount))) }

    public static func parse(_ spec: String, frameCount: Int) throws(ParseError) -> FrameSelection {
        // Ranges are merged before expanding, so repeated or overlapping parts ("1-,1-,…") cost
        // O(parts · log parts + frames), not parts × frames.
        var ranges: [(lo: Int, hi: Int)] = []
        for rawPart in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(rawPart).trimmingSpaces()
            guard !part.isEmpty else { throw .malformed(part: String(rawPart)) }
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let lo: Int, hi: Int
            if bounds.count == 1 {
                guard let v = Int(bounds[0]), v >= 0 else { throw .malformed(part: part) }
                lo = v; hi = v
            } else {
                let a = bounds[0].isEmpty ? 0 : Int(bounds[0])
                let b = bounds[1].isEmpty ? frameCount - 1 : Int(bounds[1])
                guard let a, let b, a >= 0, b >= a || bounds[1].isEmpty else { throw .malformed(part: part) }
                lo = a; hi = b
            }
            guard lo < frameCount, hi < frameCount else { throw .outOfRange(part: part, frameCount: frameCount) }
            if lo <= hi { ranges.append((lo, hi)) }
        }
        ranges.sort { $0.lo < $1.lo }
        var frames: [Int] = []
        var next = 0   // the first frame not yet emitted
        for r in ranges where r.hi >= next {
            frames.append(contentsOf: max(r.lo, next)...r.hi)
            next = r.hi + 1
        }
        return FrameSelection(sortedUnique: frames)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
