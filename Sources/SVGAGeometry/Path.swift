/// One absolute path segment. The path parser resolves relative commands, H/V, S/T and arcs
/// into these, so nothing downstream sees SVG syntax (STYLE.md habit 1).
public enum PathSegment: Sendable, Hashable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)            // control, end
    case cubic(Point, Point, Point)    // control 1, control 2, end
    case close
}

/// A path of absolute segments in one coordinate space (stated by the holder).
public struct Path: Sendable, Hashable {
    public var segments: [PathSegment]

    @inlinable public init(_ segments: [PathSegment] = []) { self.segments = segments }

    @inlinable public var isEmpty: Bool { segments.isEmpty }

    public mutating func move(to p: Point) { segments.append(.move(p)) }
    public mutating func line(to p: Point) { segments.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { segments.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        segments.append(.cubic(c1, c2, p))
    }
    public mutating func close() { segments.append(.close) }
    public mutating func append(_ other: Path) { segments.append(contentsOf: other.segments) }

    /// Every point of the path (ends and control points) mapped by `t`.
    public func transformed(by t: Transform) -> Path {
        if t.isIdentity { return self }
        return Path(segments.map { seg in
            switch seg {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }

    /// Bounds of all end and control points (a superset of the drawn area); nil when empty.
    public var controlBounds: Rect? {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        func add(_ p: Point) {
            lo = Point(Swift.min(lo.x, p.x), Swift.min(lo.y, p.y))
            hi = Point(Swift.max(hi.x, p.x), Swift.max(hi.y, p.y))
        }
        for seg in segments {
            switch seg {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    public var isFinite: Bool {
        segments.allSatisfy { seg in
            switch seg {
            case .move(let p), .line(let p): return p.isFinite
            case .quad(let c, let p): return c.isFinite && p.isFinite
            case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
            case .close: return true
            }
        }
    }
}
