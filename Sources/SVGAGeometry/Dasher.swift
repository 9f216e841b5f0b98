/// Dash patterns on flattened contours, following Skia's `SkDashPath` (the reference renderer):
/// - the pattern restarts at the beginning of every contour, `phase` units in;
/// - a closed contour is dashed around its closing segment, and when a dash is still "on" as the
///   walk returns to the start, it continues across the start point into the first dash, which
///   makes one piece with a join there instead of two butt ends;
/// - zero-length contours produce nothing; a zero-length "on" interval produces a two-point
///   piece of zero length (which round or square caps turn into a dot);
/// - an odd-length list is repeated once to make it even (canvas `setLineDash`; spec A.5 always
///   gives two lengths);
/// - a pattern with a negative or non-finite length, a non-finite phase, or a sum ≤ 0 is no
///   pattern (the input comes back unchanged), and so is one that would cut more than
///   `maxDashCount` pieces (Skia gives up dashing there, too).
public enum Dasher {
    /// Skia's `kMaxDashCount`: beyond this many dashes the path is stroked undashed.
    public static let maxDashCount = 1_000_000.0

    /// Splits flattened contours into dash pieces (open polylines), pattern lengths repeating,
    /// starting `phase` into the pattern (negative or larger phases wrap). A pattern whose sum is
    /// ≤ 0 or non-finite returns the input unchanged. Closed contours dash around and across the
    /// start point like Skia/canvas.
    public static func dash(_ contours: [Polyline], pattern: DashPattern) -> [Polyline] {
        guard let intervals = DashIntervals(pattern) else { return contours }
        let flat = contours.map { FlatContour(points: $0.points, smooth: [], isClosed: $0.isClosed) }
        guard let pieces = dash(flat, intervals: intervals) else { return contours }
        return pieces.map { Polyline(points: $0.points, isClosed: false) }
    }

    /// The dash pieces of `path` as a path of open line subpaths, for the stroker that strokes
    /// paths (`SkiaCompatibleStroker`, which like Skia strokes each piece with caps). Curves are
    /// flattened first, within `tolerance` in the path's own space. A pattern that is no pattern
    /// (or would cut too many dashes) gives the path back undashed, as Skia strokes it.
    public static func dashedPath(_ path: Path, pattern: DashPattern, tolerance: Double) -> Path {
        guard let intervals = DashIntervals(pattern) else { return path }
        let contours = Flattener.flattenContours(path, transform: .identity, tolerance: tolerance, trackSmooth: false)
        guard let pieces = dash(contours, intervals: intervals) else { return path }
        var out = Path()
        for piece in pieces {
            guard let first = piece.points.first else { continue }
            out.move(to: first)
            // A zero-length "on" interval is a two-point piece of zero length: caps make it a dot.
            if piece.points.count == 1 { out.line(to: first) }
            for p in piece.points.dropFirst() { out.line(to: p) }
        }
        return out
    }

    /// The dash walk on internal contours (keeps the per-vertex smooth flags). Nil when the
    /// pattern would produce more than `maxDashCount` dashes.
    static func dash(_ contours: [FlatContour], intervals: DashIntervals) -> [FlatContour]? {
        var out: [FlatContour] = []
        var dashCount = 0.0
        let lengths = intervals.lengths
        for contour in contours {
            guard let measure = ContourMeasure(contour) else { continue }
            let length = measure.length
            dashCount += length * Double(lengths.count / 2) / intervals.sum
            if dashCount > maxDashCount { return nil }

            // SkDashPath::InternalFilter, step for step.
            var skipFirst = contour.isClosed
            var added = false
            var index = intervals.initialIndex
            var distance = 0.0
            var dlen = intervals.initialLength
            while distance < length {
                added = false
                if index & 1 == 0 && !skipFirst {
                    added = true
                    measure.appendSegment(from: distance, to: distance + dlen, into: &out, newPiece: true)
                }
                distance += dlen
                skipFirst = false
                index += 1
                if index == lengths.count { index = 0 }
                dlen = lengths[index]
            }
            // The first dash of a closed contour was skipped above; add it now, continuing the
            // last piece across the start point when the walk ended "on".
            if contour.isClosed && intervals.initialIndex & 1 == 0 {
                measure.appendSegment(from: 0, to: intervals.initialLength, into: &out, newPiece: !added)
            }
        }
        return out
    }
}

/// A validated dash pattern with its phase resolved to a starting interval
/// (Skia `SkDashPath::CalcDashParameters`).
struct DashIntervals: Sendable {
    let lengths: [Double]
    let sum: Double
    /// Which interval the walk starts in, and how much of it remains.
    let initialIndex: Int
    let initialLength: Double

