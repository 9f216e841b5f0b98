import SVGAFormat
import SVGARaster
import SVGARender
import Testing

/// Shapes that once trapped, hung or vanished in the renderer (found by review), kept forever
/// (STYLE.md habit 10). Spec A.8: per-primitive problems draw nothing for that primitive or are
/// clipped like any other geometry, never a crash.
struct HostileRenderRegressionTests {
    static func movie(_ shape: RawShape, clip: String? = nil) throws -> Movie {
        let frame = RawFrame(alpha: 1, layout: RawLayout(width: 100, height: 100), transform: .identity, clipPath: clip, shapes: [shape])
        let raw = RawMovie(params: RawParams(viewBoxWidth: 100, viewBoxHeight: 100, fps: 20, frames: 1),
                           sprites: [RawSprite(imageKey: "v.vector", frames: [frame])])
        return try MovieResolver.resolve(raw, container: .zlibProtobuf)
    }
    static let red = RawColor(r: 1, g: 0, b: 0, a: 1)

    static func drawnPixels(_ movie: Movie, _ aa: Antialiasing = .skiaCompatible) throws -> Int {
        let p = try MovieRenderer(movie: movie, antialiasing: aa).render(frame: 0)
        return stride(from: 3, to: p.data.count, by: 4).filter { p.data[$0] > 0 }.count
    }

    @Test("a concave clip or fill with a 1e300 coordinate is clipped, not converted to Int", arguments: Antialiasing.allCases)
    func hugeCoordinateInConcavePath(_ aa: Antialiasing) throws {
        let fill = RawShape(type: .shape, args: .shape(d: "M10 -1e300 L90 50 L10 90 L50 50 Z"), styles: RawShapeStyle(fill: Self.red))
        _ = try Self.drawnPixels(Self.movie(fill), aa)
        let square = RawShape(type: .shape, args: .shape(d: "M0 0 H100 V100 H0 Z"), styles: RawShapeStyle(fill: Self.red))
        let clipped = try Self.drawnPixels(Self.movie(square, clip: "M-1e300 0 L90 0 L50 50 L90 90 L0 90 Z"), aa)
        #expect(clipped > 0)
    }

    @Test("a 1e30-wide dashed round-cap stroke does not trap", arguments: Antialiasing.allCases)
    func enormousPen(_ aa: Antialiasing) throws {
        let style = RawShapeStyle(stroke: Self.red, strokeWidth: 1e30, lineCap: 1, lineDashI: 5, lineDashII: 5)
        let shape = RawShape(type: .shape, args: .shape(d: "M10 50 L90 50"), styles: style)
        _ = try Self.drawnPixels(Self.movie(shape), aa)
        var undashed = style; undashed.lineDashI = 0; undashed.lineDashII = 0
        _ = try Self.drawnPixels(Self.movie(RawShape(type: .shape, args: .shape(d: "M10 50 L90 50"), styles: undashed)), aa)
    }

    @Test("a line starting 20 000 px off-canvas still draws its on-canvas part")
    func farOffStrokeIsClippedNotDropped() throws {
        let shape = RawShape(type: .shape, args: .shape(d: "M-20000 50 L90 50"), styles: RawShapeStyle(stroke: Self.red, strokeWidth: 10))
        let far = try Self.drawnPixels(Self.movie(shape))
        let near = try Self.drawnPixels(Self.movie(RawShape(type: .shape, args: .shape(d: "M-50 50 L90 50"), styles: RawShapeStyle(stroke: Self.red, strokeWidth: 10))))
        #expect(far == near && far >= 900)
    }

    @Test("a 20 000-segment zigzag stroke (once quadratic in the Skia-compatible stroker) renders")
    func longStrokedPolyline() throws {
        var d = "M0 50"
        for i in 1...20_000 { d += " L\(Double(i) * 0.005) \(i % 2 == 0 ? 40 : 60)" }
        let shape = RawShape(type: .shape, args: .shape(d: d), styles: RawShapeStyle(stroke: Self.red, strokeWidth: 1, lineJoin: 1))
        #expect(try Self.drawnPixels(Self.movie(shape)) > 100)
    }
}
