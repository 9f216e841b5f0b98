/// Curves → polylines with an analytic segment count.
///
/// Control points are transformed first (Béziers are affine-invariant), so the tolerance holds
/// in the output space. The number of uniform parameter steps comes from the bound on the
/// second derivative (Wang's formula): a chord over a parameter step h deviates from the curve
/// by at most |B''|·h²/8, which gives
///   quad:  n = ⌈√(|p0 − 2c + p1| / (4·tol))⌉
///   cubic: n = ⌈√(0.75·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|) / tol)⌉
/// capped at `maxSegmentsPerCurve` so a huge or wild curve cannot explode.
///
/// Cost is bounded by what can be seen (issue 14): given a `visible` rectangle (the canvas or the
/// clip, in output space), a curve whose control points all lie outside it (by more than the
/// tolerance) is replaced by its chord. That is exact for what is drawn inside: the curve and
/// its chord differ only inside the control polygon's hull, which lies outside. So a path of
/// 10⁶ huge arcs costs one point per arc instead of 1000. `pointCount` gives the number of
/// points `flatten` would produce, without producing them, so a caller can refuse a frame
/// before flattening anything.
public enum Flattener {
    /// At most this many chords per curve: at tolerance 0.25 px this covers a cubic bending
    /// across ~60 000 px, far beyond any SVGA canvas.
    public static let maxSegmentsPerCurve = 1000

    /// Flattens `path` after mapping it by `transform`; the max distance between the polyline and
    /// the true curve is ≤ `tolerance` in the *output* space (device pixels). Each subpath becomes
    /// one Polyline (isClosed when it ended with close). Subpaths of a single point (a lone move,
    /// `M p Z`) are dropped, and so is a subpath with a non-finite point. Every polyline has at
    /// least 2 points; a closed one does not repeat its first point at the end.
    public static func flatten(_ path: Path, transform: Transform, tolerance: Double, visible: Rect? = nil) -> [Polyline] {
        let contours = flattenContours(path, transform: transform, tolerance: tolerance, trackSmooth: false, visible: visible)
        var out: [Polyline] = []
        out.reserveCapacity(contours.count)
        for c in contours where c.points.count >= 2 {
            out.append(Polyline(points: c.points, isClosed: c.isClosed))
        }
        return out
    }

    /// The number of points `flatten(path, transform:, tolerance:, visible:)` produces at most
    /// (before dropping degenerate subpaths), computed in O(segments) without allocating.
    public static func pointCount(_ path: Path, transform t: Transform, tolerance: Double, visible: Rect?) -> Int {
        let tol = tolerance > 0 ? tolerance : .leastNonzeroMagnitude
        let cull = visible.map { CullBox($0, margin: tol) }
        var count = 0
        var start = t.apply(.zero), last = start
        for seg in path.segments {
            switch seg {
            case .move(let p):
                start = t.apply(p); last = start; count += 1
            case .line(let p):
                last = t.apply(p); count += 1
            case .quad(let c, let p):
                let c1 = t.apply(c), p1 = t.apply(p)
                if let cull, cull.excludes(last, c1, p1) { count += 1 }
                else if last.isFinite && c1.isFinite && p1.isFinite { count += quadSegmentCount(last, c1, p1, tolerance: tol) }
                else { count += 1 }
                last = p1
            case .cubic(let c1, let c2, let p):
                let q1 = t.apply(c1), q2 = t.apply(c2), p1 = t.apply(p)
                if let cull, cull.excludes(last, q1, q2, p1) { count += 1 }
                else if last.isFinite && q1.isFinite && q2.isFinite && p1.isFinite {
                    count += cubicSegmentCount(last, q1, q2, p1, tolerance: tol)
                } else { count += 1 }
                last = p1
            case .close:
                last = start
            }
        }
        return count
    }

    /// The visible rectangle grown by the tolerance; `excludes` is true when every given point
    /// lies beyond one of its sides (so their convex hull cannot reach it).
    struct CullBox {
        let minX, minY, maxX, maxY: Double
        init(_ r: Rect, margin: Double) {
            minX = r.x - margin; minY = r.y - margin
            maxX = r.x + r.width + margin; maxY = r.y + r.height + margin
        }
        @inline(__always) func excludes(_ a: Point, _ b: Point, _ c: Point) -> Bool {
            (a.x < minX && b.x < minX && c.x < minX) || (a.x > maxX && b.x > maxX && c.x > maxX) ||
            (a.y < minY && b.y < minY && c.y < minY) || (a.y > maxY && b.y > maxY && c.y > maxY)
        }
        @inline(__always) func excludes(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
            (a.x < minX && b.x < minX && c.x < minX && d.x < minX) || (a.x > maxX && b.x > maxX && c.x > maxX && d.x > maxX) ||
            (a.y < minY && b.y < minY && c.y < minY && d.y < minY) || (a.y > maxY && b.y > maxY && c.y > maxY && d.y > maxY)
        }
    }

