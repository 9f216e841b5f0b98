/// Stroke → fill polygons, matching Skia's stroker semantics (the reference renderer; spec A.5).
///
/// Each flattened contour becomes long contiguous outlines rather than a polygon per segment:
/// an open contour is one polygon (left offsets forward, end cap, right offsets backward, start
/// cap); a closed one is two loops (left forward, right backward) with a join at the start
/// instead of caps. On the inner side of a turn the outline runs through the vertex itself
/// (Skia's pivot), which makes the outline's winding, as a chain, exactly the sum of one
/// rectangle per segment plus one wedge per outer join plus the caps, all with the *same*
/// orientation. So under the nonzero rule the fill is exactly their union, and pieces from
/// different contours or dashes never cancel each other where they overlap.
///
/// Joins: miter when 1/sin(θ/2) ≤ miterLimit (θ the angle between the segments), else bevel; a
/// limit ≤ 1 always bevels (spec A.5, Skia). Vertices inside a flattened curve get round joins
/// (see `FlatContour`). Zero-length open subpaths: round cap → a disc, square cap → an
/// axis-aligned square (Skia's default direction along x), butt → nothing.
public enum Stroker {
    /// The most chords a full turn of a round join or cap gets, however wide the pen: beyond
    /// this a pen would be thousands of pixels wide, where 1/1024 of a turn is still smooth.
    public static let maxArcSegmentsPerTurn = 1024.0

    /// The outline of `path` stroked with `style`, as closed polygons in the path's own space,
    /// to be filled with the nonzero rule. Curves are flattened with `tolerance` in that same
    /// space (the caller passes deviceTolerance / transform.maxScale). Dashes are applied first
    /// when `style.dash` is set.
    public static func stroke(_ path: Path, style: StrokeStyle, tolerance: Double) -> [Polyline] {
        let width = style.width
        guard width > 0, width.isFinite, !path.isEmpty else { return [] }
        let halfWidth = width / 2
        // A NaN or non-positive tolerance would mean infinitely many points: fall back to a
        // thousandth of the pen radius.
        let tol = tolerance > 0 ? tolerance : halfWidth * 1e-3

        var contours = Flattener.flattenContours(path, transform: .identity, tolerance: tol, trackSmooth: true)
        if let dash = style.dash, let intervals = DashIntervals(dash),
           let pieces = Dasher.dash(contours, intervals: intervals) {
            contours = pieces
        }
        var outliner = StrokeOutliner(style: style, tolerance: tol)
        for contour in contours { outliner.add(contour) }
        return outliner.polygons
    }
}

/// Builds outline polygons contour by contour (see `Stroker` for the construction).
struct StrokeOutliner {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    /// Miter when cos(φ/2) = sin(θ/2) ≥ this; nil → never (limit ≤ 1 or NaN).
    let inverseMiterLimit: Double?
    /// Largest angle per chord of a round join/cap so the chord stays within tolerance.
    let arcStep: Double
    /// Segments shorter than this are degenerate and skipped for directions.
    let epsilon: Double
    var polygons: [Polyline] = []

    // Scratch buffers reused across contours.
    private var points: [Point] = []
    private var smooth: [Bool] = []
    private var directions: [Point] = []