    init?(_ pattern: DashPattern) {
        var lengths = pattern.lengths
        guard !lengths.isEmpty, pattern.phase.isFinite else { return nil }
        for l in lengths where !(l >= 0) || !l.isFinite { return nil }
        if lengths.count & 1 == 1 { lengths += lengths }
        let sum = lengths.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }

        var phase = pattern.phase
        if phase < 0 {
            phase = -phase
            if phase > sum { phase = phase.truncatingRemainder(dividingBy: sum) }
            phase = sum - phase
            if phase == sum { phase = 0 }
        } else if phase >= sum {
            phase = phase.truncatingRemainder(dividingBy: sum)
        }
        var index = 0
        var initial = lengths[0]
        for (i, gap) in lengths.enumerated() {
            // Landing exactly on the end of a non-empty interval starts the next one.
            if phase > gap || (phase == gap && gap != 0) {
                phase -= gap
            } else {
                index = i
                initial = gap - phase
                break
            }
        }
        self.lengths = lengths
        self.sum = sum
        self.initialIndex = index
        self.initialLength = initial
    }
}

/// Arc-length parametrisation of one flattened contour (closed ones include the closing segment).
struct ContourMeasure {
    let contour: FlatContour
    /// `distances[i]` = length along the contour at vertex i; for a closed contour there is one
    /// extra entry for the return to vertex 0.
    let distances: [Double]
    var length: Double { distances[distances.count - 1] }
    var vertexCount: Int { distances.count }

    /// Nil for contours of zero length (Skia's measure skips them).
    init?(_ contour: FlatContour) {
        let pts = contour.points
        guard pts.count >= 2 else { return nil }
        var d: [Double] = []
        d.reserveCapacity(pts.count + 1)
        var total = 0.0
        d.append(0)
        for i in 1..<pts.count {
            total += pts[i].distance(to: pts[i - 1])
            d.append(total)
        }
        if contour.isClosed {
            total += pts[0].distance(to: pts[pts.count - 1])
            d.append(total)
        }
        guard total > 0, total.isFinite else { return nil }
        self.contour = contour
        self.distances = d
    }

    @inline(__always) func vertex(_ i: Int) -> Point {
        contour.points[i == contour.points.count ? 0 : i]
    }
    @inline(__always) func vertexSmooth(_ i: Int) -> Bool {
        contour.isSmooth(i == contour.points.count ? 0 : i)
    }

    /// Last vertex index whose distance is ≤ d (a segment start), limited to the last segment.
    func segmentIndex(atOrBefore d: Double) -> Int {
        var lo = 0, hi = distances.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if distances[mid] <= d { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func point(at d: Double, inSegment k: Int) -> Point {
        let d0 = distances[k], d1 = distances[k + 1]
        let a = vertex(k), b = vertex(k + 1)
        guard d1 > d0 else { return a }
        let t = Swift.min(1, Swift.max(0, (d - d0) / (d1 - d0)))
        return a.lerp(b, t)
    }

    /// Appends the part of the contour between distances `start` and `stop` (clamped to the
    /// contour), as a new open piece or continuing the last piece in `out`
    /// (SkContourMeasure::getSegment with startWithMoveTo).
    func appendSegment(from start: Double, to stop: Double, into out: inout [FlatContour], newPiece: Bool) {
        let startD = Swift.max(0, start), stopD = Swift.min(length, stop)
        guard startD <= stopD else { return }
        let ks = segmentIndex(atOrBefore: startD)
        var ke = segmentIndex(atOrBefore: stopD)
        // The stop point belongs to the segment that *ends* at or after it.
        while ke > ks && distances[ke] >= stopD { ke -= 1 }
        let track = !contour.smooth.isEmpty

        var pts: [Point] = []
        var sm: [Bool] = []
        pts.reserveCapacity(ke - ks + 2)
        if track { sm.reserveCapacity(ke - ks + 2) }
        pts.append(point(at: startD, inSegment: ks))
        if track { sm.append(false) }
        if ke > ks {
            for v in (ks + 1)...ke {
                pts.append(vertex(v))
                if track { sm.append(vertexSmooth(v)) }
            }
        }
        pts.append(point(at: stopD, inSegment: ke))
        if track { sm.append(false) }

        if !newPiece, var lastPiece = out.popLast() {
            // Continue across the junction: drop the repeated point and keep the junction as a
            // real vertex (it is the contour's start, a corner).
            lastPiece.points.append(contentsOf: pts.dropFirst())
            if track {
                if !lastPiece.smooth.isEmpty { lastPiece.smooth[lastPiece.smooth.count - 1] = vertexSmooth(0) }
                lastPiece.smooth.append(contentsOf: sm.dropFirst())
            }
            out.append(lastPiece)
        } else {
            out.append(FlatContour(points: pts, smooth: sm, isClosed: false))
        }
    }
}
