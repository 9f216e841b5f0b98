/// Elliptical arc (SVG `A`/`a`) → cubic Béziers, each spanning at most 90°.
///
/// Endpoint-to-centre conversion follows SVG 1.1 implementation notes F.6.5, with the
/// out-of-range handling of F.6.2 / F.6.6: identical endpoints omit the arc, a zero radius turns it
/// into a straight line, negative radii are made positive, and radii too small to reach the end
/// point are scaled up uniformly until the ellipse just fits.
enum SVGArc {
    static func appendCubics(from p1: Point, to p2: Point, radiusX: Double, radiusY: Double,
                             xAxisRotationDegrees: Double, largeArc: Bool, sweep: Bool,
                             into out: inout [PathSegment]) {
        // F.6.2 (1): identical endpoints → the arc is omitted entirely.
        if p1 == p2 { return }
        var rx = Swift.abs(radiusX), ry = Swift.abs(radiusY)
        // F.6.2 (2): a zero radius → a straight line to the end point.
        if rx == 0 || ry == 0 {
            out.append(.line(p2))
            return
        }

        let phi = xAxisRotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = Double.cosine(phi), sinPhi = Double.sine(phi)

        // F.6.5.1: the midpoint difference in the ellipse's rotated frame.
        let hx = (p1.x - p2.x) / 2, hy = (p1.y - p2.y) / 2
        let x1p = cosPhi * hx + sinPhi * hy
        let y1p = -sinPhi * hx + cosPhi * hy

        // F.6.6.2–3: scale the radii up when the end point is out of reach.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }

        // F.6.5.2: the centre in the rotated frame; the sign picks one of the two ellipses.
        let rx2 = rx * rx, ry2 = ry * ry
        let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
        let den = rx2 * y1p * y1p + ry2 * x1p * x1p
        var coef = den > 0 ? Swift.max(0, num / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx

        // F.6.5.3: back to user space.
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2

        // F.6.5.5–6: start angle and sweep on the unit circle.
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = Double.arcTangent2(uy, ux)
        var delta = Double.arcTangent2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard delta.isFinite, delta != 0 else {
            out.append(.line(p2))
            return
        }

        // At most a quarter turn per cubic; the small slack keeps an exact 90° arc in one piece
        // despite rounding.
        let count = Swift.max(1, Int((Swift.abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        // Control-arm length for an arc of `step` radians on the unit circle.
        let k = 4.0 / 3.0 * (Double.sine(step / 4) / Double.cosine(step / 4))

        // Maps a unit-circle point into user space: scale by the radii, rotate by φ, move to c.
        @inline(__always) func map(_ ux: Double, _ uy: Double) -> Point {
            let ex = rx * ux, ey = ry * uy
            return Point(cosPhi * ex - sinPhi * ey + cx, sinPhi * ex + cosPhi * ey + cy)
        }

        var cosA = Double.cosine(theta1), sinA = Double.sine(theta1)
        for index in 0..<count {
            let next = theta1 + step * Double(index + 1)
            let cosB = Double.cosine(next), sinB = Double.sine(next)
            let c1 = map(cosA - k * sinA, sinA + k * cosA)
            let c2 = map(cosB + k * sinB, sinB - k * cosB)
            // The last end point is the given one exactly, not a recomputed approximation.
            let end = index == count - 1 ? p2 : map(cosB, sinB)
            out.append(.cubic(c1, c2, end))
            cosA = cosB
            sinA = sinB
        }
    }
}
