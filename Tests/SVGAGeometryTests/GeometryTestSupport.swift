@testable import SVGAGeometry

/// Shared helpers for the geometry tests: shorthand constructors and tolerant comparisons.

func P(_ x: Double, _ y: Double) -> Point { Point(x, y) }

func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

/// Segment lists equal up to `tol` per coordinate.
func segmentsClose(_ a: [PathSegment], _ b: [PathSegment], _ tol: Double = 1e-9) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        switch (x, y) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
            if !close(p, q, tol) { return false }
        case (.quad(let c, let p), .quad(let d, let q)):
            if !close(c, d, tol) || !close(p, q, tol) { return false }
        case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
            if !close(c1, d1, tol) || !close(c2, d2, tol) || !close(p, q, tol) { return false }
        case (.close, .close):
            break
        default:
            return false
        }
    }
    return true
}

/// Signed shoelace area of a closed polygon (positive = clockwise on screen, y down).
func signedArea(_ pts: [Point]) -> Double {
    guard pts.count > 2 else { return 0 }
    var s = 0.0
    for i in pts.indices {
        let a = pts[i], b = pts[(i + 1) % pts.count]
        s += a.x * b.y - b.x * a.y
    }
    return s / 2
}

/// The cubic Bézier point at parameter t.
func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
}

/// Area covered by `polygons` under the nonzero rule, by point sampling on a grid of `step`
/// over `bounds` (cell centres). Exact up to O(perimeter × step).
func nonzeroArea(_ polygons: [Polyline], bounds: Rect, step: Double) -> Double {
    var covered = 0
    let nx = Int((bounds.width / step).rounded(.up)), ny = Int((bounds.height / step).rounded(.up))
    for iy in 0..<ny {
        let y = bounds.y + (Double(iy) + 0.5) * step
        for ix in 0..<nx {
            let x = bounds.x + (Double(ix) + 0.5) * step
            if winding(polygons, Point(x, y)) != 0 { covered += 1 }
        }
    }
    return Double(covered) * step * step
}

/// Nonzero winding number of `p` against all polygons (each implicitly closed).
func winding(_ polygons: [Polyline], _ p: Point) -> Int {
    var w = 0
    for poly in polygons {
        let pts = poly.points
        guard pts.count > 1 else { continue }
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            if a.y <= p.y {
                if b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
            } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                w -= 1
            }
        }
    }
    return w
}

/// Distance from `p` to the segment a–b.
func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a
    let len2 = ab.dot(ab)
    let t = len2 > 0 ? Swift.max(0, Swift.min(1, (p - a).dot(ab) / len2)) : 0
    return p.distance(to: a + ab * t)
}

/// Distance from `p` to an open or closed polyline.
func distanceToPolyline(_ p: Point, _ pts: [Point], closed: Bool) -> Double {
    if pts.count == 1 { return p.distance(to: pts[0]) }
    var best = Double.infinity
    for i in 0..<(pts.count - 1) { best = Swift.min(best, distanceToSegment(p, pts[i], pts[i + 1])) }
    if closed { best = Swift.min(best, distanceToSegment(p, pts[pts.count - 1], pts[0])) }
    return best
}

/// Length of an open polyline.
func polylineLength(_ pts: [Point]) -> Double {
    zip(pts, pts.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
}

/// Seeded generator for reproducible random geometry (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
