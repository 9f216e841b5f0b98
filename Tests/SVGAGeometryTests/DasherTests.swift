import Testing
@testable import SVGAGeometry

/// Dashing per Skia's SkDashPath: piece counts and lengths, phase wrapping, closed contours
/// dashed across the start point, invalid patterns leave the input alone.

private let line10 = [Polyline(points: [P(0, 0), P(4, 0), P(10, 0)], isClosed: false)]
/// A 10×10 square, 40 long, starting at (0,0) clockwise on screen.
private let square10 = [Polyline(points: [P(0, 0), P(10, 0), P(10, 10), P(0, 10)], isClosed: true)]

private func lengths(_ pieces: [Polyline]) -> [Double] {
    pieces.map { (polylineLength($0.points) * 1e9).rounded() / 1e9 }
}

@Test(arguments: [
    (0.0, [2.0, 2, 2, 1]),
    (1.0, [1.0, 2, 2, 2]),
    (4.0, [1.0, 2, 2, 2]),      // phase wraps modulo the pattern sum (3)
    (2.0, [2.0, 2, 2]),         // exactly at the end of a dash: starts in the gap
    (-1.0, [2.0, 2, 2]),        // −1 ≡ 2
    (-7.0, [2.0, 2, 2]),        // −7 ≡ 2
])
func openLinePieces(_ phase: Double, _ expected: [Double]) {
    let pieces = Dasher.dash(line10, pattern: DashPattern(lengths: [2, 1], phase: phase))
    #expect(lengths(pieces) == expected)
    #expect(pieces.allSatisfy { !$0.isClosed })
}

@Test func dashPiecesLieOnTheContourAndKeepInteriorVertices() {
    let pieces = Dasher.dash(line10, pattern: DashPattern(lengths: [5, 1], phase: 0))
    #expect(pieces.first?.points == [P(0, 0), P(4, 0), P(5, 0)])
    #expect(pieces.last?.points == [P(6, 0), P(10, 0)])
}

@Test func closedContourWithoutWrap() {
    // 40 = 8 × (3 + 2): the walk ends in a gap, so the skipped first dash is its own piece.
    let pieces = Dasher.dash(square10, pattern: DashPattern(lengths: [3, 2], phase: 0))
    #expect(lengths(pieces) == Array(repeating: 3, count: 8))
    #expect(pieces.last?.points == [P(0, 0), P(3, 0)])
}

@Test func closedContourDashesAcrossTheStartPoint() throws {
    // Phase 1: the last dash runs from 39 to 40 and continues into the first (0…2) as one piece
    // through the start corner.
    let pieces = Dasher.dash(square10, pattern: DashPattern(lengths: [3, 2], phase: 1))
    #expect(lengths(pieces) == Array(repeating: 3, count: 8))
    let merged = try #require(pieces.last)
    #expect(merged.points == [P(0, 1), P(0, 0), P(2, 0)])
}

@Test func closedContourStartingInGapHasNoWrapPiece() {
    let pieces = Dasher.dash(square10, pattern: DashPattern(lengths: [3, 2], phase: 4))
    #expect(lengths(pieces) == Array(repeating: 3, count: 8))
    #expect(pieces.first?.points.first == P(1, 0))
}

@Test func patternRestartsOnEveryContour() {
    let two = line10 + [Polyline(points: [P(0, 5), P(10, 5)], isClosed: false)]
    let pieces = Dasher.dash(two, pattern: DashPattern(lengths: [4, 4], phase: 0))
    #expect(pieces.map { $0.points.first! } == [P(0, 0), P(8, 0), P(0, 5), P(8, 5)])
}

@Test func oddPatternIsRepeated() {
    // [3] → [3, 3]: on 0–3, off 3–6, on 6–9.
    let pieces = Dasher.dash(line10, pattern: DashPattern(lengths: [3], phase: 0))
    #expect(lengths(pieces) == [3, 3])
}

@Test func zeroLengthDashGivesPointPieces() {
    let pieces = Dasher.dash(line10, pattern: DashPattern(lengths: [0, 5], phase: 0))
    #expect(pieces.count == 2)
    #expect(pieces.map { $0.points } == [[P(0, 0), P(0, 0)], [P(5, 0), P(5, 0)]])
}

@Test(arguments: [
    DashPattern(lengths: [0, 0], phase: 0),
    DashPattern(lengths: [-1, 3], phase: 0),
    DashPattern(lengths: [.infinity, 1], phase: 0),
    DashPattern(lengths: [.nan, 1], phase: 0),
    DashPattern(lengths: [], phase: 0),
    DashPattern(lengths: [1, 1], phase: .nan),
])
func invalidPatternReturnsInputUnchanged(_ pattern: DashPattern) {
    #expect(Dasher.dash(line10, pattern: pattern) == line10)
}

@Test func tooManyDashesReturnsInputUnchanged() {
    let long = [Polyline(points: [P(0, 0), P(1e7, 0)], isClosed: false)]
    #expect(Dasher.dash(long, pattern: DashPattern(lengths: [1, 1], phase: 0)) == long)
}

@Test func zeroLengthContoursAreDropped() {
    let dot = [Polyline(points: [P(1, 1), P(1, 1)], isClosed: false)]
    #expect(Dasher.dash(dot, pattern: DashPattern(lengths: [1, 1], phase: 0)).isEmpty)
}
