import SVGAFormat

// binary-zip.svga: the "1.5" container (spec B.1.2), a ZIP holding movie.binary (uncompressed
// protobuf whose `images` values are file names) beside `<name>.png` files; version "1.5.0" as
// the converter writes it; 150×150, 15 frames.
enum BinaryZipSample {
    static let frameCount = 15

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let bounce = RawSprite(imageKey: "gradient", frames: SampleBuild.frames(n) { i in
            let t = SampleBuild.progress(i, of: n)
            let y = 80 * (1 - 4 * (t - 0.5) * (t - 0.5))
            return RawFrame(alpha: 1, layout: SampleBuild.layout(50, 50), transform: A.translate(10 + 80 * t, 90 - y).raw)
        })
        let tile = RawSprite(imageKey: "checker", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: Float(0.3 + 0.05 * Double(i)), layout: SampleBuild.layout(150, 20),
                     transform: A.translate(0, 130).raw,
                     shapes: [SampleBuild.rect(0, 0, 150, 20, SampleBuild.stroke(SampleBuild.color(0, 0, 0), width: 1))])
        })
        let images = try SampleBuild.standardImages().filter { $0.key == "gradient" || $0.key == "checker" }
        return RawMovie(version: "1.5.0",
                        params: RawParams(viewBoxWidth: 150, viewBoxHeight: 150, fps: 20, frames: Int32(n)),
                        images: images, sprites: [tile, bounce])
    }
}
