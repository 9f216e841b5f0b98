/// An axis-aligned rectangle. May be empty or have a negative size (the SVGA layout can);
/// callers check `isEmpty` where that matters.
public struct Rect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }
    /// True when the rectangle covers no area (zero, negative or non-finite size).
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) || !width.isFinite || !height.isFinite }

    /// The bounding box of this rectangle's four corners under `t`.
    public func transformed(by t: Transform) -> Rect {
        let pts = [t.apply(Point(minX, minY)), t.apply(Point(maxX, minY)),
                   t.apply(Point(maxX, maxY)), t.apply(Point(minX, maxY))]
        var lo = pts[0], hi = pts[0]
        for p in pts.dropFirst() {
            lo = Point(Swift.min(lo.x, p.x), Swift.min(lo.y, p.y))
            hi = Point(Swift.max(hi.x, p.x), Swift.max(hi.y, p.y))
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    public func intersection(_ o: Rect) -> Rect? {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