    /// Skia's SK_ScalarNearlyZero (1/4096) on the dot product: turns this close to 180° get a
    /// bevel even under a miter join, because the miter point runs off to infinity.
    static let nearlyZero = 1.0 / 4096

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.width / 2
        cap = style.cap
        join = style.join
        inverseMiterLimit = style.miterLimit > 1 ? 1 / style.miterLimit : nil
        // A chord of angle s on a circle of radius r sags r·(1 − cos(s/2)); keep that ≤ tol.
        // Floored at 2π / maxArcSegmentsPerTurn: for a pen enormous next to the tolerance,
        // 1 − tol/r rounds to 1 and the step to 0 (which would trap, or allocate without bound).
        if tolerance < halfWidth {
            arcStep = Swift.max(2 * Double.pi / Stroker.maxArcSegmentsPerTurn,
                                Swift.min(Double.pi / 2, 2 * Double.arcCosine(1 - tolerance / halfWidth)))
        } else {
            arcStep = Double.pi / 2
        }
        epsilon = Swift.min(tolerance, halfWidth) * 1e-3
    }

    /// Left normal (the direction rotated by +90° in y-down screen space).
    @inline(__always) static func perp(_ d: Point) -> Point { Point(-d.y, d.x) }

    mutating func add(_ contour: FlatContour) {
        // Drop degenerate segments; a merged vertex is a corner if any of its parts was.
        points.removeAll(keepingCapacity: true)
        smooth.removeAll(keepingCapacity: true)
        let eps2 = epsilon * epsilon
        let source = contour.points, sourceSmooth = contour.smooth
        let tracked = sourceSmooth.count == source.count
        for i in source.indices {
            let p = source[i]
            let isSmooth = tracked && sourceSmooth[i]
            if let last = points.last {
                let dx = p.x - last.x, dy = p.y - last.y
                if dx * dx + dy * dy <= eps2 {
                    if !isSmooth { smooth[smooth.count - 1] = false }
                    continue
                }
            }
            points.append(p)
            smooth.append(isSmooth)
        }
        if contour.isClosed {
            while points.count >= 2 {
                let a = points[points.count - 1], b = points[0]
                let dx = a.x - b.x, dy = a.y - b.y
                guard dx * dx + dy * dy <= eps2 else { break }
                points.removeLast()
                smooth.removeLast()
            }
        }
        let count = points.count
        if count == 0 { return }
        if count == 1 {
            addZeroLength(at: points[0])
            return
        }

        let segmentCount = contour.isClosed ? count : count - 1
        directions.removeAll(keepingCapacity: true)
        for i in 0..<segmentCount {
            let v = points[(i + 1) == count ? 0 : i + 1] - points[i]
            directions.append(v * (1 / v.length))
        }

        // Locals, so the loops below do not retain the scratch buffers per access.
        let points = self.points, smooth = self.smooth, directions = self.directions
        let hw = halfWidth
        if contour.isClosed {
            var left: [Point] = []
            left.reserveCapacity(count * 2 + 8)
            for i in 0..<count {
                leftJoin(&left, at: points[i], directions[i == 0 ? count - 1 : i - 1], directions[i], smooth[i])
            }
            var right: [Point] = []
            right.reserveCapacity(count * 2 + 8)
            for i in stride(from: count - 1, through: 0, by: -1) {
                rightJoin(&right, at: points[i], directions[i == 0 ? count - 1 : i - 1], directions[i], smooth[i])
            }
            polygons.append(Polyline(points: left, isClosed: true))
            polygons.append(Polyline(points: right, isClosed: true))
            return
        }

        var poly: [Point] = []
        poly.reserveCapacity(count * 4 + 16)
        let first = points[0], d0 = directions[0], n0 = Self.perp(d0)
        poly.append(first + n0 * hw)
        if count > 2 {
            for i in 1..<(count - 1) {
                leftJoin(&poly, at: points[i], directions[i - 1], directions[i], smooth[i])
            }
        }
        let last = points[count - 1], dl = directions[segmentCount - 1], nl = Self.perp(dl)
        poly.append(last + nl * hw)
        endCap(&poly, at: last, direction: dl)
        if count > 2 {
            for i in stride(from: count - 2, through: 1, by: -1) {
                rightJoin(&poly, at: points[i], directions[i - 1], directions[i], smooth[i])
            }
        }
        poly.append(first - n0 * hw)
        startCap(&poly, at: first, direction: d0)
        polygons.append(Polyline(points: poly, isClosed: true))
    }

    // MARK: joins

    /// Appends the left-side points at vertex `p`, from the end of the incoming offset edge to
    /// the start of the outgoing one.
    private func leftJoin(_ poly: inout [Point], at p: Point, _ d0: Point, _ d1: Point, _ isSmooth: Bool) {
        let n0 = Self.perp(d0), n1 = Self.perp(d1)
        let cross = d0.cross(d1), dot = d0.dot(d1)
        if cross < 0 {
            // Turning toward the right: the left side is outer.
            outerJoin(&poly, at: p, from: n0, to: n1, angle: Double.arcTangent2(cross, dot), dot: dot, isSmooth)
        } else if cross == 0 && dot > 0 {
            poly.append(p + n0 * halfWidth)
        } else {
            innerJoin(&poly, at: p, from: n0, to: n1)
        }
    }

    /// Appends the right-side points at vertex `p` for the backward walk: from the start of the
    /// outgoing segment's right offset to the end of the incoming one.
    private func rightJoin(_ poly: inout [Point], at p: Point, _ d0: Point, _ d1: Point, _ isSmooth: Bool) {
        let n0 = Self.perp(d0), n1 = Self.perp(d1)
        let cross = d0.cross(d1), dot = d0.dot(d1)
        if cross > 0 || (cross == 0 && dot < 0) {
            // Turning toward the left (or reversing exactly; the round join goes on this side).
            let phi = cross == 0 ? Double.pi : Double.arcTangent2(cross, dot)
            outerJoin(&poly, at: p, from: -n1, to: -n0, angle: -phi, dot: dot, isSmooth)
        } else if cross == 0 {
            poly.append(p - n0 * halfWidth)
        } else {
            innerJoin(&poly, at: p, from: -n1, to: -n0)
        }
    }

    /// Inner side: through the pivot, so the union stays exact however short the segments are.
    @inline(__always) private func innerJoin(_ poly: inout [Point], at p: Point, from u: Point, to v: Point) {
        poly.append(p + u * halfWidth)
        poly.append(p)
        poly.append(p + v * halfWidth)
    }

    /// Outer side, rotating the unit offset `u` by `angle` (|angle| ≤ π) to `v`.
    private func outerJoin(_ poly: inout [Point], at p: Point, from u: Point, to v: Point,
                           angle: Double, dot: Double, _ isSmooth: Bool) {
        let hw = halfWidth
        poly.append(p + u * hw)
        switch isSmooth ? .round : join {
        case .bevel:
            break
        case .miter:
            // sin(θ/2) with θ the angle between the segments = cos(φ/2) with φ the turn.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if let inv = inverseMiterLimit, dot > -1 + Self.nearlyZero, cosHalf >= inv {
                let bisector = u + v
                poly.append(p + bisector * (hw / (cosHalf * bisector.length)))
            }
        case .round:
            appendArc(&poly, center: p, from: u, angle: angle)
        }
        poly.append(p + v * hw)
    }

    /// The interior points of an arc of radius halfWidth about `center`, starting at offset
    /// direction `u` and turning by `angle`; the end points are the caller's.
    private func appendArc(_ poly: inout [Point], center: Point, from u: Point, angle: Double) {
        let steps = Int(Swift.min(Stroker.maxArcSegmentsPerTurn, (Swift.abs(angle) / arcStep - 1e-9).rounded(.up)))
        guard steps > 1 else { return }
        let step = angle / Double(steps)
        let c = Double.cosine(step), s = Double.sine(step)
        var v = u * halfWidth
        for _ in 1..<steps {
            v = Point(v.x * c - v.y * s, v.x * s + v.y * c)
            poly.append(center + v)
        }
    }

    // MARK: caps

    /// From the left offset of the last point (already appended) to its right offset.
    private func endCap(_ poly: inout [Point], at p: Point, direction d: Point) {
        let n = Self.perp(d), hw = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            poly.append(p + (n + d) * hw)
            poly.append(p + (d - n) * hw)
        case .round:
            appendArc(&poly, center: p, from: n, angle: -Double.pi)
        }
        poly.append(p - n * hw)
    }

    /// From the right offset of the first point (already appended) back to its left offset,
    /// which is the polygon's first point.
    private func startCap(_ poly: inout [Point], at p: Point, direction d: Point) {
        let n = Self.perp(d), hw = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            poly.append(p - (n + d) * hw)
            poly.append(p + (n - d) * hw)
        case .round:
            appendArc(&poly, center: p, from: -n, angle: -Double.pi)
        }
    }

    /// A subpath of zero length: Skia draws its caps along the default direction (1, 0).
    private mutating func addZeroLength(at p: Point) {
        let hw = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            polygons.append(Polyline(points: [Point(p.x - hw, p.y + hw), Point(p.x + hw, p.y + hw),
                                              Point(p.x + hw, p.y - hw), Point(p.x - hw, p.y - hw)],
                                     isClosed: true))
        case .round:
            let steps = Swift.max(4, Int(Swift.min(Stroker.maxArcSegmentsPerTurn, (2 * Double.pi / arcStep - 1e-9).rounded(.up))))
            var disc: [Point] = []
            disc.reserveCapacity(steps)
            // Negative rotation: the same orientation as every other stroke piece.
            for j in 0..<steps {
                let a = -2 * Double.pi * Double(j) / Double(steps)
                disc.append(Point(p.x + hw * Double.cosine(a), p.y + hw * Double.sine(a)))
            }
            polygons.append(Polyline(points: disc, isClosed: true))
        }
    }
}
