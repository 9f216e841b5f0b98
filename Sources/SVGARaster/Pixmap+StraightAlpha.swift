// Conversions at the PNG boundary: files hold straight alpha, pixmaps premultiplied (spec A.2).
// Both round to nearest, so alpha 255 round-trips exactly and alpha 0 maps to 0,0,0,0.

extension Pixmap {
    /// Straight-alpha RGBA8 bytes (for PNG writing): unpremultiply with rounding
    /// (c · 255 + a/2) / a, capped at 255; a = 0 → 0,0,0,0.
    public func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: data.count)
        let count = width * height
        data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                var i = 0
                while i < count {
                    let p = i * 4
                    let a = UInt32(s[p + 3])
                    if a == 255 {
                        d[p] = s[p]; d[p + 1] = s[p + 1]; d[p + 2] = s[p + 2]; d[p + 3] = 255
                    } else if a != 0 {
                        let half = a / 2
                        d[p] = UInt8(truncatingIfNeeded: Swift.min(255, (UInt32(s[p]) * 255 + half) / a))
                        d[p + 1] = UInt8(truncatingIfNeeded: Swift.min(255, (UInt32(s[p + 1]) * 255 + half) / a))
                        d[p + 2] = UInt8(truncatingIfNeeded: Swift.min(255, (UInt32(s[p + 2]) * 255 + half) / a))
                        d[p + 3] = UInt8(truncatingIfNeeded: a)
                    }
                    i += 1
                }
            }
        }
        return out
    }

    /// From straight RGBA8 (PNG decode): premultiply with rounding, round(c · a / 255) (the same
    /// value as (c · a + 127) / 255: c · a / 255 is never exactly half-way). Nil when the size is
    /// invalid or the byte count does not match.
    public init?(width: Int, height: Int, straightRGBA: [UInt8]) {
        guard var pixmap = Pixmap(width: width, height: height),
              straightRGBA.count == pixmap.data.count else { return nil }
        let count = width * height
        straightRGBA.withUnsafeBufferPointer { src in
            pixmap.data.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                var i = 0
                while i < count {
                    let p = i * 4
                    let a = UInt32(s[p + 3])
                    if a == 255 {
                        d[p] = s[p]; d[p + 1] = s[p + 1]; d[p + 2] = s[p + 2]; d[p + 3] = 255
                    } else if a != 0 {
                        d[p] = UInt8(truncatingIfNeeded: div255(UInt32(s[p]) &* a))
                        d[p + 1] = UInt8(truncatingIfNeeded: div255(UInt32(s[p + 1]) &* a))
                        d[p + 2] = UInt8(truncatingIfNeeded: div255(UInt32(s[p + 2]) &* a))
                        d[p + 3] = UInt8(truncatingIfNeeded: a)
                    }
                    i += 1
                }
            }
        }
        self = pixmap
    }
}
