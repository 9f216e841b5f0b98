import Testing
@testable import SVGAGeometry

/// Spec A.5: start points and directions (they decide where dashes begin), corner clamping,
/// κ quarter arcs, empty paths for degenerate sizes.

@Test func plainRectStartsTopLeftClockwise() {
    let p = PathBuilder.rect(x: 1, y: 2, width: 10, height: 4, cornerRadius: 0)
    #expect(p.segments == [.move(P(1, 2)), .line(P(11, 2)), .line(P(11, 6)), .line(P(1, 6)), .close])
    let poly = Flattener.flatten(p, transform: .identity, tolerance: 0.1)
    #expect(signedArea(poly[0].points) == 40)   // positive: clockwise on screen (y down)
}

@Test(arguments: [-3.0, .nan])
func nonPositiveOrNaNRadiusIsPlainRect(_ r: Double) {
    #expect(PathBuilder.rect(x: 0, y: 0, width: 4, height: 4, cornerRadius: r).segments.count == 5)
}

@Test func roundedRectStartsAtLowerEndOfLeftEdge() throws {
    let p = PathBuilder.rect(x: 0, y: 0, width: 20, height: 10, cornerRadius: 3)
    #expect(p.segments.first == .move(P(0, 7)))
    #expect(p.segments[1] == .line(P(0, 3)))          // up the left edge first
    guard case .cubic(let c1, let c2, let end) = p.segments[2] else { Issue.record("no corner"); return }
    #expect(end == P(3, 0))
    #expect(close(c1, P(0, 3 - 3 * PathBuilder.kappa)) && close(c2, P(3 - 3 * PathBuilder.kappa, 0)))
    #expect(p.segments.last == .close)
    let poly = try #require(Flattener.flatten(p, transform: .identity, tolerance: 1e-4).first)
    let expected = 200 - (4 - Double.pi) * 9
    #expect(abs(signedArea(poly.points) - expected) < 0.01)   // positive → clockwise on screen
}

@Test func cornerRadiusIsClampedToHalfTheShorterSide() {
    // r = min(100, 10/2, 4/2) = 2: the left and right edges vanish, the top edge remains.
    let p = PathBuilder.rect(x: 0, y: 0, width: 10, height: 4, cornerRadius: 100)
    #expect(p.segments.first == .move(P(0, 2)))
    guard case .cubic(_, _, let end) = p.segments[1] else { Issue.record("expected corner"); return }
    #expect(end == P(2, 0))
    #expect(p.segments[2] == .line(P(8, 0)))
    #expect(!p.segments.contains(.line(P(0, 2))))
}

@Test func ellipseStartsRightmostAndRunsThroughTheBottom() throws {
    let p = PathBuilder.ellipse(centerX: 5, centerY: 6, radiusX: 4, radiusY: 2)
    let ends: [Point] = p.segments.compactMap {
        switch $0 {
        case .move(let q): return q
        case .cubic(_, _, let q): return q
        default: return nil
        }
    }
    #expect(ends == [P(9, 6), P(5, 8), P(1, 6), P(5, 4), P(9, 6)])
    #expect(p.segments.last == .close)
    let poly = try #require(Flattener.flatten(p, transform: .identity, tolerance: 1e-4).first)
    #expect(abs(signedArea(poly.points) - Double.pi * 8) < 0.01)
}

@Test(arguments: [(0.0, 5.0), (-1.0, 5.0), (5.0, .nan), (.infinity, 5.0)])
func degenerateSizesGiveEmptyPaths(_ a: Double, _ b: Double) {
    #expect(PathBuilder.rect(x: 0, y: 0, width: a, height: b, cornerRadius: 1).isEmpty)
    #expect(PathBuilder.rect(x: 0, y: 0, width: b, height: a, cornerRadius: 0).isEmpty)
    #expect(PathBuilder.ellipse(centerX: 0, centerY: 0, radiusX: a, radiusY: b).isEmpty)
    #expect(PathBuilder.ellipse(centerX: 0, centerY: 0, radiusX: b, radiusY: a).isEmpty)
}
