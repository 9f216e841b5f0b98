import Testing
import SVGAGeometry
@testable import SVGAFormat

// Shapes and their styles (spec A.5): geometry by type, colours clamped, stroke only with a colour
// and a positive width, cap/join mapping, the dash rule, and what draws nothing (with diagnostics).

struct ShapeResolutionTests {
    static func resolve(_ shapes: [RawShape], clip: String? = nil) throws -> (Frame, [Diagnostic]) {
        let raw = RawMovie(sprites: [RawSprite(imageKey: "v", frames: [RawFrame(alpha: 1, clipPath: clip, shapes: shapes)])])
        let movie = try MovieResolver.resolve(raw, container: .zlibProtobuf)
        return (movie.sprites[0].frames[0], movie.diagnostics)
    }

    static func style(_ s: RawShapeStyle) throws -> ShapeStyle? {
        try resolve([RawShape(type: .shape, args: .shape(d: "M0 0L1 1"), styles: s)]).0.shapes.first?.style
    }

    @Test func rectAndEllipseUsePathBuilder() throws {
        let (frame, _) = try Self.resolve([
            RawShape(type: .rect, args: .rect(x: 1, y: 2, width: 30, height: 40, cornerRadius: 5)),
            RawShape(type: .ellipse, args: .ellipse(x: 10, y: 20, radiusX: 5, radiusY: 3)),
        ])
        #expect(frame.shapes.map(\.kind) == [.rect, .ellipse])
        #expect(frame.shapes[0].path == PathBuilder.rect(x: 1, y: 2, width: 30, height: 40, cornerRadius: 5))
        #expect(frame.shapes[1].path == PathBuilder.ellipse(centerX: 10, centerY: 20, radiusX: 5, radiusY: 3))
        #expect(frame.shapes[0].transform == .identity)
        #expect(frame.shapes[0].style == nil)
    }

    @Test func shapeTransformIsUsedAsIs() throws {
        let (frame, _) = try Self.resolve([RawShape(type: .shape, args: .shape(d: "M0 0"), transform: RawTransform(a: 0, d: 3, tx: 1))])
        #expect(frame.shapes[0].transform == Transform(a: 0, b: 0, c: 0, d: 3, tx: 1, ty: 0))
    }

    @Test func emptyOrAbsentArgsGiveAnEmptyPathWithoutDiagnostic() throws {
        let (frame, diagnostics) = try Self.resolve([RawShape(type: .shape, args: .shape(d: "")), RawShape(type: .rect),
                                                     RawShape(type: .shape, args: .rect(x: 0, y: 0, width: 1, height: 1, cornerRadius: 0))])
        #expect(frame.shapes.map(\.path.isEmpty) == [true, true, true])
        #expect(diagnostics.isEmpty)
    }

    @Test func badPathDataKeepsThePrefixAndReports() throws {
        let (frame, diagnostics) = try Self.resolve([RawShape(type: .shape, args: .shape(d: "M0 0 L10 0 L10 x"))])
        #expect(frame.shapes[0].path.segments == [.move(Point(0, 0)), .line(Point(10, 0))])
        #expect(diagnostics.map(\.kind) == [.badPathData])
        #expect(diagnostics.first?.sprite == 0 && diagnostics.first?.frame == 0)
    }

    @Test func clipPathIsParsedAndEmptyMeansNone() throws {
        #expect(try Self.resolve([], clip: "M0 0H10V10Z").0.clipPath?.segments.count == 4)
        #expect(try Self.resolve([], clip: "").0.clipPath == nil)
        #expect(try Self.resolve([], clip: nil).0.clipPath == nil)
        let (bad, diagnostics) = try Self.resolve([], clip: "M0 0H10V10Z ?")
        #expect(bad.clipPath?.segments.count == 4)
        #expect(diagnostics.map(\.kind) == [.badPathData])
    }

    @Test func unknownTypeDrawsNothingAndIsReported() throws {
        let (frame, diagnostics) = try Self.resolve([RawShape(unknownType: 9), RawShape(type: .shape, args: .shape(d: "M0 0"))])
        #expect(frame.shapes.count == 1)
        #expect(diagnostics.map(\.kind) == [.unknownShapeType])
        #expect(diagnostics.first?.message.contains("9") == true)
    }

