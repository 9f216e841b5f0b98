import Testing
import SVGAGeometry
import SVGARaster

/// `SkiaCompatibleEdges`: vertices where Skia's analytic-AA edge builder puts them.
struct SkiaCompatEdgesTests {
    @Test("line end points: y snapped to the quarter pixel, x kept to 1/256 px (SkAnalyticEdge::setLine)",
          arguments: [(10.6, 10.5), (10.62, 10.5), (10.63, 10.75), (-3.4, -3.5), (7.0, 7.0)])
    func lineSnap(y: Double, snapped: Double) {
        var p = Path()
        p.move(to: Point(3.3, y)); p.line(to: Point(20, y)); p.line(to: Point(20, 30)); p.close()
        let polys = SkiaCompatibleEdges.polygons(of: p)
        #expect(polys.count == 1)
        #expect(polys[0].points[0] == Point(3.296875, snapped))
        #expect(polys[0].points[1].y == snapped)
    }

    /// The first outer quad of gift_receiver_select frame 0 in device space, as Skia's stroker
    /// made it (paint.getFillPath, then the frame matrix). Expected chord points from a port of
    /// SkAnalyticQuadraticEdge whose exact-area raster matches Skia's to ≤ 11/255.
    @Test("quad → 4 chords, interior points snapped to whole pixels along tall chords")
    func quadChords() {
        var p = Path()
        let p0 = Point(83.09310913085938, 45.001625061035156)
        p.move(to: p0)
        p.quad(to: Point(71.9271240234375, 71.95870208740234), control: Point(83.09310913085938, 60.7927131652832))
        let pts = SkiaCompatibleEdges.polygons(of: p)[0].points
        let expected = [Point(83.08984375, 45.0), Point(82.3555908203125, 53.0), Point(80.18482971191406, 60.0),
                        Point(76.85684204101562, 66.0), Point(71.92578125, 72.0)]
        #expect(pts.count == expected.count)
        for (a, b) in zip(pts, expected) {
            #expect(abs(a.x - b.x) < 1e-3 && a.y == b.y, "\(a) vs \(b)")
        }
    }

    @Test("cubic circle: chords stay on the circle (area within 0.5 %), every y on the quarter grid")
    func cubicCircle() {
        let k = 0.5522847498, r = 20.0, cx = 30.3, cy = 30.6
        var p = Path()
        p.move(to: Point(cx + r, cy))
        p.cubic(to: Point(cx, cy + r), control1: Point(cx + r, cy + k * r), control2: Point(cx + k * r, cy + r))
        p.cubic(to: Point(cx - r, cy), control1: Point(cx - k * r, cy + r), control2: Point(cx - r, cy + k * r))
        p.cubic(to: Point(cx, cy - r), control1: Point(cx - r, cy - k * r), control2: Point(cx - k * r, cy - r))
        p.cubic(to: Point(cx + r, cy), control1: Point(cx + k * r, cy - r), control2: Point(cx + r, cy - k * r))
        p.close()
        let polys = SkiaCompatibleEdges.polygons(of: p)
        #expect(polys.count == 1)
        let pts = polys[0].points
        var area = 0.0
        for i in pts.indices { area += pts[i].cross(pts[(i + 1) % pts.count]) / 2 }
        #expect(abs(abs(area) - Double.pi * r * r) < 0.005 * Double.pi * r * r)
        #expect(pts.allSatisfy { ($0.y * 4).rounded() == $0.y * 4 })
        #expect(pts.allSatisfy { abs($0.distance(to: Point(cx, cy)) - r) < 0.4 })
    }

    @Test("a quad crossing its y extremum is chopped there: a vertex at the extremum, y monotone on each side")
    func quadChop() {
        var p = Path()
        p.move(to: Point(0, 0)); p.quad(to: Point(10, 0), control: Point(5, 10)); p.close()
        let pts = SkiaCompatibleEdges.polygons(of: p)[0].points
        let top = pts.indices.max { pts[$0].y < pts[$1].y }!
        #expect(pts[top] == Point(5, 5))
        #expect(zip(pts[..<top], pts[1...top]).allSatisfy { $0.y <= $1.y })
        #expect(zip(pts[top...].dropLast(), pts[(top + 1)...]).allSatisfy { $0.y >= $1.y })
    }

    @Test("non-finite or out-of-range subpaths are dropped, others kept")
    func dropsBadSubpaths() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(.nan, 1)); p.line(to: Point(3, 3)); p.close()
        p.move(to: Point(0, 0)); p.line(to: Point(1e6, 1)); p.line(to: Point(3, 3)); p.close()
        p.move(to: Point(0, 0)); p.line(to: Point(4, 0)); p.line(to: Point(4, 4)); p.close()
        let polys = SkiaCompatibleEdges.polygons(of: p)
        #expect(polys.count == 1)
        #expect(polys.first?.points.count == 3)
    }
}
