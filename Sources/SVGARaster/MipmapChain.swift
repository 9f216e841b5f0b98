import SVGAGeometry

// Opt-in minification for bitmap draws (issue 11). The spec's renderer samples bitmaps bilinearly
// without mipmaps (SVGA.md, "Bilinear filtering (no mipmaps)"), and so does the default path here:
// an image drawn at 1/8 of its size then aliases. `svga optimize` must compare what a viewer sees
// under proper minification, so it renders with this mode, which follows Skia's
// `SkMipmapMode::kNearest` + bilinear: box-filtered power-of-two levels built once per image,
// one level chosen per draw from the transform's smaller singular value, then the ordinary span
// sampler draws that level under the transform adjusted to its size. Nothing per pixel changes,
// and a draw that picks level 0 is exactly the default draw.

/// How bitmap draws sample their image.
public enum ImageFiltering: String, Sendable, Hashable {
    /// Bilinear, no mipmaps: the spec's renderer and the default.
    case bilinear
    /// Nearest mipmap level, then bilinear (Skia's nearest-mip): what a viewer sees of a
    /// minified image on a GPU-backed player.
    case mipmapped
}

/// An image and its box-filtered halvings down to 1×1 (each level ⌊w/2⌋ × ⌊h/2⌋, at least 1,
/// area-filtered from the previous level, premultiplied).
public struct MipmapChain: Sendable {
    /// Level 0 is the image itself.
    public let levels: [Pixmap]

    public init(_ image: Pixmap) {
        var levels = [image]
        while let next = MipmapChain.halved(levels[levels.count - 1]) { levels.append(next) }
        self.levels = levels
    }

    /// The next level of `image`: ⌊w/2⌋ × ⌊h/2⌋ (at least 1), area-filtered; nil at 1×1.
    /// Level k of the chain of level n is level n + k of the original's chain, which is what
    /// lets `svga optimize` store a level in place of the image without changing a mipmapped draw.
    public static func halved(_ image: Pixmap) -> Pixmap? {
        guard image.width > 1 || image.height > 1 else { return nil }
        return AreaDownscaler.downscale(image, width: Swift.max(1, image.width / 2), height: Swift.max(1, image.height / 2))
    }

    /// The level to sample for a draw mapped by `imageToDevice` (level-0 pixels → device), and
    /// the transform that maps that level's pixels onto the same device area. Level 0 and the
    /// transform unchanged when the draw does not minify.
    public func level(for imageToDevice: Transform) -> (image: Pixmap, imageToDevice: Transform) {
        let n = Swift.min(levels.count - 1, MipmapChain.levelIndex(minScale: MipmapChain.smallerSingularValue(imageToDevice)))
        guard n > 0 else { return (levels[0], imageToDevice) }
        let base = levels[0], image = levels[n]
        let adjust = Transform.scale(Double(base.width) / Double(image.width), Double(base.height) / Double(image.height))
        return (image, imageToDevice.concatenating(adjust))
    }

    /// Skia's nearest-mip choice: `SkMipmap::ComputeLevel` takes log2(1 / s) for a draw that
    /// shrinks the image by s (< 1) along its most-shrunk direction, minus 0.5 ("to emulate GPU's
    /// sharpen mipmap option"), and kNearest rounds it: level n exactly when 2ⁿ ≤ 1 / s < 2ⁿ⁺¹,
    /// the smallest level still at least as large as the drawn size (Chromium's
    /// `MipMapUtil::GetLevelForSize` picks the same). 0 when the draw does not shrink.
    public static func levelIndex(minScale s: Double) -> Int {
        guard s.isFinite, s > 0, s < 1 else { return 0 }
        // Counted without libm: the largest n with 2ⁿ ≤ 1 / s.
        let shrink = 1 / s
        var n = 0, next = 2.0
        while shrink >= next && n < 62 { n += 1; next *= 2 }
        return n
    }

    /// The smaller singular value of the linear part of `m`: how much the draw shrinks the
    /// image along the direction it shrinks it most (device pixels per image pixel).
    public static func smallerSingularValue(_ m: Transform) -> Double {
        let larger = largerSingularValue(m)
        return larger > 0 ? abs(m.a * m.d - m.b * m.c) / larger : 0
    }

    /// The larger singular value: the scale along the direction the draw shrinks the image least.
    public static func largerSingularValue(_ m: Transform) -> Double {
        let sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d
        let det = abs(m.a * m.d - m.b * m.c)
        return ((sum + (Swift.max(0, sum * sum - 4 * det * det)).squareRoot()) / 2).squareRoot()
    }
}
