import SVGAFormat

// legacy-1x.svga: the 1.x container, a ZIP holding movie.spec JSON and `<key>.png` files
// (spec B.1.2, B.1.3), version "1.1.0", 150×150, 15 frames. Hidden frames are `{}` (alpha 0, no
// fields); one fill colour is on the 0..255 scale ([255, 128, 0, 255], read as /255, spec A.5);
// caps, joins and lineDash take their string/array JSON forms.
enum LegacySample {
    static let frameCount = 15

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let disc = RawSprite(imageKey: "disc", frames: SampleBuild.frames(n) { i in
            // Frames 0 and 1 hidden: written as {}.
            guard i >= 2 else { return RawFrame() }
            return RawFrame(alpha: 1, layout: SampleBuild.layout(64, 64), transform: A.translate(5 * Double(i), 20).raw)
        })
        let star = RawSprite(imageKey: "star", frames: SampleBuild.frames(n) { i in
            let m = A.about(110, 40, A.rotate(degrees: 24 * Double(i))).concatenating(A.translate(90, 20))
            return RawFrame(alpha: 0.8, layout: SampleBuild.layout(40, 40), transform: m.raw)
        })
        let vector = RawSprite(imageKey: "badge.vector", frames: SampleBuild.frames(n) { i in
            var dashed = SampleBuild.stroke(SampleBuild.color(0.1, 0.1, 0.1), width: 2, cap: 1, join: 2, miterLimit: 4)
            dashed.lineDashI = 6; dashed.lineDashII = 3; dashed.lineDashIII = Float(i)
            return RawFrame(alpha: 1, shapes: [
                // 0..255 scale: all four components are divided by 255 on reading.
                SampleBuild.rect(20, 100, 110, 36, radius: 10, SampleBuild.fill(SampleBuild.color(255, 128, 0, 255))),
                SampleBuild.path("M30 118 L120 118", dashed),
            ])
        })
        let images = try SampleBuild.standardImages().filter { $0.key == "disc" || $0.key == "star" }
        return RawMovie(version: "1.1.0",
                        params: RawParams(viewBoxWidth: 150, viewBoxHeight: 150, fps: 20, frames: Int32(n)),
                        images: images, sprites: [disc, star, vector])
    }
}
