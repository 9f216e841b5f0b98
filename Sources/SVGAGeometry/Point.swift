/// A point or vector in some 2-D space. Which space (sprite-local, canvas, device) is stated
/// by whoever holds it.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    @inlinable public static func + (l: Point, r: Point) -> Point { Point(l.x + r.x, l.y + r.y) }
    @inlinable public static func - (l: Point, r: Point) -> Point { Point(l.x - r.x, l.y - r.y) }
    @inlinable public static func * (l: Point, s: Double) -> Point { Point(l.x * s, l.y * s) }
    @inlinable public static func * (s: Double, r: Point) -> Point { Point(r.x * s, r.y * s) }
    @inlinable public static prefix func - (p: Point) -> Point { Point(-p.x, -p.y) }

    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public func distance(to o: Point) -> Double { (self - o).length }
    /// Linear interpolation: `self` at t = 0, `o` at t = 1.
    @inlinable public func lerp(_ o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }
}
