import Testing
@testable import SVGAGeometry

/// Seeded random check of the stroker's contiguous outlines against a plain twin: the stroke as
/// an explicit union of Skia's pieces (a rectangle per segment, an outer wedge or pie sector per
/// join, half-disc or square caps), built independently here. (Not the Minkowski sum with a
/// disc: where a segment is shorter than the half width, Skia's pieces cover less than that.) Points clearly inside the union must have nonzero winding
/// against the stroker output, points clearly outside must have zero winding. The random
/// polylines include reversals, collinear runs, repeated points and very short segments, which
/// is where the pivot construction could go wrong.

/// True when `p` is inside the convex polygon `poly` (either orientation), shrunk by `margin`.
private func insideConvex(_ p: Point, _ poly: [Point], margin: Double) -> Bool {
    var sign = 0.0
    for i in poly.indices {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        let e = b - a
        let len = e.length
        guard len > 0 else { continue }
        let c = e.cross(p - a) / len
        if sign == 0 { sign = c >= 0 ? 1 : -1 }
        if c * sign < margin { return false }
    }
    return true
}

/// Distance-free union oracle for a polyline stroke; `margin` > 0 shrinks pieces (for "clearly
/// inside"), < 0 grows them (for "clearly outside" when negated).
private func oracleCovers(_ p: Point, points pts: [Point], closed: Bool, style: StrokeStyle, margin: Double) -> Bool {
    let hw = style.width / 2
    let n = pts.count
    if n == 1 {
        switch style.cap {
        case .butt: return false
        case .round: return p.distance(to: pts[0]) < hw - margin
        case .square: return abs(p.x - pts[0].x) < hw - margin && abs(p.y - pts[0].y) < hw - margin
        }
    }
    let segs = closed ? n : n - 1
    func dir(_ i: Int) -> Point { let v = pts[(i + 1) % n] - pts[i]; return v * (1 / v.length) }
    for i in 0..<segs {
        let a = pts[i], b = pts[(i + 1) % n], d = dir(i), nn = Point(-d.y, d.x) * hw
        if insideConvex(p, [a + nn, b + nn, b - nn, a - nn], margin: margin) { return true }
    }
    let joinVertices = closed ? Array(0..<n) : Array(1..<max(1, n - 1))
    for v in joinVertices {
        let d0 = dir((v - 1 + n) % n), d1 = dir(v), c = pts[v]
        let cross = d0.cross(d1), dot = d0.dot(d1)
        let s: Double = cross < 0 ? 1 : -1
        let u0 = Point(-d0.y, d0.x) * s, u1 = Point(-d1.y, d1.x) * s
        if style.join == .round {
            // The pie between the outer offsets, the short way round (through d0 on a reversal).
            var alpha = Double.arcTangent2(u0.cross(u1), u0.dot(u1))
            let half = rotate(u0, alpha / 2)
            if half.dot(d0) < 0 { alpha = alpha > 0 ? alpha - 2 * .pi : alpha + 2 * .pi }
            if abs(alpha) > .pi { alpha = alpha > 0 ? .pi : -.pi }
            let fan = [c] + (0...4).map { c + rotate(u0, alpha * Double($0) / 4) * (2 * hw) }
            if p.distance(to: c) < hw - margin && insideConvex(p, fan, margin: margin) { return true }
            continue
        }
        let o0 = c + u0 * hw, o1 = c + u1 * hw
        if insideConvex(p, [c, o0, o1], margin: margin) { return true }
        if style.join == .miter, style.miterLimit > 1, dot > -1 + 1.0 / 4096 {
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf >= 1 / style.miterLimit {
                let mid = (o0 - c) + (o1 - c)
                let tip = c + mid * (hw / (cosHalf * mid.length))
                if insideConvex(p, [c, o0, tip, o1], margin: margin) { return true }
            }
        }
    }
    if !closed {
        for (end, d) in [(pts[0], dir(0) * -1), (pts[n - 1], dir(n - 2))] {
            switch style.cap {
            case .butt: break
            case .round:
                if p.distance(to: end) < hw - margin && (p - end).dot(d) > margin { return true }
            case .square:
                let nn = Point(-d.y, d.x) * hw
                if insideConvex(p, [end + nn, end + nn + d * hw, end - nn + d * hw, end - nn], margin: margin) { return true }
            }
        }
    }
    return false
}

