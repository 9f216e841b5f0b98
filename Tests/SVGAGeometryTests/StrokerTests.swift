import Testing
@testable import SVGAGeometry

/// Stroke areas. Two measures: the signed shoelace sum over all output polygons, which by
/// construction equals the sum of the pieces (segment rectangles + outer join wedges + caps, all
/// one orientation), and the union area under the nonzero rule by grid sampling.

private func stroke(_ d: String, width: Double, cap: LineCap = .butt, join: LineJoin = .miter,
                    miterLimit: Double = 4, dash: DashPattern? = nil, tolerance: Double = 1e-4) -> [Polyline] {
    Stroker.stroke(SVGPathParser.parse(d).path,
                   style: StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit, dash: dash),
                   tolerance: tolerance)
}

/// |Σ signed areas|; every piece has the same orientation, so no cancellation hides errors.
private func pieceArea(_ polys: [Polyline]) -> Double {
    abs(polys.reduce(0) { $0 + signedArea($1.points) })
}

@Test(arguments: [
    (LineCap.butt, 20.0),
    (.square, 24.0),               // + width²
    (.round, 20.0 + .pi),          // + π(w/2)²
])
func straightLineArea(_ cap: LineCap, _ expected: Double) {
    let polys = stroke("M0 0L10 0", width: 2, cap: cap)
    #expect(polys.count == 1)
    #expect(abs(pieceArea(polys) - expected) < 1e-3)
}

@Test func diagonalLineAreaIsRotationInvariant() {
    let polys = stroke("M1 1L7 9", width: 3, cap: .square)
    #expect(abs(pieceArea(polys) - (10 * 3 + 9)) < 1e-9)
}

/// Right angle at (10,0): rectangles 20 + 20 overlapping by 1, plus the outer corner wedge.
@Test(arguments: [
    (LineJoin.bevel, 0.5),
    (.miter, 1.0),
    (.round, Double.pi / 4),
])
func rightAngleJoinAreas(_ join: LineJoin, _ wedge: Double) {
    let polys = stroke("M0 0L10 0L10 10", width: 2, join: join)
    #expect(polys.count == 1)
    #expect(abs(pieceArea(polys) - (40 + wedge)) < 1e-3)
    let union = nonzeroArea(polys, bounds: Rect(x: -2, y: -2, width: 14, height: 14), step: 0.05)
    #expect(abs(union - (39 + wedge)) < 0.05)
}

/// A right angle needs 1/sin(45°) = √2 ≈ 1.41421: miter above, bevel below; ≤ 1 always bevels.
@Test(arguments: [(1.4143, 41.0), (1.4141, 40.5), (1.0, 40.5), (0.0, 40.5), (-3.0, 40.5), (Double.nan, 40.5)])
func miterLimitSwitch(_ limit: Double, _ expected: Double) {
    let polys = stroke("M0 0L10 0L10 10", width: 2, join: .miter, miterLimit: limit)
    #expect(abs(pieceArea(polys) - expected) < 1e-9)
}

@Test(arguments: [
    (LineJoin.miter, 84.0, 80.0),
    (.bevel, 82.0, 78.0),
    (.round, 80.0 + .pi, 76.0 + .pi),
])
func closedSquareStroke(_ join: LineJoin, _ pieces: Double, _ union: Double) {
    let polys = stroke("M0 0H10V10H0Z", width: 2, cap: .round, join: join)
    #expect(polys.count == 2)   // left loop + right loop, no caps on a closed contour
    #expect(abs(pieceArea(polys) - pieces) < 1e-3)
    let sampled = nonzeroArea(polys, bounds: Rect(x: -2, y: -2, width: 14, height: 14), step: 0.05)
    #expect(abs(sampled - union) < 0.05)
}

@Test func closedContourIsJoinedAtItsStart() {
    // Triangle starting at a sharp corner: with a miter join the start corner gets its tip.
    let open = stroke("M0 0L10 0L5 3", width: 1, join: .miter, miterLimit: 100)
    let closed = stroke("M0 0L10 0L5 3Z", width: 1, join: .miter, miterLimit: 100)
    let farLeft = closed.flatMap(\.points).map(\.x).min()!
    #expect(farLeft < -1)             // the miter tip at (0,0) reaches out to the left
    #expect(open.flatMap(\.points).map(\.x).min()! > -0.5)
}

@Test(arguments: [
    ("M5 5L5 5", LineCap.round, Double.pi * 4),
    ("M5 5Z", .round, .pi * 4),
    ("M5 5L5 5", .square, 16),
    ("M5 5L5 5", .butt, 0),
])
func zeroLengthSubpathCaps(_ d: String, _ cap: LineCap, _ expected: Double) {
    let polys = stroke(d, width: 4, cap: cap)
    #expect(polys.count == (cap == .butt ? 0 : 1))
    #expect(abs(pieceArea(polys) - expected) < 1e-3)
    if cap == .square {
        // Axis-aligned (Skia's default direction along x).
        #expect(Set(polys[0].points) == [P(3, 3), P(7, 3), P(7, 7), P(3, 7)])
    }
}

@Test(arguments: [0.0, -1, .nan, .infinity])
func badWidthStrokesNothing(_ w: Double) {
    #expect(stroke("M0 0L10 0", width: w).isEmpty)
}

@Test func dashedStrokePieces() {
    let polys = stroke("M0 0L10 0", width: 1, dash: DashPattern(lengths: [2, 1], phase: 0))
    #expect(polys.count == 4)
    #expect(abs(pieceArea(polys) - 7) < 1e-9)
    let roundDots = stroke("M0 0L10 0", width: 1, cap: .round, dash: DashPattern(lengths: [0, 5], phase: 0))
    #expect(roundDots.count == 2)
    #expect(abs(pieceArea(roundDots) - 2 * .pi / 4) < 1e-3)
}

@Test func dashedClosedStrokeJoinsAcrossStart() {
    // Dashes on 4–7, 9–12, …, 39–42: four of them turn a corner and get a miter wedge there
    // (0.25 each for w = 1), among them the merged piece 39–40 + 0–2 through the start corner.
    let polys = stroke("M0 0H10V10H0Z", width: 1, dash: DashPattern(lengths: [3, 2], phase: 1))
    #expect(polys.count == 8)
    #expect(abs(pieceArea(polys) - (8 * 3 + 4 * 0.25)) < 1e-9)
    #expect(polys.contains { $0.points.contains { close($0, P(-0.5, -0.5)) } })   // the start corner's miter tip
}

@Test func reversalWithRoundJoinIsASemicircle() {
    // Out and back along the same line: two rectangles on top of each other plus a half disc.
    let polys = stroke("M0 0L10 0L0 0", width: 2, join: .round)
    #expect(abs(pieceArea(polys) - (40 + Double.pi / 2)) < 1e-3)
    let union = nonzeroArea(polys, bounds: Rect(x: -1, y: -2, width: 13, height: 4), step: 0.01)
    #expect(abs(union - (20 + Double.pi / 2)) < 0.05)
}

@Test func reversalWithMiterJoinIsFlat() {
    let polys = stroke("M0 0L10 0L0 0", width: 2, join: .miter, miterLimit: 1000)
    #expect(abs(pieceArea(polys) - 40) < 1e-9)
}
