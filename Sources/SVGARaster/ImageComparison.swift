#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Image comparison for `svga diff` and the golden-image tests (habit 8). Both images are
// premultiplied, so pixels where both alphas are 0 compare equal whatever colour a PNG stored
// there. PSNR is over all four channels: 10 · log10(255² / MSE).

public struct ImageComparison: Sendable {
    /// Over premultiplied RGBA, all 4 channels; +infinity if identical.
    public let psnr: Double
    public let maxChannelDifference: Int
    /// Pixels where some channel differs by more than 8.
    public let pixelsDifferingMoreThan8: Int
    public let pixelCount: Int

    /// Nil if the sizes differ.
    public static func compare(_ a: Pixmap, _ b: Pixmap) -> ImageComparison? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let count = a.width * a.height
        var squares: UInt64 = 0, maxDifference = 0, over8 = 0
        a.data.withUnsafeBufferPointer { pa in
            b.data.withUnsafeBufferPointer { pb in
                for i in 0..<count {
                    var pixelMax = 0
                    for c in 0..<4 {
                        let d = Int(pa[i * 4 + c]) - Int(pb[i * 4 + c])
                        let m = d < 0 ? -d : d
                        squares += UInt64(m * m)
                        if m > pixelMax { pixelMax = m }
                    }
                    if pixelMax > 8 { over8 += 1 }
                    if pixelMax > maxDifference { maxDifference = pixelMax }
                }
            }
        }
        let psnr: Double
        if squares == 0 {
            psnr = .infinity
        } else {
            let mse = Double(squares) / Double(count * 4)
            psnr = 10 * log10(255 * 255 / mse)
        }
        return ImageComparison(psnr: psnr, maxChannelDifference: maxDifference,
                               pixelsDifferingMoreThan8: over8, pixelCount: count)
    }

    /// How much a difference is magnified in `diffImage`, so a 1/255 error is visible (4/255)
    /// and anything ≥ 64 saturates.
    public static let diffAmplification = 4

    /// A visual diff: |a−b| amplified, opaque, same size. RGB show the colour-channel
    /// differences, each raised to at least the alpha difference, × `diffAmplification`,
    /// on black.
    public static func diffImage(_ a: Pixmap, _ b: Pixmap) -> Pixmap? {
        guard a.width == b.width, a.height == b.height, var out = Pixmap(width: a.width, height: a.height)
        else { return nil }
        let count = a.width * a.height
        for i in 0..<count {
            let p = i * 4
            let da = abs(Int(a.data[p + 3]) - Int(b.data[p + 3]))
            for c in 0..<3 {
                let d = Swift.max(abs(Int(a.data[p + c]) - Int(b.data[p + c])), da)
                out.data[p + c] = UInt8(Swift.min(255, d * diffAmplification))
            }
            out.data[p + 3] = 255
        }
        return out
    }

    /// expected | diff | actual side by side (resvg style), for failure artefacts. Nil when
    /// the sizes differ (or the panel would exceed `Pixmap.maxPixelCount`).
    public static func triptych(expected: Pixmap, actual: Pixmap) -> Pixmap? {
        guard let diff = diffImage(expected, actual),
              var out = Pixmap(width: expected.width * 3, height: expected.height) else { return nil }
        let rowBytes = expected.width * 4
        for y in 0..<expected.height {
            let src = y * rowBytes, dst = y * rowBytes * 3
            out.data[dst..<(dst + rowBytes)] = expected.data[src..<(src + rowBytes)]
            out.data[(dst + rowBytes)..<(dst + 2 * rowBytes)] = diff.data[src..<(src + rowBytes)]
            out.data[(dst + 2 * rowBytes)..<(dst + 3 * rowBytes)] = actual.data[src..<(src + rowBytes)]
        }
        return out
    }
}
