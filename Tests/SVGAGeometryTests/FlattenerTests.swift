import Testing
@testable import SVGAGeometry

/// Flattening: the deviation bound holds in output space under transforms, the chord count grows
/// like √(1/tol), lines stay lines, bad or empty subpaths are dropped.

struct FlattenCase: Sendable, CustomTestStringConvertible {
    let radius: Double
    let transformName: String
    let transform: Transform
    let tolerance: Double
    var testDescription: String { "r=\(radius) \(transformName) tol=\(tolerance)" }
}

let flattenCases: [FlattenCase] = {
    let transforms: [(String, Transform)] = [
        ("identity", .identity),
        ("scale3", .scale(3)),
        ("rot·aniso", Transform.rotation(0.7) * .scale(2, 0.5)),
        ("translate·rot", Transform.translation(50, -20) * .rotation(-2.1)),
    ]
    var out: [FlattenCase] = []
    for r in [1.0, 10, 200] {
        for (name, t) in transforms {
            for tol in [0.25, 0.02] { out.append(FlattenCase(radius: r, transformName: name, transform: t, tolerance: tol)) }
        }
    }
    return out
}()

@Test(arguments: flattenCases)
func deviationStaysWithinTolerance(_ c: FlattenCase) throws {
    let circle = PathBuilder.ellipse(centerX: 3, centerY: -2, radiusX: c.radius, radiusY: c.radius)
    let polys = Flattener.flatten(circle, transform: c.transform, tolerance: c.tolerance)
    #expect(polys.count == 1)
    let poly = try #require(polys.first)
    #expect(poly.isClosed)
    // Sample the true (device-space) cubics and measure the distance to the polyline.
    let device = circle.transformed(by: c.transform)
    var current = Point.zero
    var worst = 0.0
    for seg in device.segments {
        switch seg {
        case .move(let p): current = p
        case .cubic(let c1, let c2, let p):
            for i in 0...64 {
                let q = cubicPoint(current, c1, c2, p, Double(i) / 64)
                worst = Swift.max(worst, distanceToPolyline(q, poly.points, closed: true))
            }
            current = p
        default: break
        }
    }
    #expect(worst <= c.tolerance * (1 + 1e-9))
    // And not absurdly fine: at least a quarter of the allowed error is used on big circles.
    if c.radius * c.transform.maxScale > 50 { #expect(worst > c.tolerance / 4) }
}

@Test func chordCountGrowsLikeInverseSquareRootOfTolerance() {
    let circle = PathBuilder.ellipse(centerX: 0, centerY: 0, radiusX: 100, radiusY: 100)
    let coarse = Flattener.flatten(circle, transform: .identity, tolerance: 1)[0].points.count
    let fine = Flattener.flatten(circle, transform: .identity, tolerance: 0.01)[0].points.count
    let ratio = Double(fine) / Double(coarse)
    #expect(ratio > 8 && ratio < 12)   // √(1 / 0.01) = 10
}

@Test func lineStaysTwoPoints() {
    let polys = Flattener.flatten(SVGPathParser.parse("M0 0L10 5").path, transform: .scale(7), tolerance: 1e-6)
    #expect(polys == [Polyline(points: [P(0, 0), P(70, 35)], isClosed: false)])
}

@Test func closedContourDoesNotRepeatItsStart() {
    let polys = Flattener.flatten(SVGPathParser.parse("M0 0L1 0L1 1L0 0Z").path, transform: .identity, tolerance: 0.1)
    #expect(polys == [Polyline(points: [P(0, 0), P(1, 0), P(1, 1)], isClosed: true)])
}

@Test func loneMovesAndPointSubpathsAreDropped() {
    let polys = Flattener.flatten(SVGPathParser.parse("M1 1M2 2L3 3M5 5M6 6Z").path, transform: .identity, tolerance: 0.1)
    #expect(polys == [Polyline(points: [P(2, 2), P(3, 3)], isClosed: false)])
}

@Test func nonFiniteSubpathIsDroppedOthersKept() {
    let path = Path([.move(P(0, 0)), .line(P(.nan, 1)), .line(P(2, 2)),
                     .move(P(0, 0)), .cubic(P(1, .infinity), P(2, 0), P(3, 0)),
                     .move(P(5, 5)), .line(P(6, 6))])
    let polys = Flattener.flatten(path, transform: .identity, tolerance: 0.1)
    #expect(polys == [Polyline(points: [P(5, 5), P(6, 6)], isClosed: false)])
}

@Test func segmentCountIsCappedForHugeCurves() throws {
    let path = Path([.move(P(0, 0)), .cubic(P(1e9, 1e9), P(-1e9, 1e9), P(0, 1))])
    let poly = try #require(Flattener.flatten(path, transform: .identity, tolerance: 1e-6).first)
    #expect(poly.points.count == Flattener.maxSegmentsPerCurve + 1)
}

@Test func drawingAfterCloseStartsAtSubpathStart() {
    let path = Path([.move(P(1, 1)), .line(P(4, 1)), .line(P(4, 4)), .close, .line(P(0, 9))])
    let polys = Flattener.flatten(path, transform: .identity, tolerance: 0.1)
    #expect(polys.count == 2)
    #expect(polys.last == Polyline(points: [P(1, 1), P(0, 9)], isClosed: false))
}

@Test func quadIsFlattenedWithinTolerance() throws {
    let path = Path([.move(P(0, 0)), .quad(P(50, 100), P(100, 0))])
    let poly = try #require(Flattener.flatten(path, transform: .identity, tolerance: 0.1).first)
    #expect(poly.points.count > 10)
    for i in 0...100 {
        let t = Double(i) / 100, u = 1 - t
        let q = P(0, 0) * (u * u) + P(50, 100) * (2 * u * t) + P(100, 0) * (t * t)
        #expect(distanceToPolyline(q, poly.points, closed: false) <= 0.1 + 1e-12)
    }
}

/// Regression (fuzz-path, Tests/Fixtures/hostile/path/crash-huge-control-point-count): a curve
/// with a control point near 1e99 asked for ~1e50 chords, and converting that to Int trapped.
@Test func curveWithHugeFiniteControlPointIsCappedNotTrapped() {
    let path = SVGPathParser.parse("M0 0 C100 0 20.5-1e2,3E99 10020 20").path
    let n = Flattener.pointCount(path, transform: .identity, tolerance: 0.1, visible: nil)
    #expect(n == 1 + Flattener.maxSegmentsPerCurve)
    let polylines = Flattener.flatten(path, transform: .identity, tolerance: 0.1)
    #expect(polylines.first?.points.count == 1 + Flattener.maxSegmentsPerCurve)
}

/// Off-canvas culling: a curve whose control points all lie beyond one side of the visible
/// rectangle becomes its chord; the same curve crossing it keeps its chords.
@Test func curvesOutsideTheVisibleRectangleBecomeChords() {
    let visible = Rect(x: 0, y: 0, width: 100, height: 100)
    let outside = SVGPathParser.parse("M200 0 C400 0 400 100 200 100 Z").path
    #expect(Flattener.pointCount(outside, transform: .identity, tolerance: 0.1, visible: visible) == 2)
    #expect(Flattener.flatten(outside, transform: .identity, tolerance: 0.1, visible: visible).first?.points.count == 2)
    #expect(Flattener.pointCount(outside, transform: .identity, tolerance: 0.1, visible: nil) > 10)
    let crossing = SVGPathParser.parse("M50 0 C400 0 400 100 50 100 Z").path
    let kept = Flattener.flatten(crossing, transform: .identity, tolerance: 0.1, visible: visible)
    let all = Flattener.flatten(crossing, transform: .identity, tolerance: 0.1)
    #expect(kept == all)
    #expect(Flattener.pointCount(crossing, transform: .identity, tolerance: 0.1, visible: visible) == all.first!.points.count)
}
