import SVGAGeometry

// Plain per-pixel twins of the blitters (habit 7): the oracle the seeded random tests hold the
// fast paths to. Written for obviousness, not speed: array subscripts, one pixel at a time, the
// sampling math straight from its definition in Double. Public so the release-mode test run
// (which has no @testable import) can reach them; not for production use.

extension Pixmap {
    /// Coverage × clip for pixel (x, y), or 0.
    private static func referenceCoverage(_ mask: CoverageMask, _ clip: CoverageMask?, _ x: Int, _ y: Int) -> UInt32 {
        let k = UInt32(mask.coverage(atX: x, y: y))
        guard let clip else { return k }
        return div255(k * UInt32(clip.coverage(atX: x, y: y)))
    }

    /// Source-over of premultiplied (sr, sg, sb, sa) scaled by coverage `k` onto pixel index `p`;
    /// `divide` is div255 (fills, layers) or div255Lowp (bitmaps).
    private mutating func referenceBlend(_ p: Int, _ s: (UInt32, UInt32, UInt32, UInt32), _ k: UInt32,
                                         divide: (UInt32) -> UInt32 = div255) {
        let sr = divide(s.0 * k), sg = divide(s.1 * k), sb = divide(s.2 * k), sa = divide(s.3 * k)
        let inv = 255 - sa
        data[p] = UInt8(sr + divide(UInt32(data[p]) * inv))
        data[p + 1] = UInt8(sg + divide(UInt32(data[p + 1]) * inv))
        data[p + 2] = UInt8(sb + divide(UInt32(data[p + 2]) * inv))
        data[p + 3] = UInt8(sa + divide(UInt32(data[p + 3]) * inv))
    }

    /// Twin of `fill(_:color:clip:)`.
    public mutating func fillReference(_ mask: CoverageMask, color: PremultipliedColorU8, clip: CoverageMask?) {
        for y in 0..<height {
            for x in 0..<width {
                let k = Pixmap.referenceCoverage(mask, clip, x, y)
                if k == 0 { continue }
                referenceBlend((y * width + x) * 4,
                               (UInt32(color.r), UInt32(color.g), UInt32(color.b), UInt32(color.a)), k)
            }
        }
    }

    /// Twin of `drawImage(_:imageToDevice:alpha:mask:clip:)`: every pixel's centre mapped by the
    /// inverse directly, bilinear in Double (the textbook lerp), composited like the fast path
    /// with the lowp divide.
    public mutating func drawImageReference(_ image: Pixmap, imageToDevice: Transform, alpha: Double,
                                            mask: CoverageMask, clip: CoverageMask?) {
        guard alpha > 0, let inverse = imageToDevice.inverted(), inverse.isFinite else { return }
        let alpha = Swift.min(alpha, 1)
        func texel(_ i: Int, _ j: Int, _ c: Int) -> Double {
            let ii = Swift.min(Swift.max(i, 0), image.width - 1), jj = Swift.min(Swift.max(j, 0), image.height - 1)
            return Double(image.data[(jj * image.width + ii) * 4 + c])
        }
        // Same clamp as the fast sampler: far outside, both taps are the edge texel anyway.
        func split(_ u: Double, _ size: Int) -> (Int, Double) {
            var u = u
            if !(u >= -2) { u = -2 } else if !(u <= Double(size) + 1) { u = Double(size) + 1 }
            let f = u.rounded(.down)
            return (Int(f), u - f)
        }
        for y in 0..<height {
            for x in 0..<width {
                let k = Pixmap.referenceCoverage(mask, clip, x, y)
                if k == 0 { continue }
                let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let (i, fx) = split(p.x - 0.5, image.width), (j, fy) = split(p.y - 0.5, image.height)
                var s: [UInt32] = [0, 0, 0, 0]
                for c in 0..<4 {
                    let top = texel(i, j, c) * (1 - fx) + texel(i + 1, j, c) * fx
                    let bottom = texel(i, j + 1, c) * (1 - fx) + texel(i + 1, j + 1, c) * fx
                    s[c] = roundToByte((top * (1 - fy) + bottom * fy) * alpha)
                }
                for c in 0..<3 { s[c] = Swift.min(s[c], s[3]) }
                referenceBlend((y * width + x) * 4, (s[0], s[1], s[2], s[3]), k, divide: div255Lowp)
            }
        }
    }

    /// Twin of `compositeSourceOver(_:)`.
    public mutating func compositeSourceOverReference(_ layer: Pixmap) {
        for y in 0..<height {
            for x in 0..<width {
                let s = layer.pixel(x: x, y: y)
                referenceBlend((y * width + x) * 4, (UInt32(s.r), UInt32(s.g), UInt32(s.b), UInt32(s.a)), 255)
            }
        }
    }

    /// Twin of `multiplyByAlpha(of:)`.
    public mutating func multiplyByAlphaReference(of matte: Pixmap) {
        for y in 0..<height {
            for x in 0..<width {
                let m = UInt32(matte.pixel(x: x, y: y).a), p = (y * width + x) * 4
                for c in 0..<4 { data[p + c] = UInt8(div255(UInt32(data[p + c]) * m)) }
            }
        }
    }
}
