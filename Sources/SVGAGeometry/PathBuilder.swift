/// Paths for the SVGA RECT and ELLIPSE shapes (spec A.5).
///
/// Where a contour starts and which way it runs decides where a dash pattern begins, so these
/// copy Skia's `addRRect` / `addOval` start points (the reference renderer): a plain rect starts
/// at its top-left corner, a rounded rect at the lower end of its left edge, an ellipse at its
/// rightmost point, all running clockwise on screen (y down). Quarter arcs are cubics with
/// κ = 0.5522847 (the CoreGraphics and canvas form named in A.5).
public enum PathBuilder {
    /// The cubic control-arm length of a quarter circle of radius 1 (spec A.5).
    public static let kappa = 0.5522847

    /// A rectangle with circular corners of radius `cornerRadius`, clamped to
    /// `min(r, width/2, height/2)` (spec A.5, B.3.6). Zero, negative or non-finite sizes give an
    /// empty path; a radius ≤ 0 or NaN gives the plain rectangle.
    public static func rect(x: Double, y: Double, width w: Double, height h: Double,
                            cornerRadius: Double) -> Path {
        guard x.isFinite, y.isFinite, w.isFinite, h.isFinite, w > 0, h > 0 else { return Path() }
        let r = cornerRadius.isNaN ? 0 : Swift.min(cornerRadius, w / 2, h / 2)
        var path = Path()
        if r <= 0 {
            path.segments.reserveCapacity(5)
            path.move(to: Point(x, y))
            path.line(to: Point(x + w, y))
            path.line(to: Point(x + w, y + h))
            path.line(to: Point(x, y + h))
            path.close()
            return path
        }
        let k = kappa * r
        let right = x + w, bottom = y + h
        path.segments.reserveCapacity(10)
        path.move(to: Point(x, bottom - r))
        // Straight edges vanish when the radius takes the whole side; skip them rather than emit
        // zero-length lines.
        if bottom - r > y + r { path.line(to: Point(x, y + r)) }
        path.cubic(to: Point(x + r, y), control1: Point(x, y + r - k), control2: Point(x + r - k, y))
        if right - r > x + r { path.line(to: Point(right - r, y)) }
        path.cubic(to: Point(right, y + r), control1: Point(right - r + k, y), control2: Point(right, y + r - k))
        if bottom - r > y + r { path.line(to: Point(right, bottom - r)) }
        path.cubic(to: Point(right - r, bottom), control1: Point(right, bottom - r + k),
                   control2: Point(right - r + k, bottom))
        if right - r > x + r { path.line(to: Point(x + r, bottom)) }
        path.cubic(to: Point(x, bottom - r), control1: Point(x + r - k, bottom), control2: Point(x, bottom - r + k))
        path.close()
        return path
    }

    /// An axis-aligned ellipse as four quarter cubics, starting at (cx + rx, cy) and running
    /// through the bottom first (clockwise on screen). Zero, negative or non-finite radii give an
    /// empty path.
    public static func ellipse(centerX cx: Double, centerY cy: Double, radiusX rx: Double,
                               radiusY ry: Double) -> Path {
        guard cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite, rx > 0, ry > 0 else { return Path() }
        let kx = kappa * rx, ky = kappa * ry
        var path = Path()
        path.segments.reserveCapacity(6)
        path.move(to: Point(cx + rx, cy))
        path.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        path.cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        path.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        path.cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        path.close()
        return path
    }
}