    @Test(arguments: [
        RawShape(type: .rect, args: .rect(x: .nan, y: 0, width: 1, height: 1, cornerRadius: 0)),
        RawShape(type: .ellipse, args: .ellipse(x: 0, y: 0, radiusX: .infinity, radiusY: 1)),
        RawShape(type: .shape, args: .shape(d: "M0 0"), transform: RawTransform(a: 1, d: .nan)),
        RawShape(type: .shape, args: .shape(d: "M0 0"), styles: RawShapeStyle(strokeWidth: -.infinity)),
        RawShape(type: .shape, args: .shape(d: "M0 0"), styles: RawShapeStyle(lineDashIII: .nan)),
    ])
    func nonFiniteShapeIsDropped(_ shape: RawShape) throws {
        let (frame, diagnostics) = try Self.resolve([shape])
        #expect(frame.shapes.isEmpty)
        #expect(diagnostics.map(\.kind) == [.nonFiniteNumber])
    }

    @Test func coloursAreClampedAndNaNIsZero() throws {
        let s = try Self.style(RawShapeStyle(fill: RawColor(r: 2, g: -1, b: .nan, a: 0.5)))
        #expect(s?.fill == Color(r: 1, g: 0, b: 0, a: 0.5))
        #expect(s?.stroke == nil)
    }

    @Test(arguments: [
        (RawColor?.some(RawColor(a: 1)), Float(0), false),
        (RawColor?.some(RawColor(a: 1)), Float(-1), false),
        (RawColor?.none, Float(2), false),
        (RawColor?.some(RawColor(a: 1)), Float(0.5), true),
    ])
    func strokeNeedsAColourAndAPositiveWidth(_ color: RawColor?, _ width: Float, _ drawn: Bool) throws {
        #expect((try Self.style(RawShapeStyle(stroke: color, strokeWidth: width))?.stroke != nil) == drawn)
    }

    @Test(arguments: [(Int32(0), LineCap.butt), (1, .round), (2, .square), (3, .butt), (-1, .butt)])
    func capMapping(_ n: Int32, _ cap: LineCap) throws {
        #expect(try Self.style(RawShapeStyle(stroke: RawColor(a: 1), strokeWidth: 1, lineCap: n))?.stroke?.style.cap == cap)
    }

    @Test(arguments: [(Int32(0), LineJoin.miter), (1, .round), (2, .bevel), (7, .miter)])
    func joinMapping(_ n: Int32, _ join: LineJoin) throws {
        #expect(try Self.style(RawShapeStyle(stroke: RawColor(a: 1), strokeWidth: 1, lineJoin: n))?.stroke?.style.join == join)
    }

    @Test func widthAndMiterLimitAreAsGiven() throws {
        let stroke = try Self.style(RawShapeStyle(stroke: RawColor(r: 0.5, a: 1), strokeWidth: 3, miterLimit: 0))?.stroke
        #expect(stroke?.style.width == 3)
        #expect(stroke?.style.miterLimit == 0)
        #expect(stroke?.style.dash == nil)
        #expect(stroke?.color == Color(r: 0.5, g: 0, b: 0, a: 1))
    }

    /// A.5 / B.3.6: pattern [max(I, 1), max(II, 0.1)], phase III, when I > 0 or II > 0
    /// (Walkthrough.svga: I = 0, II = 10 → [1, 10]).
    @Test(arguments: [
        (Float(0), Float(10), Float(0), DashPattern?.some(DashPattern(lengths: [1, 10], phase: 0))),
        (4, 0, 2, DashPattern(lengths: [4, Double(0.1)], phase: 2)),
        (0.5, 0.05, 0, DashPattern(lengths: [1, 0.1], phase: 0)),
        (0, 0, 5, nil),
        (-1, -1, 0, nil),
    ])
    func dashRule(_ i: Float, _ ii: Float, _ iii: Float, _ expected: DashPattern?) throws {
        let style = RawShapeStyle(stroke: RawColor(a: 1), strokeWidth: 1, lineDashI: i, lineDashII: ii, lineDashIII: iii)
        #expect(try Self.style(style)?.stroke?.style.dash == expected)
    }
}
