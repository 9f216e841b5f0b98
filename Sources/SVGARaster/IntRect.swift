import SVGAGeometry

/// A pixel rectangle in device space: columns x ..< x + width, rows y ..< y + height.
/// Only the failable initialiser makes one, so an `IntRect` is never empty or negative.
public struct IntRect: Sendable, Hashable {
    public let x: Int, y: Int, width: Int, height: Int

    public init?(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }

    public func intersection(_ o: IntRect) -> IntRect? {
        let x0 = Swift.max(x, o.x), y0 = Swift.max(y, o.y)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension IntRect {
    /// The same rectangle in geometry (Double) coordinates.
    public var geometryRect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}
