/// Curves → polylines with an analytic segment count.
///
/// Control points are transformed first (Béziers are affine-invariant), so the tolerance holds
/// in the output space. The number of uniform parameter steps comes from the bound on the
/// second derivative (Wang's formula): a chord over a parameter step h deviates from the curve
/// by at most |B''|·h²/8, which gives
///   quad:  n = ⌈√(|p0 − 2c + p1| / (4·tol))⌉
///   cubic: n = ⌈√(0.75·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|) / tol)⌉
/// capped at `maxSegmentsPerCurve` so a huge or wild curve cannot explode.
public enum Flattener {
    /// At most this many chords per curve: at tolerance 0.25 px this covers a cubic bending
    /// across ~60 000 px, far beyond any SVGA canvas.
    public static let maxSegmentsPerCurve = 1000

    /// Flattens `path` after mapping it by `transform`; the max distance between the polyline and
    /// the true curve is ≤ `tolerance` in the *output* space (device pixels). Each subpath becomes
    /// one Polyline (isClosed when it ended with close). Subpaths of a single point (a lone move,
    /// `M p Z`) are dropped, and so is a subpath with a non-finite point. Every polyline has at
    /// least 2 points; a closed one does not repeat its first point at the end.
    public static func flatten(_ path: Path, transform: Transform, tolerance: Double) -> [Polyline] {
        let contours = flattenContours(path, transform: transform, tolerance: tolerance, trackSmooth: false)
        var out: [Polyline] = []
        out.reserveCapacity(contours.count)
        for c in contours where c.points.count >= 2 {
            out.append(Polyline(points: c.points, isClosed: c.isClosed))
        }
        return out
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

    @inline(__always) static func clampedCount(_ n: Double) -> Int {
        guard n.isFinite else { return maxSegmentsPerCurve }   // NaN never reaches here (checked)
        return Swift.max(1, Swift.min(maxSegmentsPerCurve, Int(n.rounded(.up))))
    }

    /// The shared flattening loop. Keeps subpaths that collapse to one point when they drew
    /// something (`M p L p`, `M p Z`): the stroker gives those caps (a dot or a square). With
    /// `trackSmooth`, marks vertices interior to curves (see `FlatContour`).
    static func flattenContours(_ path: Path, transform t: Transform, tolerance: Double,
                                trackSmooth: Bool) -> [FlatContour] {
        // A non-positive or NaN tolerance would ask for infinitely many chords: use the cap.
        let tol = tolerance > 0 ? tolerance : .leastNonzeroMagnitude
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
                let n = quadSegmentCount(p0, c1, p1, tolerance: tol)
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
                let n = cubicSegmentCount(p0, q1, q2, p1, tolerance: tol)
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
