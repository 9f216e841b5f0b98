import SVGAGeometry
import SVGARaster
import Testing

// The painter strokes with Skia's stroker (quads, Skia's edges) and cuts dashes before stroking.
// The exact polygon stroker (`Stroker`, SVGAGeometry) is its oracle here: for each pen, cap, join
// and dash, the inked area of the painter's coverage equals the area of the exact outline
// rasterized with exact coverage, within 2 % (Skia's quads deviate from the true offset curve
// by up to 1/4 px of the resolution scale, and its edges snap to quarter pixels in y).
@Suite struct PainterStrokeOracleTests {
    static func area(_ mask: CoverageMask?) -> Double {
        guard let mask else { return 0 }
        return mask.data.reduce(0.0) { $0 + Double($1) } / 255
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String, path: Path, style: StrokeStyle, transform: Transform
        var description: String { name }
    }

    static let cases: [Case] = {
        var wave = Path()
        wave.move(to: Point(10, 60)); wave.cubic(to: Point(190, 60), control1: Point(60, -20), control2: Point(140, 140))
        var zig = Path()
        zig.move(to: Point(20, 20)); zig.line(to: Point(80, 150)); zig.line(to: Point(120, 30)); zig.line(to: Point(180, 160))
        let ring = PathBuilder.ellipse(centerX: 100, centerY: 100, radiusX: 60, radiusY: 45)
        let box = PathBuilder.rect(x: 30, y: 40, width: 120, height: 90, cornerRadius: 12)
        let dash = DashPattern(lengths: [14, 6], phase: 3)
        return [
            Case(name: "cubic, butt", path: wave, style: StrokeStyle(width: 6), transform: .identity),
            Case(name: "cubic, round caps, rotated", path: wave, style: StrokeStyle(width: 9, cap: .round),
                 transform: .translation(100, -20) * .rotation(0.4)),
            Case(name: "zigzag, miter 10", path: zig, style: StrokeStyle(width: 8, join: .miter, miterLimit: 10), transform: .identity),
            Case(name: "zigzag, bevel, square caps", path: zig, style: StrokeStyle(width: 8, cap: .square, join: .bevel), transform: .identity),
            Case(name: "zigzag, round join, ×1.5", path: zig, style: StrokeStyle(width: 5, join: .round), transform: .scale(1.5)),
            Case(name: "ellipse, non-uniform scale", path: ring, style: StrokeStyle(width: 4), transform: .scale(1.4, 0.8)),
            Case(name: "dashed ellipse", path: ring, style: StrokeStyle(width: 5, dash: dash), transform: .identity),
            Case(name: "dashed zigzag, round caps", path: zig, style: StrokeStyle(width: 6, cap: .round, join: .round, dash: dash),
                 transform: .identity),
            Case(name: "dashed rounded rect", path: box, style: StrokeStyle(width: 3, cap: .square, dash: DashPattern(lengths: [4, 4], phase: 0)),
                 transform: .translation(5, 5)),
        ]
    }()

    @Test(arguments: cases)
    func strokeAreaMatchesTheExactStroker(_ c: Case) {
        let region = IntRect(x: -50, y: -50, width: 400, height: 400)!
        let painter = Painter(antialiasing: .skiaCompatible)
        let painted = Self.area(painter.strokeCoverage(c.path, style: c.style, transform: c.transform, within: region))
        let tolerance = Painter.flatteningTolerance / c.transform.maxScale
        let outline = Stroker.stroke(c.path, style: c.style, tolerance: tolerance)
        let device = outline.map { Polyline(points: $0.points.map(c.transform.apply), isClosed: true) }
        let exact = Self.area(Rasterizer.coverage(of: device, rule: .nonZero, clip: region))
        #expect(exact > 100, "\(c.name): the oracle inked almost nothing")
        #expect(abs(painted - exact) <= exact * 0.02, "\(c.name): painter \(painted) px², exact stroker \(exact) px²")
    }

    /// Exact-area antialiasing takes the same outline, flattened within 0.1 px instead of cut into
    /// Skia's coarser chords, so both modes ink the same area within 2 %.
    @Test(arguments: cases)
    func exactAreaModeInksTheSameOutline(_ c: Case) {
        let region = IntRect(x: -50, y: -50, width: 400, height: 400)!
        let skia = Self.area(Painter(antialiasing: .skiaCompatible).strokeCoverage(c.path, style: c.style, transform: c.transform, within: region))
        let exact = Self.area(Painter(antialiasing: .exactArea).strokeCoverage(c.path, style: c.style, transform: c.transform, within: region))
        #expect(abs(skia - exact) <= exact * 0.02, "\(c.name): skia-compatible \(skia) px², exact-area \(exact) px²")
    }
}
