import SVGAFormat

// matte.svga (2.x, 200×200, 20 frames): track mattes (spec A.6, B.3.9).
//   0 `checker`        unmasked, before the runs
//   1 `mask.matte`     bitmap matte source (its image is images["mask"], `.matte` stripped, A.1);
//                      moves right; alpha 0 on frame 10, which hides its whole run that frame
//   2 `gradient`       matteKey mask.matte  ┐ one masked run of two sprites
//   3 `disc`           matteKey mask.matte  ┘
//   4 `shape.matte`    vector matte source: a pulsing ellipse, no image
//   5 `checker`        matteKey shape.matte: a run of one
//   6 `star`           unmasked, after the runs
enum MatteSample {
    static let frameCount = 20

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let full = SampleBuild.layout(200, 200)
        let background = RawSprite(imageKey: "checker", frames: SampleBuild.frames(n) { _ in
            RawFrame(alpha: 0.5, layout: full)
        })
        let bitmapMatte = RawSprite(imageKey: "mask.matte", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: i == 10 ? 0 : 1, layout: SampleBuild.layout(100, 100),
                     transform: A.translate(5 * Double(i), 10).raw)
        })
        let masked1 = RawSprite(imageKey: "gradient", frames: SampleBuild.frames(n) { _ in
            RawFrame(alpha: 1, layout: SampleBuild.layout(200, 120))
        }, matteKey: "mask.matte")
        let masked2 = RawSprite(imageKey: "disc", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: 1, layout: SampleBuild.layout(80, 80), transform: A.translate(60, 20 + 2 * Double(i)).raw)
        }, matteKey: "mask.matte")
        let vectorMatte = RawSprite(imageKey: "shape.matte", frames: SampleBuild.frames(n) { i in
            let r = Float(30 + 20 * SampleMath.sin(2 * SampleMath.pi * Double(i) / Double(n)))
            return RawFrame(alpha: 1, shapes: [SampleBuild.ellipse(100, 160, r * 1.5, r, SampleBuild.fill(SampleBuild.color(0, 0, 0)))])
        })
        let masked3 = RawSprite(imageKey: "checker", frames: SampleBuild.frames(n) { _ in
            RawFrame(alpha: 1, layout: SampleBuild.layout(200, 80), transform: A.translate(0, 120).raw)
        }, matteKey: "shape.matte")
        let after = RawSprite(imageKey: "star", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: 1, layout: SampleBuild.layout(40, 40), transform: A.translate(150, 5 + 3 * Double(i)).raw)
        })
        var images = try SampleBuild.standardImages()
        images.append(RawImageEntry(key: "mask", value: try SampleImages.png(
            SampleImages.disc(size: 64, color: .rgb(1, 1, 1), softness: 8))))
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 200, viewBoxHeight: 200, fps: 20, frames: Int32(n)),
                        images: images,
                        sprites: [background, bitmapMatte, masked1, masked2, vectorMatte, masked3, after])
    }
}