    /// Uniform steps that keep a quad within `tol` of its chords (points already in output space).
    @inline(__always) static func quadSegmentCount(_ p0: Point, _ c: Point, _ p1: Point, tolerance tol: Double) -> Int {
        let dd = (p0 - c * 2 + p1).length
        return clampedCount((dd / (4 * tol)).squareRoot())
    }

    @inline(__always) static func cubicSegmentCount(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point,
                                                    tolerance tol: Double) -> Int {
        let m = Swift.max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p1).length)
        return clampedCount((0.75 * m / tol).squareRoot())
    }

    /// Clamped in Double before converting: a finite count beyond Int's range (control points
    /// near 1e99, found by fuzz-path) would otherwise trap in `Int(_:)`.
    @inline(__always) static func clampedCount(_ n: Double) -> Int {
        guard n.isFinite else { return maxSegmentsPerCurve }   // NaN never reaches here (checked)
        return Swift.max(1, Int(Swift.min(Double(maxSegmentsPerCurve), n.rounded(.up))))
    }

    /// The shared flattening loop. Keeps subpaths that collapse to one point when they drew
    /// something (`M p L p`, `M p Z`): the stroker gives those caps (a dot or a square). With
    /// `trackSmooth`, marks vertices interior to curves (see `FlatContour`).
    static func flattenContours(_ path: Path, transform t: Transform, tolerance: Double,
                                trackSmooth: Bool, visible: Rect? = nil) -> [FlatContour] {
        // A non-positive or NaN tolerance would ask for infinitely many chords: use the cap.
        let tol = tolerance > 0 ? tolerance : .leastNonzeroMagnitude
        let cull = visible.map { CullBox($0, margin: tol) }
        var out: [FlatContour] = []
        var points: [Point] = []
        var smooth: [Bool] = []
        var isOpen = false        // a subpath is in progress
        var drew = false          // ...and it has a drawing segment or a close
        var finite = true
        var start = t.apply(.zero) // where a segment without a preceding move begins (as Skia)
        var last = start

        func begin(at p: Point) {
            points = [p]
            smooth = trackSmooth ? [false] : []
            isOpen = true
            drew = false
            finite = p.isFinite
            last = p
        }
        func finish(closed: Bool) {
            if isOpen && drew && finite {
                if closed && points.count > 1 && points[points.count - 1] == points[0] {
                    points.removeLast()
                    if trackSmooth { smooth.removeLast() }
                }
                out.append(FlatContour(points: points, smooth: smooth, isClosed: closed))
            }
            points = []
            smooth = []
            isOpen = false
        }
        @inline(__always) func add(_ p: Point, smooth s: Bool) {
            points.append(p)
            if trackSmooth { smooth.append(s) }
            last = p
        }

        for seg in path.segments {
            switch seg {
            case .move(let p):
                finish(closed: false)
                let q = t.apply(p)
                start = q
                begin(at: q)
            case .line(let p):
                if !isOpen { begin(at: start) }
                let q = t.apply(p)
                if !q.isFinite { finite = false }
                add(q, smooth: false)
                drew = true
            case .quad(let c, let p):
                if !isOpen { begin(at: start) }
                let p0 = last, c1 = t.apply(c), p1 = t.apply(p)
                drew = true
                guard finite, c1.isFinite, p1.isFinite else {
                    finite = false
                    add(p1, smooth: false)
                    continue
                }
                let n = cull?.excludes(p0, c1, p1) == true ? 1 : quadSegmentCount(p0, c1, p1, tolerance: tol)
                if n > 1 {
                    // B(t) = (a·t + b)·t + p0
                    let a = p0 - c1 * 2 + p1, b = (c1 - p0) * 2
                    let step = 1 / Double(n)
                    for i in 1..<n {
                        let u = Double(i) * step
                        add(Point((a.x * u + b.x) * u + p0.x, (a.y * u + b.y) * u + p0.y), smooth: true)
                    }
                }
                add(p1, smooth: false)
            case .cubic(let c1, let c2, let p):
                if !isOpen { begin(at: start) }
                let p0 = last, q1 = t.apply(c1), q2 = t.apply(c2), p1 = t.apply(p)
                drew = true
                guard finite, q1.isFinite, q2.isFinite, p1.isFinite else {
                    finite = false
                    add(p1, smooth: false)
                    continue
                }
                let n = cull?.excludes(p0, q1, q2, p1) == true ? 1 : cubicSegmentCount(p0, q1, q2, p1, tolerance: tol)
                if n > 1 {
                    // B(t) = ((a·t + b)·t + c)·t + p0
                    let a = p1 - p0 + (q1 - q2) * 3
                    let b = (p0 - q1 * 2 + q2) * 3
                    let c = (q1 - p0) * 3
                    let step = 1 / Double(n)
                    for i in 1..<n {
                        let u = Double(i) * step
                        add(Point(((a.x * u + b.x) * u + c.x) * u + p0.x,
                                  ((a.y * u + b.y) * u + c.y) * u + p0.y), smooth: true)
                    }
                }
                add(p1, smooth: false)
            case .close:
                if isOpen {
                    drew = true
                    finish(closed: true)
                }
                // SVG/Skia: after close the current point is the subpath start.
                last = start
            }
        }
        finish(closed: false)
        return out
    }
}
