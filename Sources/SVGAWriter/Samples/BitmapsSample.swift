import SVGAFormat

// bitmaps.svga (2.x, 300×300, 24 frames at 20 fps): bitmap sprites under every kind of frame
// transform (spec A.3, A.4): translate, rotate about a centre, non-uniform scale with an image
// stretched to a layout of another size, a mirror (negative a), a skew; an alpha fade that
// includes 0.03 (drawn by the native players, skipped by the web ones, spec A.3) and ends at 0;
// a zero-size layout on some frames (no bitmap, A.4); and a sprite whose image key `ghost` is
// missing from `images`, which still draws its shape (spec B.6).
enum BitmapsSample {
    static let frameCount = 24

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        // Translate across the top, with a zero-size layout on frames 10 and 11.
        let slide = RawSprite(imageKey: "gradient", frames: SampleBuild.frames(n) { i in
            let t = SampleBuild.progress(i, of: n)
            let size = (i == 10 || i == 11) ? 0.0 : 64.0
            return RawFrame(alpha: 1, layout: SampleBuild.layout(size, size),
                            transform: A.translate(10 + 200 * t, 10).raw)
        })
        // Rotate about the disc's centre, fading out; frame 5 at alpha 0.03, the last at 0.
        let spin = RawSprite(imageKey: "disc", frames: SampleBuild.frames(n) { i in
            let t = SampleBuild.progress(i, of: n)
            let alpha: Float = i == 5 ? 0.03 : Float(1 - t)
            let m = A.translate(150, 150).concatenating(A.rotate(degrees: 15 * Double(i)))
                .concatenating(A.translate(-32, -32))
            return RawFrame(alpha: alpha, layout: SampleBuild.layout(64, 64), transform: m.raw)
        })
        // Non-uniform scale; the 32×32 image is stretched to a 64×48 layout.
        let stretch = RawSprite(imageKey: "checker", frames: SampleBuild.frames(n) { i in
            let t = SampleBuild.progress(i, of: n)
            let m = A.translate(20, 200).concatenating(A.scale(1 + 0.8 * t, 1.2 - 0.6 * t))
            return RawFrame(alpha: 0.9, layout: SampleBuild.layout(64, 48), transform: m.raw)
        })
        // Mirror: a = −1 flips the star about its own left edge, so it sits left of tx.
        let mirror = RawSprite(imageKey: "star", frames: SampleBuild.frames(n) { i in
            let t = SampleBuild.progress(i, of: n)
            let m = A.translate(290, 100 + 60 * t).concatenating(A.scale(-1, 1))
            return RawFrame(alpha: 1, layout: SampleBuild.layout(64, 64), transform: m.raw)
        })
        // Skew oscillating between ±0.6.
        let skew = RawSprite(imageKey: "star", frames: SampleBuild.frames(n) { i in
            let k = 0.6 * SampleMath.sin(2 * SampleMath.pi * Double(i) / Double(n))
            let m = A.translate(170, 220).concatenating(A.skewX(k))
            return RawFrame(alpha: 0.8, layout: SampleBuild.layout(48, 48), transform: m.raw)
        })
        // Image key with no image: only the shape draws.
        let ghost = RawSprite(imageKey: "ghost", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: 1, layout: SampleBuild.layout(40, 40),
                     transform: A.translate(240, 240 - 2 * Double(i)).raw,
                     shapes: [SampleBuild.rect(0, 0, 40, 40, radius: 6,
                                               SampleBuild.stroke(SampleBuild.color(0.5, 0.5, 0.6), width: 2,
                                                                  fill: SampleBuild.color(0.8, 0.8, 0.9, 0.5)))])
        })
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 300, viewBoxHeight: 300, fps: 20, frames: Int32(n)),
                        images: try SampleBuild.standardImages(),
                        sprites: [slide, spin, stretch, mirror, skew, ghost])
    }
}
