import SVGAFormat

// shapes.svga (2.x, 300×300, 20 frames, vector only: every key ends `.vector` and `images` is
// empty). Covers spec A.5 / B.3.6 / B.3.7: SHAPE paths using M L H V C S Q T A Z in absolute and
// relative forms, implicit repeated coordinates and exponents; RECT with and without a corner
// radius (and one radius over half the side, to be clamped); ELLIPSE; fills; strokes with each
// cap and each join; miter limit 0 (joins become bevels) and 4; a dash with an animated phase;
// and a shape transform with a non-uniform scale, which makes the pen elliptical.
enum ShapesSample {
    static let frameCount = 20

    static let absolutePath = "M10 10 L60 10 H80 V40 C80 60 60 70 40 70 S10 50 10 40 Q10 20 25 15 T40 10 Z"
    static let relativePath = "m100 10 l20 0 h20 v20 c0 10 -10 20 -20 20 s-20 -10 -20 -20 q0 -10 10 -15 t10 -5 z"
    static let arcPath = "M180 40 A30 20 0 0 1 240 40 a30 20 0 1 1 -60 0 Z"
    /// Implicit repeated lineto coordinates and exponent notation (1e1 = 10, 2.5E1 = 25).
    static let implicitPath = "M10 100 L20 110 30 100 40 110 50 100 l1e1 1e1 2.5E1 -1e1"

    static func movie() -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let ink = SampleBuild.color(0.1, 0.1, 0.3)
        let paths = RawSprite(imageKey: "paths.vector", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: 1, transform: A.translate(0, Double(i)).raw, shapes: [
                SampleBuild.path(absolutePath, SampleBuild.stroke(ink, width: 2, fill: SampleBuild.color(0.9, 0.5, 0.2))),
                SampleBuild.path(relativePath, SampleBuild.stroke(ink, width: 2, join: 1, fill: SampleBuild.color(0.3, 0.7, 0.9))),
                SampleBuild.path(arcPath, SampleBuild.fill(SampleBuild.color(0.6, 0.3, 0.8, 0.8))),
                SampleBuild.path(implicitPath, SampleBuild.stroke(ink, width: 3, cap: 1, join: 1)),
            ])
        })
        let primitives = RawSprite(imageKey: "primitives.vector", frames: SampleBuild.frames(n) { i in
            let t = Float(SampleBuild.progress(i, of: n))
            return RawFrame(alpha: 1, shapes: [
                SampleBuild.rect(10, 130, 60, 40, SampleBuild.fill(SampleBuild.color(0.2, 0.6, 0.3))),
                SampleBuild.rect(80, 130, 60, 40, radius: 4 + 8 * t,
                                 SampleBuild.stroke(ink, width: 3, fill: SampleBuild.color(0.95, 0.85, 0.3))),
                // Radius 50 on a 60×40 rect: clamped to 20 (spec A.5).
                SampleBuild.rect(150, 130, 60, 40, radius: 50, SampleBuild.fill(SampleBuild.color(0.8, 0.2, 0.3))),
                SampleBuild.ellipse(255, 150, 35, 20 - 10 * t,
                                    SampleBuild.stroke(ink, width: 2, fill: SampleBuild.color(0.4, 0.4, 0.9, 0.7))),
            ])
        })
        // Caps butt / round / square on open lines; joins miter (limit 4) / round / bevel and a
        // miter with limit 0 (drawn as bevel, spec A.5) on zigzags.
        let strokes = RawSprite(imageKey: "strokes.vector", frames: SampleBuild.frames(n) { _ in
            RawFrame(alpha: 1, shapes: [
                SampleBuild.path("M15 195 L75 195", SampleBuild.stroke(ink, width: 10, cap: 0)),
                SampleBuild.path("M15 215 L75 215", SampleBuild.stroke(ink, width: 10, cap: 1)),
                SampleBuild.path("M15 235 L75 235", SampleBuild.stroke(ink, width: 10, cap: 2)),
                SampleBuild.path("M95 230 L110 195 L125 230", SampleBuild.stroke(SampleBuild.color(0.8, 0.1, 0.1), width: 8, join: 0, miterLimit: 4)),
                SampleBuild.path("M135 230 L150 195 L165 230", SampleBuild.stroke(SampleBuild.color(0.1, 0.6, 0.1), width: 8, join: 1)),
                SampleBuild.path("M175 230 L190 195 L205 230", SampleBuild.stroke(SampleBuild.color(0.1, 0.1, 0.8), width: 8, join: 2)),
                SampleBuild.path("M215 230 L230 195 L245 230", SampleBuild.stroke(SampleBuild.color(0.5, 0.1, 0.5), width: 8, join: 0, miterLimit: 0)),
            ])
        })
        // Dash 12 on, 6 off, phase advancing 2 units a frame.
        let dashes = RawSprite(imageKey: "dashes.vector", frames: SampleBuild.frames(n) { i in
            var dashed = SampleBuild.stroke(ink, width: 3, cap: 1)
            dashed.lineDashI = 12; dashed.lineDashII = 6; dashed.lineDashIII = Float(2 * i)
            var dotted = SampleBuild.stroke(SampleBuild.color(0.9, 0.3, 0.1), width: 2)
            dotted.lineDashI = 0.5; dotted.lineDashII = 4  // I below 1 → 1 (spec A.5)
            return RawFrame(alpha: 1, shapes: [
                SampleBuild.path("M15 260 L285 260", dashed),
                SampleBuild.ellipse(250, 90, 30, 30, dotted),
            ])
        })
        // Non-uniform shape transform (x × 3): the circle's stroke is thick left and right.
        let pen = RawSprite(imageKey: "pen.vector", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: 0.9, shapes: [
                SampleBuild.ellipse(0, 0, 15, 15, SampleBuild.stroke(SampleBuild.color(0.2, 0.5, 0.5), width: 4),
                                    transform: A.translate(150, 275).concatenating(A.scale(3, 1))
                                        .concatenating(A.rotate(degrees: Double(i) * 3)).raw),
            ])
        })
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 300, viewBoxHeight: 300, fps: 20, frames: Int32(n)),
                        sprites: [paths, primitives, strokes, dashes, pen])
    }
}
