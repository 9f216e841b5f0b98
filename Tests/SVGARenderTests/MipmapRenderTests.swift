import SVGAFormat
import SVGAGeometry
import SVGAImageIO
import SVGARaster
import SVGARender
import SVGATestSupport
import SVGAWriter
import Testing

/// `MovieRenderer(filtering: .mipmapped)` (issue 11): the default stays the spec's bilinear
/// sampling; the mipmapped mode changes only draws that shrink a bitmap, and there it samples
/// the chain's level, which a movie storing that level in place of the image reproduces.
struct MipmapRenderTests {
    /// Opaque noise: the worst case for sampling differences.
    static func noise(_ size: Int, seed: UInt64) -> Pixmap {
        var state = seed
        var bytes = [UInt8](repeating: 255, count: size * size * 4)
        for i in 0..<(size * size) {
            for c in 0..<3 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes[i * 4 + c] = UInt8(truncatingIfNeeded: state >> 33)
            }
        }
        return Pixmap(width: size, height: size, premultipliedRGBA: bytes)!
    }

    /// One sprite drawing `image` with a `layout`-sized layout under per-frame `transforms`.
    static func movie(image: Pixmap, layout: Float, transforms: [RawTransform]) throws -> Movie {
        let raw = RawMovie(version: "2.0.0",
                           params: RawParams(viewBoxWidth: 120, viewBoxHeight: 120, fps: 20, frames: Int32(transforms.count)),
                           images: [RawImageEntry(key: "art", value: try PNGEncoder.encode(image))],
                           sprites: [RawSprite(imageKey: "art", frames: transforms.map {
                               RawFrame(alpha: 0.9, layout: RawLayout(width: layout, height: layout), transform: $0)
                           })])
        return try SVGADecoder.decode(SVGAEncoder.encodeZlibProtobuf(raw))
    }

    /// 1:1, magnified, rotated at full size: every frame byte-identical in both modes.
    @Test func drawsThatDoNotShrinkRenderTheSameBytes() throws {
        let movie = try Self.movie(image: Self.noise(64, seed: 3), layout: 64, transforms: [
            RawTransform(a: 1, d: 1, tx: 10, ty: 10), RawTransform(a: 1.5, d: 1.7, tx: 3.5, ty: 2.25),
            RawTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 50, ty: 5), RawTransform(a: -1, d: 1, tx: 90, ty: 20),
        ])
        let plain = try MovieRenderer(movie: movie), mipmapped = try MovieRenderer(movie: movie, filtering: .mipmapped)
        for n in 0..<movie.frameCount {
            #expect(try plain.render(frame: n) == mipmapped.render(frame: n), "frame \(n)")
        }
    }

    /// Sample assets draw their bitmaps at about their size: both modes agree on every frame
    /// within the level-choice boundary (no frame below 45 dB), and the default is untouched.
    @Test func sampleAssetsRenderAlikeInBothModes() throws {
        for name in ["bitmaps", "clip", "gift", "keep", "matte"] {
            let movie = try SVGADecoder.decode(Fixtures.sampleAsset("\(name).svga"))
            let plain = try MovieRenderer(movie: movie), mipmapped = try MovieRenderer(movie: movie, filtering: .mipmapped)
            #expect(plain.filtering == .bilinear)
            for n in 0..<movie.frameCount {
                let c = try #require(ImageComparison.compare(plain.render(frame: n), mipmapped.render(frame: n)))
                #expect(c.psnr >= 45, "\(name) frame \(n): \(c.psnr) dB")
            }
        }
    }

    /// Noise drawn at 1/8 (rotated) and 1/4 (mirrored): the mipmapped frame equals the frame of
    /// the movie that stores the chain's level 2 stretched to the same layout (A.4), where
    /// sampling that level needs no mipmaps; the default render of the original aliases.
    @Test func minifiedDrawSamplesTheChainLevel() throws {
        let image = Self.noise(256, seed: 11)
        let transforms = [
            RawTransform(a: 0.125 * 0.8, b: 0.125 * 0.6, c: -0.125 * 0.6, d: 0.125 * 0.8, tx: 40, ty: 10),
            RawTransform(a: -0.25, d: 0.25, tx: 100, ty: 40),
        ]
        let original = try Self.movie(image: image, layout: 256, transforms: transforms)
        let levels = MipmapChain(image).levels
        // Frame 0 takes level 3 and frame 1 level 2 of the original; the stored level 2 gives
        // them its own levels 1 and 0: the same pixels.
        let stored = try Self.movie(image: levels[2], layout: 256, transforms: transforms)
        let mipmapped = try MovieRenderer(movie: original, filtering: .mipmapped)
        let reference = try MovieRenderer(movie: stored, filtering: .mipmapped)
        let plain = try MovieRenderer(movie: original)
        for n in 0..<2 {
            let c = try #require(ImageComparison.compare(mipmapped.render(frame: n), reference.render(frame: n)))
            #expect(c.psnr >= 60, "frame \(n): \(c.psnr) dB, max \(c.maxChannelDifference)")
            let aliased = try #require(ImageComparison.compare(plain.render(frame: n), reference.render(frame: n)))
            #expect(aliased.psnr < 35, "frame \(n): the default render aliases (\(aliased.psnr) dB)")
        }
    }
}
