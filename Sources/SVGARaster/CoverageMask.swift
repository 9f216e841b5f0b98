/// Antialiased coverage (0 = outside, 255 = fully inside) over a device-space pixel rectangle.
/// The rasterizer produces one per filled path; clips are kept as one; blitters read one.
public struct CoverageMask: Sendable, Hashable {
    public let bounds: IntRect
    /// bounds.width × bounds.height bytes, row-major.
    public var data: [UInt8]
    public init(bounds: IntRect, data: [UInt8]) {
        precondition(data.count == bounds.width * bounds.height)
        self.bounds = bounds; self.data = data
    }
    public init(bounds: IntRect, filledWith value: UInt8 = 0) {
        self.bounds = bounds
        self.data = [UInt8](repeating: value, count: bounds.width * bounds.height)
    }
}
