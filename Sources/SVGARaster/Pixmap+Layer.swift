// Layer compositing for isolated groups (spec A.6 mattes): a run is drawn into a transparent
// layer, multiplied by the matte's alpha (destination-in), then composited source-over.
// Both are whole-pixmap passes over buffer pointers; `*Reference` twins in Pixmap+Reference.swift.

extension Pixmap {
    /// Source-over of a same-size layer onto self (premultiplied: d = s + div255(d · (255 − sa))).
    public mutating func compositeSourceOver(_ layer: Pixmap) {
        precondition(layer.width == width && layer.height == height,
                     "compositeSourceOver: layer is \(layer.width)×\(layer.height), target \(width)×\(height)")
        let count = width * height
        data.withUnsafeMutableBufferPointer { dst in
            layer.data.withUnsafeBufferPointer { src in
                let d = dst.baseAddress!, s = src.baseAddress!
                var i = 0
                while i < count {
                    let p = i * 4
                    let sa = UInt32(s[p + 3])
                    if sa == 255 {
                        d[p] = s[p]; d[p + 1] = s[p + 1]; d[p + 2] = s[p + 2]; d[p + 3] = 255
                    } else if sa != 0 {
                        let inv = 255 &- sa
                        d[p] = UInt8(truncatingIfNeeded: sourceOver(UInt32(s[p]), UInt32(d[p]), inverseAlpha: inv))
                        d[p + 1] = UInt8(truncatingIfNeeded: sourceOver(UInt32(s[p + 1]), UInt32(d[p + 1]), inverseAlpha: inv))
                        d[p + 2] = UInt8(truncatingIfNeeded: sourceOver(UInt32(s[p + 2]), UInt32(d[p + 2]), inverseAlpha: inv))
                        d[p + 3] = UInt8(truncatingIfNeeded: sourceOver(sa, UInt32(d[p + 3]), inverseAlpha: inv))
                    }
                    i += 1
                }
            }
        }
    }

    /// Destination-in: self × (matte.alpha / 255) per pixel (same size).
    public mutating func multiplyByAlpha(of matte: Pixmap) {
        precondition(matte.width == width && matte.height == height,
                     "multiplyByAlpha: matte is \(matte.width)×\(matte.height), target \(width)×\(height)")
        let count = width * height
        data.withUnsafeMutableBufferPointer { dst in
            matte.data.withUnsafeBufferPointer { src in
                let d = dst.baseAddress!, s = src.baseAddress!
                var i = 0
                while i < count {
                    let p = i * 4
                    let m = UInt32(s[p + 3])
                    if m == 0 {
                        d[p] = 0; d[p + 1] = 0; d[p + 2] = 0; d[p + 3] = 0
                    } else if m != 255 {
                        d[p] = UInt8(truncatingIfNeeded: div255(UInt32(d[p]) &* m))
                        d[p + 1] = UInt8(truncatingIfNeeded: div255(UInt32(d[p + 1]) &* m))
                        d[p + 2] = UInt8(truncatingIfNeeded: div255(UInt32(d[p + 2]) &* m))
                        d[p + 3] = UInt8(truncatingIfNeeded: div255(UInt32(d[p + 3]) &* m))
                    }
                    i += 1
                }
            }
        }
    }
}
