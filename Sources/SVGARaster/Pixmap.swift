/// A premultiplied RGBA8 image: `data` holds width × height × 4 bytes, row-major, R G B A,
/// every colour channel ≤ alpha. Made only through the failable initialiser, which checks the
/// size against `Pixmap.maxPixelCount` without overflow.
public struct Pixmap: Sendable, Hashable {
    /// 64 Mpx (256 MiB of RGBA8): far above any gift canvas or image, small enough that a
    /// hostile size cannot take the machine's memory.
    public static let maxPixelCount = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Premultiplied RGBA8.
    public var data: [UInt8]

    /// A transparent pixmap, or nil when a side is ≤ 0 or the pixel count is over the cap.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Pixmap.maxPixelCount else { return nil }
        self.width = width; self.height = height
        self.data = [UInt8](repeating: 0, count: count * 4)
    }

    /// Wraps existing premultiplied RGBA8 bytes; nil when the count does not match.
    public init?(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
        guard width > 0, height > 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Pixmap.maxPixelCount, premultipliedRGBA.count == count * 4 else { return nil }
        self.width = width; self.height = height; self.data = premultipliedRGBA
    }

    @inlinable public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height)! }

    public mutating func clear() {
        data.withUnsafeMutableBufferPointer { buf in
            buf.update(repeating: 0)
        }
    }
}
