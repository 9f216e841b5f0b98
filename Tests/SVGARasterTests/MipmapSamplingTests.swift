import SVGAGeometry
import SVGARaster
import Testing

/// The opt-in mipmapped sampling (`MipmapChain`, issue 11): level choice from the transform,
/// the chain's levels, and draws held to an oracle: an image drawn at 1/2ⁿ of its size samples
/// what its box-downscaled copy drawn at the matching scale shows, while the default (no
/// mipmaps) draw of the same image is far from it; a draw that does not shrink is the default
/// draw exactly.
@Suite struct MipmapSamplingTests {
    /// Skia's nearest level with its −0.5 bias: the largest n with 2ⁿ ≤ 1 / s.
    @Test(arguments: [
        (1.0, 0), (2.0, 0), (0.9, 0), (0.51, 0), (0.5, 1), (0.3, 1), (0.25, 2), (0.2, 2), (0.125, 3),
        (0.1, 3), (1.0 / 17, 4), (0, 0), (-0.5, 0), (Double.nan, 0), (Double.infinity, 0),
    ] as [(Double, Int)])
    func levelIndex(scale: Double, level: Int) {
        #expect(MipmapChain.levelIndex(minScale: scale) == level)
    }

    @Test(arguments: [
        (Transform.scale(0.5, 0.125), 0.125, 0.5),
        (Transform.rotation(0.7).concatenating(.scale(0.25)), 0.25, 0.25),
        (Transform(a: 1, b: 0, c: 1, d: 1, tx: 3, ty: 4), 0.6180339887, 1.6180339887),   // shear: golden ratio pair
        (Transform.scale(-2, 3), 2.0, 3.0),
    ] as [(Transform, Double, Double)])
    func singularValues(m: Transform, smaller: Double, larger: Double) {
        #expect(abs(MipmapChain.smallerSingularValue(m) - smaller) < 1e-9)
        #expect(abs(MipmapChain.largerSingularValue(m) - larger) < 1e-9)
    }

    @Test func levelsHalveDownToOnePixel() {
        var rng = SeededGenerator(seed: 5)
        let chain = MipmapChain(RandomImages.pixmap(width: 37, height: 10, using: &rng))
        #expect(chain.levels.map { [$0.width, $0.height] } == [[37, 10], [18, 5], [9, 2], [4, 1], [2, 1], [1, 1]])
        // Each level is the box filter of the one before: a 2×2 block's mean, premultiplied.
        let flat = Pixmap(width: 4, height: 2, premultipliedRGBA: [
            200, 0, 0, 200, 0, 0, 0, 0, 10, 10, 10, 10, 30, 30, 30, 30,
            100, 0, 0, 100, 0, 0, 0, 0, 50, 50, 50, 50, 70, 70, 70, 70,
        ])!
        #expect(MipmapChain(flat).levels[1].data == [75, 0, 0, 75, 40, 40, 40, 40])
    }

    /// Draws that do not shrink the image (σ_min ≥ 1) take level 0 under the unchanged transform:
    /// the default draw, byte for byte.
    @Test(arguments: [
        Transform.translation(3, 4), .rotation(0.6), .scale(2, 1), .scale(-1, 1).concatenating(.translation(-40, 0)),
    ])
    func drawsThatDoNotShrinkAreTheDefaultDraw(_ m: Transform) {
        var rng = SeededGenerator(seed: 9)
        let image = RandomImages.pixmap(width: 16, height: 16, using: &rng)
        let level = MipmapChain(image).level(for: m)
        #expect(level.image == image)
        #expect(level.imageToDevice == m)
    }

    static func draw(_ image: Pixmap, _ m: Transform, outline: (width: Int, height: Int)? = nil, outlineToDevice: Transform? = nil) -> Pixmap {
        var canvas = Pixmap(width: 64, height: 64)!
        let painter = Painter()
        let size = outline ?? (image.width, image.height)
        painter.drawImage(image, imageToDevice: m, alpha: 1,
                          outline: PathBuilder.rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height), cornerRadius: 0),
                          outlineToDevice: outlineToDevice ?? m, clip: nil, into: &canvas)
        return canvas
    }

    /// Noise shrunk by 8 (rotated, mirrored) or anisotropically: the mipmapped draw against the
    /// image area-filtered straight to the level's size and drawn over the same canvas
    /// parallelogram. They differ only by the chain's per-level rounding (≤ a few levels per
    /// channel). The default draw aliases: the same comparison falls far below.
    @Test(arguments: [
        (Transform.translation(32, 2).concatenating(.rotation(0.5)).concatenating(.scale(0.125)), 3),
        (Transform.translation(60, 4).concatenating(.scale(-0.25, 0.25)), 2),
        (Transform.translation(2, 2).concatenating(.scale(0.5, 0.125)), 3),
    ] as [(Transform, Int)])
    func minifiedDrawMatchesTheBoxDownscaledImage(m: Transform, expectedLevel: Int) throws {
        var rng = SeededGenerator(seed: 77)
        let image = RandomImages.pixmap(width: 240, height: 240, using: &rng)
        let chain = MipmapChain(image)
        let level = chain.level(for: m)
        #expect(level.image == chain.levels[expectedLevel])
        let mipmapped = Self.draw(level.image, level.imageToDevice, outline: (240, 240), outlineToDevice: m)

        let side = 240 >> expectedLevel
        let box = try #require(AreaDownscaler.downscale(image, width: side, height: side))
        let oracle = Self.draw(box, m.concatenating(.scale(Double(240) / Double(side))))
        let close = try #require(ImageComparison.compare(mipmapped, oracle))
        #expect(close.psnr >= 45, "mipmapped vs box-downscaled: \(close.psnr) dB, max \(close.maxChannelDifference)")

        let aliased = try #require(ImageComparison.compare(Self.draw(image, m), oracle))
        #expect(aliased.psnr < 30, "the default draw of noise at 1/\(1 << expectedLevel) aliases: \(aliased.psnr) dB")
    }
}
