import Testing
import SVGAGeometry

/// `SkiaCompatibleStroker`: the outline Skia's SkPathStroker builds (values from skia-python 144,
/// `paint.getFillPath`).
struct SkiaCompatStrokerTests {
    static func circle(_ r: Double) -> Path {
        // The reference renderer's ellipse: addOval, conics turned into cubics (k = 0.5522847).
        let k = 4.0 * (0.5.squareRoot()) / (3.0 * (1 + 0.5.squareRoot()))
        var p = Path()
        p.move(to: Point(r, 0))
        p.cubic(to: Point(0, r), control1: Point(r, k * r), control2: Point(k * r, r))
        p.cubic(to: Point(-r, 0), control1: Point(-k * r, r), control2: Point(-r, k * r))
        p.cubic(to: Point(0, -r), control1: Point(-r, -k * r), control2: Point(-k * r, -r))
        p.cubic(to: Point(r, 0), control1: Point(k * r, -r), control2: Point(r, -k * r))
        p.close()
        return p
    }

    @Test("gift_receiver_select's ring: two closed contours of 8 quads, Skia's control points")
    func ring() throws {
        let out = try #require(SkiaCompatibleStroker.stroke(Self.circle(30.734375), style: StrokeStyle(width: 2.5),
                                                            resolutionScale: 1.1919277906417847))
        let moves = out.segments.filter { if case .move = $0 { return true } else { return false } }.count
        let quads = out.segments.compactMap { seg -> (Point, Point)? in
            if case .quad(let c, let p) = seg { return (c, p) } else { return nil }
        }
        #expect(moves == 2)
        #expect(quads.count == 16)
        #expect(out.segments.first == .move(Point(31.984375, 0)))
        let (c, p) = quads[0]
        #expect(abs(c.x - 31.984375) < 1e-4 && abs(c.y - 13.248359680175781) < 1e-4)
        #expect(abs(p.x - 22.616371154785156) < 1e-4 && abs(p.y - 22.616365432739258) < 1e-4)
        // The inner contour starts at the inner radius and runs the other way.
        let inner = quads[8]
        #expect(abs(inner.0.x - 29.484375) < 1e-4 && inner.0.y < 0)
    }

    @Test("an open polyline, square caps and a miter: Skia's outline corners")
    func squareCapMiter() throws {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0)); p.line(to: Point(10, 10))
        let out = try #require(SkiaCompatibleStroker.stroke(p, style: StrokeStyle(width: 2, cap: .square, join: .miter),
                                                            resolutionScale: 1))
        var pts: [Point] = []
        for seg in out.segments {
            switch seg {
            case .move(let q), .line(let q): pts.append(q)
            default: break
            }
        }
        // Skia (getFillPath): (0,-1) (11,-1) (11,11) (9,11) (9,0) (10,0) (10,1) (-1,1) (-1,-1); ours
        // adds collinear points where Skia moves the last one, so compare the corner set.
        let skia: Set<Point> = [Point(0, -1), Point(11, -1), Point(11, 11), Point(9, 11), Point(9, 0),
                                Point(10, 0), Point(10, 1), Point(-1, 1), Point(-1, -1)]
        for corner in skia { #expect(pts.contains(corner), "missing \(corner)") }
        var area = 0.0
        for i in pts.indices { area += pts[i].cross(pts[(i + 1) % pts.count]) / 2 }
        // Skia's polygon has signed area 45: the 12×2 bar, the 2×10 leg, and the 1×1 square the
        // inner join wraps twice (through the pivot); nonzero fills it once.
        #expect(abs(abs(area) - 45) < 1e-9)
    }

    @Test("dashes are cut before stroking (nil: the caller dashes with Dasher.dashedPath)")
    func dashFallsBack() {
        let style = StrokeStyle(width: 1, dash: DashPattern(lengths: [2, 1], phase: 0))
        #expect(SkiaCompatibleStroker.stroke(Self.circle(5), style: style, resolutionScale: 1) == nil)
    }

    @Test("resolution scale is the longer mapped axis", arguments: [
        (Transform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 5), 3.0),
        (Transform(a: 0, b: 1.5, c: -1, d: 0, tx: 0, ty: 0), 1.5),
    ])
    func resolutionScale(t: Transform, expected: Double) {
        #expect(SkiaCompatibleStroker.resolutionScale(of: t) == expected)
    }
}

/// Awkward inputs: every outline is finite, and what should draw does.
struct SkiaCompatStrokerRobustnessTests {
    static let paths: [(String, Path, LineCap, LineJoin)] = {
        var dot = Path(); dot.move(to: Point(5, 5)); dot.line(to: Point(5, 5))
        var quad = Path(); quad.move(to: Point(0, 0)); quad.quad(to: Point(20, 0), control: Point(10, 15))
        var cusp = Path(); cusp.move(to: Point(0, 0)); cusp.cubic(to: Point(10, 0), control1: Point(20, 10), control2: Point(-10, 10))
        var zig = Path(); zig.move(to: Point(0, 0)); zig.line(to: Point(10, 0)); zig.line(to: Point(0, 1)); zig.close()
        var back = Path(); back.move(to: Point(0, 0)); back.line(to: Point(10, 0)); back.line(to: Point(0, 0))
        return [("zero-length, round cap", dot, .round, .miter), ("quad", quad, .butt, .miter),
                ("cusp cubic", cusp, .round, .round), ("sharp closed", zig, .butt, .miter),
                ("reversal", back, .square, .round), ("circle, round join", SkiaCompatStrokerTests.circle(4), .butt, .round)]
    }()

    @Test("finite, non-empty outlines", arguments: paths.indices)
    func finite(_ i: Int) throws {
        let (name, path, cap, join) = Self.paths[i]
        let out = try #require(SkiaCompatibleStroker.stroke(path, style: StrokeStyle(width: 2, cap: cap, join: join),
                                                            resolutionScale: 2))
        #expect(!out.isEmpty, "\(name)")
        #expect(out.isFinite, "\(name)")
        #expect(!Flattener.flatten(out, transform: .identity, tolerance: 0.1).isEmpty, "\(name)")
    }

    /// Regression (SampleAssets shapes.svga, the purple Λ): a miter limit ≤ 1 — the common absent 0
    /// — must give bevel joins (spec A.5, SkStroke), not unlimited miters.
    @Test(arguments: [0.0, 0.5, 1.0, Double.nan])
    func miterLimitAtMostOneIsBevel(_ limit: Double) throws {
        var wedge = Path()
        wedge.move(to: Point(0, 35)); wedge.line(to: Point(15, 0)); wedge.line(to: Point(30, 35))
        let miter = try #require(SkiaCompatibleStroker.stroke(wedge, style: StrokeStyle(width: 8, join: .miter, miterLimit: limit), resolutionScale: 1))
        let bevel = try #require(SkiaCompatibleStroker.stroke(wedge, style: StrokeStyle(width: 8, join: .bevel), resolutionScale: 1))
        #expect(miter == bevel)
        let unlimited = try #require(SkiaCompatibleStroker.stroke(wedge, style: StrokeStyle(width: 8, join: .miter, miterLimit: 10), resolutionScale: 1))
        #expect(unlimited != bevel, "a limit of 10 keeps this ~46° miter")
    }
}
