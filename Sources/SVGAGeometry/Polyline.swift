/// A flattened contour: straight segments between consecutive points, in device space when it
/// feeds the rasterizer. For filling, every polyline is implicitly closed.
public struct Polyline: Sendable, Hashable {
    public var points: [Point]
    public var isClosed: Bool
    public init(points: [Point], isClosed: Bool) { self.points = points; self.isClosed = isClosed }
}
