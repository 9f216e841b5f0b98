import SVGAFormat

// keep.svga (2.x, 200×200, 14 frames): KEEP chains (spec A.5, B.3.8). Sprite `chain.vector`:
//   0 ellipse · 1–3 KEEP · 4 rect · 5–6 KEEP · 7 [] (reset) · 8 KEEP (nothing: the chain was
//   reset) · 9 path · 10–13 KEEP,
// while its transform and alpha change every frame (a KEEP frame keeps only the shapes).
// Sprite `orphan.vector` starts with KEEP frames (no earlier shapes: nothing) then draws.
enum KeepSample {
    static let frameCount = 14

    static func movie() -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let blue = SampleBuild.fill(SampleBuild.color(0.2, 0.4, 0.9))
        let chain = RawSprite(imageKey: "chain.vector", frames: SampleBuild.frames(n) { i in
            let shapes: [RawShape]
            switch i {
            case 0: shapes = [SampleBuild.ellipse(0, 0, 30, 20, blue)]
            case 4: shapes = [SampleBuild.rect(-25, -25, 50, 50, radius: 8,
                                               SampleBuild.stroke(SampleBuild.color(0, 0, 0), width: 3,
                                                                  fill: SampleBuild.color(0.9, 0.6, 0.1)))]
            case 7: shapes = []
            case 9: shapes = [SampleBuild.path("M-30 20 L0 -30 L30 20 Z", SampleBuild.fill(SampleBuild.color(0.2, 0.7, 0.3)))]
            default: shapes = [SampleBuild.keep]
            }
            let m = A.translate(100, 100).concatenating(A.rotate(degrees: 10 * Double(i)))
            return RawFrame(alpha: Float(1 - 0.04 * Double(i)), transform: m.raw, shapes: shapes)
        })
        let orphan = RawSprite(imageKey: "orphan.vector", frames: SampleBuild.frames(n) { i in
            let shapes = i < 3 ? [SampleBuild.keep] : (i == 3 ? [SampleBuild.rect(10, 160, 30, 30, blue)] : [SampleBuild.keep])
            return RawFrame(alpha: 1, transform: A.translate(5 * Double(i), 0).raw, shapes: shapes)
        })
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 200, viewBoxHeight: 200, fps: 20, frames: Int32(n)),
                        sprites: [chain, orphan])
    }
}
