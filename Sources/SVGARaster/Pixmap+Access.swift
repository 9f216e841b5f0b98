// Single-pixel reads, for tests and diagnostics (blitters work on rows, never through these).

extension Pixmap {
    /// Premultiplied RGBA of pixel (x, y); the coordinates must be inside the pixmap.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let p = (y * width + x) * 4
        return (data[p], data[p + 1], data[p + 2], data[p + 3])
    }
}

extension CoverageMask {
    /// The coverage at device pixel (x, y); 0 outside the bounds.
    public func coverage(atX x: Int, y: Int) -> UInt8 {
        guard x >= bounds.x, x < bounds.maxX, y >= bounds.y, y < bounds.maxY else { return 0 }
        return data[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }
}
