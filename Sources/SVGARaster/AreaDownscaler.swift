/// Used by the mipmap chain (`MipmapChain`) for its levels and by `svga optimize` to shrink images.
/// Shrinks a premultiplied image with an area (box) filter: every output pixel is the mean of
/// the source area it covers, fractional source pixels weighted by the part they cover.
/// Averaging premultiplied values keeps transparent pixels from bleeding their (meaningless)
/// colour into the edge of an opaque one. Separable: rows first, then columns. Never enlarges.
public enum AreaDownscaler {
    /// nil when the target is empty or larger than the source in an axis.
    public static func downscale(_ source: Pixmap, width: Int, height: Int) -> Pixmap? {
        guard width > 0, height > 0, width <= source.width, height <= source.height,
              var out = Pixmap(width: width, height: height) else { return nil }
        if width == source.width && height == source.height { return source }
        let columns = taps(from: source.width, to: width)
        let rows = taps(from: source.height, to: height)
        let sw = source.width
        // Horizontal pass: source.height rows of `width` pixels, in Float.
        var horizontal = [Float](repeating: 0, count: source.height * width * 4)
        source.data.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for y in 0..<source.height {
                    let rowIn = y * sw * 4, rowOut = y * width * 4
                    for x in 0..<width {
                        let tap = columns[x]
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for (k, w) in tap.weights.enumerated() {
                            let i = rowIn + (tap.first + k) * 4
                            r += Float(src[i]) * w; g += Float(src[i + 1]) * w
                            b += Float(src[i + 2]) * w; a += Float(src[i + 3]) * w
                        }
                        let o = rowOut + x * 4
                        dst[o] = r; dst[o + 1] = g; dst[o + 2] = b; dst[o + 3] = a
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { src in
            out.data.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let tap = rows[y]
                    for x in 0..<width {
                        var c: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (k, w) in tap.weights.enumerated() {
                            let i = ((tap.first + k) * width + x) * 4
                            c.0 += src[i] * w; c.1 += src[i + 1] * w; c.2 += src[i + 2] * w; c.3 += src[i + 3] * w
                        }
                        let o = (y * width + x) * 4
                        let alpha = min(255, max(0, (c.3).rounded()))
                        // Rounding each channel on its own can leave a colour 1 above alpha.
                        dst[o] = UInt8(min(alpha, max(0, c.0.rounded())))
                        dst[o + 1] = UInt8(min(alpha, max(0, c.1.rounded())))
                        dst[o + 2] = UInt8(min(alpha, max(0, c.2.rounded())))
                        dst[o + 3] = UInt8(alpha)
                    }
                }
            }
        }
        return out
    }

    /// The source pixels output pixel i covers along one axis, with weights summing to 1.
    struct Tap { var first: Int; var weights: [Float] }

    static func taps(from n: Int, to m: Int) -> [Tap] {
        let ratio = Double(n) / Double(m)
        return (0..<m).map { i in
            let start = Double(i) * ratio, end = Double(i + 1) * ratio
            let first = Int(start.rounded(.down)), last = min(n - 1, Int(end.rounded(.up)) - 1)
            var weights: [Float] = []
            for s in first...max(first, last) {
                let covered = min(end, Double(s + 1)) - max(start, Double(s))
                weights.append(Float(max(0, covered) / ratio))
            }
            return Tap(first: first, weights: weights)
        }
    }
}

