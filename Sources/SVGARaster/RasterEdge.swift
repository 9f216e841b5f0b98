import SVGAGeometry

// Edges for the coverage rasterizer, and the early clip that makes far-off or huge paths cheap.
//
// Clipping rules (brief §1, "clip early"):
// - parts above or below the clip rows are cut off: they cannot change a pixel inside;
// - parts right of clip.maxX are dropped: the winding number at a point only depends on the
//   edges to its left, because the sweep counts crossings from x = −∞;
// - parts left of clip.x become a vertical edge at clip.x over the same rows: they still carry
//   their winding to every pixel inside, and a vertical edge on a pixel boundary adds no area.
// After this every coordinate is finite and inside the clip, so the sweep's work and memory
// depend on the clip, not on the path's size.

/// One non-horizontal polygon edge, stored top to bottom (`y0 < y1`), device space.
struct RasterEdge {
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// dx/dy along the edge.
    var slope: Double
    /// +1 where the contour runs down the screen (y increasing), −1 where it runs up.
    var winding: Int32

    init(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int32) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.slope = (x1 - x0) / (y1 - y0)
        self.winding = winding
    }

    /// x where the edge meets the horizontal line `y`; exact at the ends (so edges sharing a
    /// vertex agree there) and clamped to the edge's own x range (so rounding never leaves the clip).
    @inline(__always) func x(at y: Double) -> Double {
        if y <= y0 { return x0 }
        if y >= y1 { return x1 }
        let x = x0 + (y - y0) * slope
        return x0 < x1 ? Swift.min(Swift.max(x, x0), x1) : Swift.min(Swift.max(x, x1), x0)
    }
}

/// Collects the clipped edges of a set of polygons and their bounds.
struct EdgeBuilder {
    let left: Double, right: Double, top: Double, bottom: Double
    private(set) var edges: [RasterEdge] = []
    private(set) var minX = Double.infinity, maxX = -Double.infinity
    private(set) var minY = Double.infinity, maxY = -Double.infinity
    /// True when some edge part right of the clip was dropped: coverage may then run on to
    /// clip.maxX with no closing edge.
    private(set) var droppedRightOfClip = false

    init(clip: IntRect) {
        left = Double(clip.x); right = Double(clip.maxX)
        top = Double(clip.y); bottom = Double(clip.maxY)
    }

    /// Adds a polygon, implicitly closed. Spec A.8: a polygon with a non-finite point draws
    /// nothing (it is ignored whole, so no stray edge changes the winding elsewhere).
    mutating func add(polygon points: [Point]) {
        guard points.count >= 3 else { return }   // fewer than 3 points enclose no area
        for p in points where !p.isFinite { return }
        var previous = points[points.count - 1]
        for p in points {
            addLine(previous, p)
            previous = p
        }
    }

    private mutating func addLine(_ p: Point, _ q: Point) {
        guard p.y != q.y else { return }   // horizontal edges carry no winding
        let winding: Int32 = p.y < q.y ? 1 : -1
        var (x0, y0, x1, y1) = winding > 0 ? (p.x, p.y, q.x, q.y) : (q.x, q.y, p.x, p.y)
        guard y1 > top, y0 < bottom else { return }
        let fullHeight = y1 - y0, originalX0 = x0
        if y0 < top {
            x0 += (x1 - x0) * ((top - y0) / fullHeight)
            y0 = top
        }
        if y1 > bottom {
            // Interpolate from the original lower end so both cuts use the uncut edge.
            let t = (y1 - bottom) / fullHeight
            x1 -= (x1 - originalX0) * t
            y1 = bottom
        }
        // Coordinates near ±Double.greatestFiniteMagnitude can overflow in the interpolation.
        guard x0.isFinite, x1.isFinite, y1 > y0 else { return }
        addColumnClipped(x0, y0, x1, y1, winding)
    }

    private mutating func addColumnClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                                           _ winding: Int32) {
        if x0 >= right && x1 >= right { droppedRightOfClip = true; return }
        if x0 <= left && x1 <= left { push(left, y0, left, y1, winding); return }
        if x0 >= left && x0 <= right && x1 >= left && x1 <= right {
            push(x0, y0, x1, y1, winding); return
        }
        // The edge crosses x = left and/or x = right: cut it there (at most three pieces, in y
        // order) and treat each piece by where its middle lies.
        let dx = x1 - x0, dy = y1 - y0
        var cutY = (Double.nan, Double.nan), cutX = (left, right)
        if (x0 - left) * (x1 - left) < 0 { cutY.0 = y0 + dy * ((left - x0) / dx) }
        if (x0 - right) * (x1 - right) < 0 { cutY.1 = y0 + dy * ((right - x0) / dx) }
        if !cutY.0.isNaN && !cutY.1.isNaN && cutY.1 < cutY.0 {
            cutY = (cutY.1, cutY.0); cutX = (cutX.1, cutX.0)
        }
        var ya = y0, xa = x0
        for piece in 0..<3 {
            let (yc, xc) = piece == 0 ? (cutY.0, cutX.0) : piece == 1 ? (cutY.1, cutX.1) : (y1, x1)
            if yc.isNaN { continue }
            let yb = Swift.min(Swift.max(yc, ya), y1), xb = xc
            let mid = (xa + xb) * 0.5
            if mid <= left {
                push(left, ya, left, yb, winding)
            } else if mid >= right {
                droppedRightOfClip = true
            } else {
                push(Swift.min(Swift.max(xa, left), right), ya, Swift.min(Swift.max(xb, left), right), yb, winding)
            }
            ya = yb; xa = xb
        }
    }

    private mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ winding: Int32) {
        guard y1 > y0 else { return }
        edges.append(RasterEdge(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding))
        minX = Swift.min(minX, Swift.min(x0, x1)); maxX = Swift.max(maxX, Swift.max(x0, x1))
        minY = Swift.min(minY, y0); maxY = Swift.max(maxY, y1)
    }
}
