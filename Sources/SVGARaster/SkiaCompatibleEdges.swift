import SVGAGeometry

/// Device-space path → polygons whose vertices are where Skia's analytic-AA edges put them.
///
/// Why: Skia's raster backend (m144, the reference renderer) fills every antialiased path with
/// analytic AA (SkScan_AAAPath; measured: a 200-point concave star gets ~250 distinct partial
/// alphas, no 1/16 steps), and its edges (SkAnalyticEdge) are not the exact curve:
/// - every edge end point's y is snapped to a quarter pixel (`SnapY`, kDefaultAccuracy 2), x kept;
/// - a quad is cut into 2^k chords (k from `diff_to_shift` on the control point's offset, in
///   FDot6 × 4), walked by fixed-point forward differences; an interior chord point is snapped to
///   the quarter pixel, or, when the chord step is ≥ 2 px tall, to the whole pixel along the chord;
/// - a cubic is cut into 2^k chords the same way (`cubic_delta_from_line`), each point's y snapped;
/// - quads and cubics are first chopped at their y extrema (SkEdgeBuilder).
/// The coverage of the snapped polygon, computed exactly, is then within a few /255 of Skia's
/// (a 3 px ring at radius 37 px: 50 dB, where the exact curve gives 34 dB). This type only moves
/// vertices; the caller rasterizes with exact area coverage.
///
/// Fixed-point arithmetic follows SkEdge.cpp / SkAnalyticEdge.cpp (FDot6 = 1/64, Fixed = 16.16),
/// in Int, so the rounding that decides a snap matches.
public enum SkiaCompatibleEdges {
    /// Closed polygons (device space) for `path`, already in device space. Each subpath becomes one
    /// polygon, closed by a line back to its start as Skia's edge builder does. Non-finite
    /// subpaths and coordinates beyond Skia's fixed-point range are dropped.
    public static func polygons(of path: Path) -> [Polyline] {
        var out: [Polyline] = []
        var chain = ChainBuilder()
        var start = Point.zero, last = Point.zero
        var open = false
        func finish() {
            if open { if let poly = chain.finish() { out.append(poly) } }
            open = false
        }
        func ensureOpen() {
            if !open { chain.begin(at: start); open = true }
        }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                finish()
                start = p; last = p
                chain.begin(at: p); open = true
            case .line(let p):
                ensureOpen()
                chain.line(to: p); last = p
            case .quad(let c, let p):
                ensureOpen()
                for piece in chopQuadAtYExtrema(last, c, p) { chain.quad(piece.0, piece.1, piece.2) }
                last = p
            case .cubic(let c1, let c2, let p):
                ensureOpen()
                for piece in chopCubicAtYExtrema(last, c1, c2, p) { chain.cubic(piece.0, piece.1, piece.2, piece.3) }
                last = p
            case .close:
                finish()
                last = start
            }
        }
        finish()
        return out
    }

    // MARK: fixed point (SkFixed.h, SkFDot6.h)

    static let accuracy = 2                      // kDefaultAccuracy: 1/4 pixel in y
    /// Beyond this |coordinate| the FDot6 × 4 value would overflow Int32 in Skia.
    public static let coordinateLimit = 32767.0 / 4

    /// SkScalarToFDot6(v * 4) → fixed, then >> accuracy: the 16.16 value Skia gives a coordinate.
    @inline(__always) static func fixed(_ v: Double) -> Int {
        (Int((v * 256).rounded(.towardZero)) << 10) >> accuracy
    }
    @inline(__always) static func snapY(_ y: Int) -> Int {
        ((y + (0x10000 >> (accuracy + 1))) >> (16 - accuracy)) << (16 - accuracy)
    }
    @inline(__always) static func fdot6Round(_ x: Int) -> Int { (x + 32) >> 6 }
    @inline(__always) static func toDouble(_ f: Int) -> Double { Double(f) / 65536 }

    static func cheapDistance(_ dx: Int, _ dy: Int) -> Int {
        let ax = Swift.abs(dx), ay = Swift.abs(dy)
        return ax > ay ? ax + (ay >> 1) : ay + (ax >> 1)
    }
    /// Skia's diff_to_shift with shiftAA = 2: each subdivision cuts the error by 4.
    static func diffToShift(_ dx: Int, _ dy: Int) -> Int {
        let dist = (cheapDistance(dx, dy) + (1 << 4)) >> 5
        let bits = dist > 0 ? Int.bitWidth - dist.leadingZeroBitCount : 0
        return bits >> 1
    }
    static let maxCoefficientShift = 6

    /// Builds one polygon from edge chords; consecutive pieces share their end points exactly.
    struct ChainBuilder {
        var points: [Point] = []
        var current = (x: 0, y: 0)      // fixed, y snapped
        var valid = true

        mutating func begin(at p: Point) {
            points.removeAll(keepingCapacity: true)
            valid = p.isFinite && Swift.abs(p.x) < coordinateLimit && Swift.abs(p.y) < coordinateLimit
            guard valid else { return }
            current = (fixed(p.x), snapY(fixed(p.y)))
            points.append(Point(toDouble(current.x), toDouble(current.y)))
        }
        mutating func append(_ x: Int, _ y: Int) {
            current = (x, y)
            points.append(Point(toDouble(x), toDouble(y)))
        }
        @inline(__always) func ok(_ ps: Point...) -> Bool {
            valid && ps.allSatisfy { $0.isFinite && Swift.abs($0.x) < coordinateLimit && Swift.abs($0.y) < coordinateLimit }
        }
        mutating func finish() -> Polyline? {
            guard valid, points.count >= 3 else { return nil }
            if points[points.count - 1] == points[0] { points.removeLast() }
            return points.count >= 3 ? Polyline(points: points, isClosed: true) : nil
        }

        /// SkAnalyticEdge::setLine: both ends snapped to the quarter pixel.
        mutating func line(to p: Point) {
            guard ok(p) else { valid = false; return }
            append(fixed(p.x), snapY(fixed(p.y)))
        }

        /// SkQuadraticEdge::setQuadraticWithoutUpdate + SkAnalyticQuadraticEdge::updateQuadratic.
        /// The quad is y-monotone (chopped by the caller).
        mutating func quad(_ p0: Point, _ p1: Point, _ p2: Point) {
            guard ok(p0, p1, p2) else { valid = false; return }
            var x0 = Int((p0.x * 256).rounded(.towardZero)), y0 = Int((p0.y * 256).rounded(.towardZero))
            let x1 = Int((p1.x * 256).rounded(.towardZero)), y1 = Int((p1.y * 256).rounded(.towardZero))
            var x2 = Int((p2.x * 256).rounded(.towardZero)), y2 = Int((p2.y * 256).rounded(.towardZero))
            let flipped = y0 > y2
            if flipped { swap(&x0, &x2); swap(&y0, &y2) }
            let endX = fixed(p2.x), endY = snapY(fixed(p2.y))
            // Zero height (in 1/4 px rows): Skia drops it; the chain just moves to the end.
            guard fdot6Round(y0) != fdot6Round(y2) else { append(endX, endY); return }
            var shift = diffToShift(((x1 << 1) - x0 - x2) >> 2, ((y1 << 1) - y0 - y2) >> 2)
            shift = shift == 0 ? 1 : Swift.min(shift, maxCoefficientShift)
            let cshift = shift - 1
            var a = (x0 - x1 - x1 + x2) << 9, b = (x1 - x0) << 10
            var qx = (x0 << 10) >> accuracy
            var qdx = (b + (a >> shift)) >> accuracy
            let qddx = (a >> (shift - 1)) >> accuracy
            a = (y0 - y1 - y1 + y2) << 9; b = (y1 - y0) << 10
            var qy = (y0 << 10) >> accuracy
            var qdy = (b + (a >> shift)) >> accuracy
            let qddy = (a >> (shift - 1)) >> accuracy
            let lastX = (x2 << 10) >> accuracy, lastY = snapY((y2 << 10) >> accuracy)
            qy = snapY(qy)
            // Walk from the top; the points come out in the quad's own direction below.
            var chord: [(Int, Int)] = []
            chord.reserveCapacity((1 << shift) + 1)
            var snapped = (x: qx, y: qy)
            chord.append(snapped)
            var count = 1 << shift
            while count > 0 {
                count -= 1
                if count > 0 {
                    let nx = qx + (qdx >> cshift), ny = qy + (qdy >> cshift)
                    var sx = nx, sy: Int
                    if Swift.abs(qdy >> cshift) >= 2 << 16 {
                        // Tall step: snap to the whole pixel, sliding along the chord.
                        let diffY = (ny - snapped.y) >> 10
                        sy = Swift.min(lastY, (ny + 0x8000) & ~0xFFFF)
                        if diffY != 0 {
                            let slope = fdot6Div((nx - snapped.x) >> 10, diffY)
                            sx = nx - ((slope * (ny - sy)) >> 16)
                        }
                    } else {
                        sy = Swift.min(lastY, snapY(ny))
                    }
                    qdx += qddx; qdy += qddy
                    qx = nx; qy = ny
                    snapped = (sx, sy)
                } else {
                    snapped = (lastX, lastY)
                }
                chord.append(snapped)
            }
            if flipped { chord.reverse() }
            for i in 1..<chord.count { append(chord[i].0, chord[i].1) }
            // The shared end point, computed as the next piece computes its start.
            current = (endX, endY)
            points[points.count - 1] = Point(toDouble(endX), toDouble(endY))
        }

        /// SkCubicEdge::setCubicWithoutUpdate + SkAnalyticCubicEdge::updateCubic (y-monotone cubic).
        mutating func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
            guard ok(p0, p1, p2, p3) else { valid = false; return }
            func f6(_ v: Double) -> Int { Int((v * 256).rounded(.towardZero)) }
            var x0 = f6(p0.x), y0 = f6(p0.y), x1 = f6(p1.x), y1 = f6(p1.y)
            var x2 = f6(p2.x), y2 = f6(p2.y), x3 = f6(p3.x), y3 = f6(p3.y)
            let flipped = y0 > y3
            if flipped { swap(&x0, &x3); swap(&x1, &x2); swap(&y0, &y3); swap(&y1, &y2) }
            let endX = fixed(p3.x), endY = snapY(fixed(p3.y))
            guard fdot6Round(y0) != fdot6Round(y3) else { append(endX, endY); return }
            var shift = diffToShift(cubicDeltaFromLine(x0, x1, x2, x3), cubicDeltaFromLine(y0, y1, y2, y3)) + 1
            shift = Swift.min(shift, maxCoefficientShift)
            var upShift = 6, downShift = shift + 6 - 10
            if downShift < 0 { downShift = 0; upShift = 10 - shift }
            func coefficients(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> (Int, Int, Int, Int) {
                let B = (3 * (b - a)) << upShift
                let C = (3 * (a - b - b + c)) << upShift
                let D = (d + 3 * (b - c) - a) << upShift
                // SkAnalyticCubicEdge::setCubic then drops the 4× of the edge space.
                return ((B + (C >> shift) + (D >> (2 * shift))) >> accuracy,
                        (2 * C + ((3 * D) >> (shift - 1))) >> accuracy, ((3 * D) >> (shift - 1)) >> accuracy, 0)
            }
            var (cdx, cddx, cdddx, _) = coefficients(x0, x1, x2, x3)
            var (cdy, cddy, cdddy, _) = coefficients(y0, y1, y2, y3)
            var cx = (x0 << 10) >> accuracy, cy = (y0 << 10) >> accuracy
            let lastX = (x3 << 10) >> accuracy, lastY = snapY((y3 << 10) >> accuracy)
            var snappedY = snapY(cy)
            var chord: [(Int, Int)] = [(cx, snappedY)]
            var count = -(1 << shift)
            while count < 0 {
                count += 1
                var nx: Int, ny: Int
                if count < 0 {
                    nx = cx + (cdx >> downShift); cdx += cddx >> shift; cddx += cdddx
                    ny = cy + (cdy >> downShift); cdy += cddy >> shift; cddy += cdddy
                } else {
                    nx = lastX; ny = lastY
                }
                if ny < cy { ny = cy }
                var sy = snapY(ny)
                if lastY < sy { sy = lastY; count = 0 }
                chord.append((nx, sy))
                cx = nx; cy = ny; snappedY = sy
            }
            chord[chord.count - 1] = (lastX, lastY)
            if flipped { chord.reverse() }
            for i in 1..<chord.count { append(chord[i].0, chord[i].1) }
            current = (endX, endY)
            points[points.count - 1] = Point(toDouble(endX), toDouble(endY))
        }
    }

    /// SkFDot6Div: (a << 16) / b, truncating like C.
    @inline(__always) static func fdot6Div(_ a: Int, _ b: Int) -> Int { (a << 16) / b }

    static func cubicDeltaFromLine(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        let oneThird = ((a * 8 - b * 15 + 6 * c + d) * 19) >> 9
        let twoThird = ((a + 6 * b - c * 15 + d * 8) * 19) >> 9
        return Swift.max(Swift.abs(oneThird), Swift.abs(twoThird))
    }

    // MARK: y-monotone chopping (SkGeometry: SkChopQuadAtYExtrema, SkChopCubicAtYExtrema)

    static func chopQuadAtYExtrema(_ p0: Point, _ p1: Point, _ p2: Point) -> [(Point, Point, Point)] {
        let a = p0.y - p1.y, b = p0.y - p1.y - p1.y + p2.y
        // Already monotone (or flat): no interior extremum.
        if (a >= 0) == (p1.y - p2.y >= 0) || b == 0 { return [(p0, p1, p2)] }
        let t = a / b
        guard t > 0, t < 1 else { return [(p0, p1, p2)] }
        let q0 = p0.lerp(p1, t), q1 = p1.lerp(p2, t), m = q0.lerp(q1, t)
        // Skia flattens the extremum so both halves are monotone.
        let y = m.y
        return [(p0, Point(q0.x, y), m), (m, Point(q1.x, y), p2)]
    }

    static func chopCubicAtYExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [(Point, Point, Point, Point)] {
        // dy/dt = 3[(a)t² + 2(b)t + c] with a = -y0 + 3y1 - 3y2 + y3, b = y0 - 2y1 + y2, c = y1 - y0.
        let a = p3.y - p0.y + 3 * (p1.y - p2.y), b = 2 * (p0.y - p1.y - p1.y + p2.y), c = p1.y - p0.y
        let ts = UnitQuadRoots.roots(a, b, c)
        if ts.isEmpty { return [(p0, p1, p2, p3)] }
        var pieces: [(Point, Point, Point, Point)] = []
        var rest = (p0, p1, p2, p3)
        var consumed = 0.0
        for t in ts {
            let local = (t - consumed) / (1 - consumed)
            let (left, right) = chopCubic(rest, local)
            pieces.append(left)
            rest = right
            consumed = t
        }
        pieces.append(rest)
        // Flatten each extremum (Skia's flatten_double_cubic_extrema).
        for i in 0..<(pieces.count - 1) {
            let y = pieces[i].3.y
            pieces[i].2.y = y
            pieces[i + 1].1.y = y
        }
        return pieces
    }

    static func chopCubic(_ c: (Point, Point, Point, Point), _ t: Double) -> ((Point, Point, Point, Point), (Point, Point, Point, Point)) {
        let ab = c.0.lerp(c.1, t), bc = c.1.lerp(c.2, t), cd = c.2.lerp(c.3, t)
        let abc = ab.lerp(bc, t), bcd = bc.lerp(cd, t), m = abc.lerp(bcd, t)
        return ((c.0, ab, abc, m), (m, bcd, cd, c.3))
    }
}

extension SkiaCompatibleEdges {
    /// True when every point of `path` lies within the fixed-point range the edge builder can
    /// represent (beyond it Skia clips the path first; callers fall back to the clipping
    /// rasterizer path instead of losing the shape).
    public static func canRepresent(_ path: Path) -> Bool {
        guard let b = path.controlBounds, path.isFinite else { return false }
        return Swift.max(Swift.abs(b.minX), Swift.abs(b.maxX), Swift.abs(b.minY), Swift.abs(b.maxY)) < coordinateLimit
    }
}