private func rotate(_ v: Point, _ a: Double) -> Point {
    let c = Double.cosine(a), s = Double.sine(a)
    return Point(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// Removes consecutive repeats (what the stroker does with degenerate segments).
private func dedupe(_ pts: [Point], closed: Bool) -> [Point] {
    var out: [Point] = []
    for p in pts where out.last != p { out.append(p) }
    while closed && out.count > 1 && out.last == out.first { out.removeLast() }
    return out
}

@Test(arguments: Array(UInt64(1)...UInt64(40)))
func strokeMatchesUnionOfPieces(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    func r(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &rng) }
    var pts = [P(r(0, 20), r(0, 20))]
    for _ in 0..<Int.random(in: 1...7, using: &rng) {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: pts.append(pts[pts.count - 1])                                   // repeated point
        case 1 where pts.count > 1: pts.append(pts[pts.count - 2])               // exact reversal
        case 2 where pts.count > 1:                                              // collinear run
            let a = pts[pts.count - 2], b = pts[pts.count - 1]
            pts.append(b + (b - a) * 0.5)
        case 3: pts.append(pts[pts.count - 1] + P(r(-0.05, 0.05), r(-0.05, 0.05))) // tiny segment
        default: pts.append(P(r(0, 20), r(0, 20)))
        }
    }
    let closed = Bool.random(using: &rng)
    let style = StrokeStyle(width: r(0.3, 5), cap: LineCap.allCases.randomElement(using: &rng)!,
                            join: LineJoin.allCases.randomElement(using: &rng)!,
                            miterLimit: [0, 1.5, 4, 10].randomElement(using: &rng)!)
    var path = Path()
    path.move(to: pts[0])
    for p in pts.dropFirst() { path.line(to: p) }
    if closed { path.close() }

    let tolerance = 0.01
    let polys = Stroker.stroke(path, style: style, tolerance: tolerance)
    let clean = dedupe(pts, closed: closed)
    let margin = 2 * tolerance + 1e-6
    var checked = 0, mismatches = 0
    var sampler = SeededRandom(seed: seed &* 7919)
    for k in 0..<3000 {
        // Half uniform over the area, half near the vertices where joins and caps live.
        let p: Point
        if k % 2 == 0 {
            p = P(Double.random(in: -4..<24, using: &sampler), Double.random(in: -4..<24, using: &sampler))
        } else {
            let c = clean[Int.random(in: 0..<clean.count, using: &sampler)]
            let s = style.width * 1.5
            p = c + P(Double.random(in: -s..<s, using: &sampler), Double.random(in: -s..<s, using: &sampler))
        }
        let inside = oracleCovers(p, points: clean, closed: closed, style: style, margin: margin)
        let outside = !oracleCovers(p, points: clean, closed: closed, style: style, margin: -margin)
        guard inside || outside else { continue }   // too close to the boundary to judge
        checked += 1
        if (winding(polys, p) != 0) != inside { mismatches += 1 }
    }
    #expect(checked > 2000)
    #expect(mismatches == 0, "seed \(seed): \(mismatches) of \(checked) samples disagree; style \(style), points \(pts), closed \(closed)")
}

@Test(arguments: Array(UInt64(100)...UInt64(115)))
func curveStrokeIsWithinToleranceOfTheTrueOffset(seed: UInt64) {
    // Round caps and joins: the stroke is exactly the set of points within w/2 of the curve.
    var rng = SeededRandom(seed: seed)
    func r() -> Point { P(Double.random(in: 0..<20, using: &rng), Double.random(in: 0..<20, using: &rng)) }
    let p0 = r(), c1 = r(), c2 = r(), p1 = r()
    let width = Double.random(in: 0.5..<8, using: &rng)
    let tolerance = 0.02
    let polys = Stroker.stroke(Path([.move(p0), .cubic(c1, c2, p1)]),
                               style: StrokeStyle(width: width, cap: .round, join: .miter), tolerance: tolerance)
    let dense = (0...800).map { cubicPoint(p0, c1, c2, p1, Double($0) / 800) }
    let margin = 2 * tolerance + 0.01
    var mismatches = 0
    var sampler = SeededRandom(seed: seed &+ 1)
    for _ in 0..<800 {
        let p = P(Double.random(in: -5..<25, using: &sampler), Double.random(in: -5..<25, using: &sampler))
        let d = distanceToPolyline(p, dense, closed: false)
        if abs(d - width / 2) < margin { continue }
        if (winding(polys, p) != 0) != (d < width / 2) { mismatches += 1 }
    }
    #expect(mismatches == 0)
}
