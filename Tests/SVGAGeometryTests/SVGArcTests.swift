import Testing
@testable import SVGAGeometry

/// Arcs → cubics (SVG implementation notes F.6): exact end points, ≤ 90° per cubic, the flags
/// picking the right one of four arcs, radius scale-up, flags written without separators.

/// Cubic pieces of a parsed path with their start points.
private func cubics(_ path: Path) -> [(Point, Point, Point, Point)] {
    var out: [(Point, Point, Point, Point)] = []
    var cur = Point.zero
    for s in path.segments {
        switch s {
        case .move(let p), .line(let p): cur = p
        case .quad(_, let p): cur = p
        case .cubic(let c1, let c2, let p): out.append((cur, c1, c2, p)); cur = p
        case .close: break
        }
    }
    return out
}

struct ArcFlagCase: Sendable {
    let largeArc: Int, sweep: Int
    let center: Point
    let delta: Double   // signed sweep in radians (positive = clockwise on screen)
}

// (0,0) → (10,10) on a circle of radius 10: centres (0,10) or (10,0), a 90° or 270° arc.
let arcFlagCases: [ArcFlagCase] = [
    ArcFlagCase(largeArc: 0, sweep: 1, center: P(0, 10), delta: .pi / 2),
    ArcFlagCase(largeArc: 0, sweep: 0, center: P(10, 0), delta: -.pi / 2),
    ArcFlagCase(largeArc: 1, sweep: 1, center: P(10, 0), delta: 3 * .pi / 2),
    ArcFlagCase(largeArc: 1, sweep: 0, center: P(0, 10), delta: -3 * .pi / 2),
]

@Test(arguments: arcFlagCases)
func arcFlagsChooseCentreAndDirection(_ c: ArcFlagCase) throws {
    let r = SVGPathParser.parse("M0 0A10 10 0 \(c.largeArc) \(c.sweep) 10 10")
    #expect(r.error == nil)
    let pieces = cubics(r.path)
    let expectedCount = abs(c.delta) > .pi ? 3 : 1
    #expect(pieces.count == expectedCount)
    let last = try #require(pieces.last)
    #expect(last.3 == P(10, 10))   // end point exact
    let start = pieces[0].0
    let startAngle = Double.arcTangent2(start.y - c.center.y, start.x - c.center.x)
    let step = c.delta / Double(expectedCount)
    for (i, piece) in pieces.enumerated() {
        let mid = cubicPoint(piece.0, piece.1, piece.2, piece.3, 0.5)
        #expect(abs(mid.distance(to: c.center) - 10) < 1e-3)
        // The midpoint sits at the expected angle, which pins down the direction.
        let a = startAngle + step * (Double(i) + 0.5)
        #expect(close(mid, c.center + P(10 * Double.cosine(a), 10 * Double.sine(a)), 1e-3))
    }
}

@Test func tooSmallRadiiAreScaledUp() {
    // Radius 1 cannot span 10 units: scaled to 5, a half circle about (5,0) through the top.
    let pieces = cubics(SVGPathParser.parse("M0 0A1 1 0 0 1 10 0").path)
    #expect(pieces.count == 2)
    #expect(pieces.last?.3 == P(10, 0))
    #expect(close(pieces[0].3, P(5, -5), 1e-9))
    for p in pieces {
        #expect(abs(cubicPoint(p.0, p.1, p.2, p.3, 0.5).distance(to: P(5, 0)) - 5) < 1e-3)
    }
}

@Test func rotatedEllipticalArcStaysOnEllipse() {
    // Centre (0,0), rx 20, ry 10, x-axis rotated 30°; from parametric angle 0° to 100°.
    let phi = 30 * Double.pi / 180
    let rot = Transform.rotation(phi)
    let a = 100 * Double.pi / 180
    let p0 = rot.apply(P(20, 0))
    let p1 = rot.apply(P(20 * Double.cosine(a), 10 * Double.sine(a)))
    let d = "M\(p0.x) \(p0.y)A20 10 30 0 1 \(p1.x) \(p1.y)"
    let pieces = cubics(SVGPathParser.parse(d).path)
    #expect(pieces.count == 2)
    #expect(pieces.last?.3 == p1)
    let back = Transform.rotation(-phi)
    for p in pieces {
        for t in [0.5, 1.0] {
            let q = back.apply(cubicPoint(p.0, p.1, p.2, p.3, t))
            let e = (q.x / 20) * (q.x / 20) + (q.y / 10) * (q.y / 10)
            #expect(abs(e - 1) < 1e-3)
        }
    }
}

@Test(arguments: [
    ("M0 0a10 10 0 0110 10", "M0 0 a10 10 0 0 1 10 10"),
    ("M0 0a1 1 0 00 1 1", "M0 0 a1,1,0,0,0,1,1"),
    ("M0 0a1 1 0 1,0 1 1", "M0 0 a 1 1 0 1 0 1 1"),
])
func arcFlagsNeedNoSeparators(_ packed: String, _ spaced: String) {
    let a = SVGPathParser.parse(packed), b = SVGPathParser.parse(spaced)
    #expect(a.error == nil && b.error == nil)
    #expect(!a.path.segments.isEmpty)
    #expect(a.path.segments == b.path.segments)
}

@Test func relativeArcEndsAtOffsetFromCurrentPoint() {
    let r = SVGPathParser.parse("M5 5a3 3 0 0 1 6 0a3 3 0 0 1 -6 0z")
    #expect(r.error == nil)
    let pieces = cubics(r.path)
    #expect(pieces.count == 4)
    #expect(pieces[1].3 == P(11, 5))
    #expect(pieces[3].3 == P(5, 5))
}
