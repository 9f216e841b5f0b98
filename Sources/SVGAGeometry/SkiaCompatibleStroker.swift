/// Stroke → fill path of lines and quads, built the way Skia's SkPathStroker builds it (the
/// reference renderer strokes with it; spec A.5).
///
/// Why a second stroker: Skia's antialiasing does not see the true offset curve but the quads
/// its stroker fits to it (`cubicStroke`: tangent-intersection quads over halved t ranges until
/// the quad's mid point is within 1/(4·resScale) of the offset curve), cut into chords and snapped
/// by the edge builder (`SkiaCompatibleEdges`). A circle of radius 37 px stroked 3 px wide becomes
/// 8 quads per side; rendering those matches the reference to 50 dB where the exact ring gives 34.
/// It strokes every path the renderer draws (`Painter`; dashes are cut first by `Dasher.dashedPath`);
/// `Stroker`, the exact polygon construction, stays as the tests' oracle for its area.
///
/// Layout (Skia): per contour an outer side walked forward and an inner side walked forward then
/// appended reversed; closed → two closed contours, open → one contour with caps. Joins at segment
/// ends (miter, bevel, round as quads from conics), inner joins through the pivot. Curves get no
/// interior joins (their quads are continuous). Not ported: cusp circles, the collinear-cubic
/// reduction to several lines (a collinear cubic becomes one line), `fCanIgnoreCenter`.
public enum SkiaCompatibleStroker {
    /// The outline of `path` stroked with `style` (no dash), in the path's own space, to fill with
    /// nonzero; nil when `style` is not handled here (dashes). `resolutionScale` is the largest
    /// axis scale of the path-to-device transform (Skia's ComputeResScaleForStroking).
    public static func stroke(_ path: Path, style: StrokeStyle, resolutionScale: Double) -> Path? {
        guard style.dash == nil else { return nil }
        let width = style.width
        guard width > 0, width.isFinite, !path.isEmpty else { return Path() }
        let res = resolutionScale > 0 && resolutionScale.isFinite ? resolutionScale : 1
        var s = SkiaPathStroker(radius: width / 2, style: style, resScale: res)
        var start = Point.zero
        var last = Point.zero
        var hasMove = false
        for segment in path.segments {
            switch segment {
            case .move(let p):
                s.finishContour(close: false)
                s.moveTo(p); start = p; last = p; hasMove = true
            case .line(let p):
                if !hasMove { s.moveTo(start); hasMove = true }
                s.lineTo(p); last = p
            case .quad(let c, let p):
                if !hasMove { s.moveTo(start); hasMove = true }
                // The elevated cubic has the same points and tangent directions.
                s.cubicTo(last + (c - last) * (2.0 / 3), p + (c - p) * (2.0 / 3), p, isQuad: true); last = p
            case .cubic(let c1, let c2, let p):
                if !hasMove { s.moveTo(start); hasMove = true }
                s.cubicTo(c1, c2, p, isQuad: false); last = p
            case .close:
                if hasMove {
                    // Skia closes with a line back to the start when the contour does not end there.
                    if last != start { s.lineTo(start) }
                    s.finishContour(close: true)
                }
                last = start
                hasMove = false
            }
        }
        s.finishContour(close: false)
        return s.output
    }

    /// Skia's ComputeResScaleForStroking: the longer of the mapped unit axes (1 when degenerate).
    public static func resolutionScale(of t: Transform) -> Double {
        let s = Swift.max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
        return s.isFinite && s > 0 ? s : 1
    }
}

/// One side of the outline under construction: a start point and line/quad pieces.
struct StrokeSide {
    enum Piece { case line(Point), quad(Point, Point) }
    var start = Point.zero
    var pieces: [Piece] = []
    var last: Point {
        switch pieces.last {
        case .line(let p)?: return p
        case .quad(_, let p)?: return p
        case nil: return start
        }
    }
    mutating func move(_ p: Point) { start = p; pieces.removeAll(keepingCapacity: true) }
    mutating func line(_ p: Point) { pieces.append(.line(p)) }
    mutating func quad(_ c: Point, _ p: Point) { pieces.append(.quad(c, p)) }
    mutating func setLast(_ p: Point) {
        switch pieces.last {
        case .line?: pieces[pieces.count - 1] = .line(p)
        case .quad(let c, _)?: pieces[pieces.count - 1] = .quad(c, p)
        case nil: start = p
        }
    }
}

/// The state machine of SkPathStroker (SkStroke.cpp) for one path.
struct SkiaPathStroker {
    let radius: Double
    let cap: LineCap
    let join: LineJoin
    let invMiterLimit: Double
    let resScale: Double
    let invResScale: Double
    let invResScaleSquared: Double
    var output = Path()

    var outer = StrokeSide()
    var inner = StrokeSide()
    var firstNormal = Point.zero, prevNormal = Point.zero
    var firstUnitNormal = Point.zero, prevUnitNormal = Point.zero
    var firstPt = Point.zero, prevPt = Point.zero, firstOuterPt = Point.zero
    var segmentCount = -1
    var prevIsLine = false
    var joinCompleted = false
    // cubicStroke state
    var strokeSign = 1.0          // +1 outer, −1 inner (fStrokeType)
    var foundTangents = false
    var recursionDepth = 0

    static let nearlyZero = 1.0 / 4096
    static let recursiveLimits = [5 * 3, 26 * 3, 11 * 3, 11 * 3]   // kRecursiveLimits

    init(radius: Double, style: StrokeStyle, resScale: Double) {
        self.radius = radius
        cap = style.cap
        // SkStroke: a miter limit ≤ 1 (or NaN) makes every miter join a bevel join (spec A.5).
        let bluntMiter = style.join == .miter && !(style.miterLimit > 1)
        join = bluntMiter ? .bevel : style.join
        invMiterLimit = style.miterLimit > 1 ? 1 / style.miterLimit : 0
        self.resScale = resScale
        invResScale = 1 / (resScale * 4)
        invResScaleSquared = invResScale * invResScale
    }

    // MARK: contour

    mutating func moveTo(_ p: Point) {
        if segmentCount > 0 { finishContour(close: false) }
        segmentCount = 0
        firstPt = p; prevPt = p
        joinCompleted = false
    }

    mutating func finishContour(close: Bool) {
        defer { segmentCount = -1 }
        guard segmentCount > 0 else { return }
        if close {
            joiner(before: prevUnitNormal, pivot: prevPt, after: firstUnitNormal, currIsLine: prevIsLine)
            emit(outer, close: true)
            // The inner side as its own contour, reversed.
            var rev = StrokeSide()
            rev.move(inner.last)
            appendReversed(inner, to: &rev)
            emit(rev, close: true)
        } else {
            let innerLast = inner.last
            capper(&outer, pivot: prevPt, normal: prevNormal, stop: innerLast)
            appendReversed(inner, to: &outer)
            capper(&outer, pivot: firstPt, normal: -firstNormal, stop: firstOuterPt)
            emit(outer, close: true)
        }
    }

    func appendReversed(_ side: StrokeSide, to dst: inout StrokeSide) {
        var i = side.pieces.count - 1
        while i >= 0 {
            let prev: Point
            if i > 0 {
                switch side.pieces[i - 1] { case .line(let p): prev = p; case .quad(_, let p): prev = p }
            } else {
                prev = side.start
            }
            switch side.pieces[i] {
            case .line: dst.line(prev)
            case .quad(let c, _): dst.quad(c, prev)
            }
            i -= 1
        }
    }

    mutating func emit(_ side: StrokeSide, close: Bool) {
        output.move(to: side.start)
        for piece in side.pieces {
            switch piece {
            case .line(let p): output.line(to: p)
            case .quad(let c, let p): output.quad(to: p, control: c)
            }
        }
        if close { output.close() }
    }

    // MARK: lines and joins

    /// set_normal_unitnormal: the unit normal is the unit tangent rotated CCW, (x, y) → (y, −x).
    func normals(from a: Point, to b: Point) -> (normal: Point, unit: Point)? {
        let v = (b - a) * resScale
        let len = v.length
        guard len > 0, len.isFinite, (v * (1 / len)).isFinite else { return nil }
        let u = v * (1 / len)
        let unit = Point(u.y, -u.x)
        return (unit * radius, unit)
    }

    mutating func preJoinTo(_ p: Point, currIsLine: Bool) -> (normal: Point, unit: Point)? {
        var n = normals(from: prevPt, to: p)
        if n == nil {
            if cap == .butt { return nil }
            // Square and round caps draw even for a zero-length segment, along +x.
            n = (Point(radius, 0), Point(1, 0))
        }
        let (normal, unit) = n!
        if segmentCount == 0 {
            firstNormal = normal; firstUnitNormal = unit
            firstOuterPt = prevPt + normal
            outer.move(firstOuterPt)
            inner.move(prevPt - normal)
        } else {
            joiner(before: prevUnitNormal, pivot: prevPt, after: unit, currIsLine: currIsLine)
        }
        prevIsLine = currIsLine
        return (normal, unit)
    }

    mutating func postJoinTo(_ p: Point, normal: Point, unit: Point) {
        joinCompleted = true
        prevPt = p; prevUnitNormal = unit; prevNormal = normal
        segmentCount += 1
    }

    mutating func lineTo(_ p: Point) {
        let teeny = Swift.abs(prevPt.x - p.x) <= Self.nearlyZero * invResScale
            && Swift.abs(prevPt.y - p.y) <= Self.nearlyZero * invResScale
        if teeny && (cap == .butt || joinCompleted) { return }
        guard let (normal, unit) = preJoinTo(p, currIsLine: true) else { return }
        outer.line(p + normal)
        inner.line(p - normal)
        postJoinTo(p, normal: normal, unit: unit)
    }

    /// Dot2AngleType on unit normals.
    enum AngleType { case nearly180, sharp, shallow, nearlyLine }
    static func angleType(_ dot: Double) -> AngleType {
        if dot >= 0 { return Swift.abs(1 - dot) <= nearlyZero ? .nearlyLine : .shallow }
        return Swift.abs(1 + dot) <= nearlyZero ? .nearly180 : .sharp
    }
    static func isClockwise(_ a: Point, _ b: Point) -> Bool { a.x * b.y > a.y * b.x }

    mutating func joiner(before beforeUnit: Point, pivot: Point, after afterUnit: Point, currIsLine: Bool) {
        let dot = beforeUnit.dot(afterUnit)
        let angle = Self.angleType(dot)
        if angle == .nearlyLine && join != .bevel { return }
        var before = beforeUnit, after = afterUnit
        // Skia's miter joiner blunts a near-reversal before choosing sides.
        let ccw = (join == .miter && angle == .nearly180) ? false : !Self.isClockwise(before, after)
        if ccw { before = -before; after = -after }
        // Work on the outer side of this turn; the other side gets the inner join.
        // Move the sides out of self (not copy): a copy would share storage with self and make
        // every append copy the whole outline (copy-on-write), turning long paths quadratic.
        var o = StrokeSide(), i = StrokeSide()
        if ccw { swap(&o, &inner); swap(&i, &outer) } else { swap(&o, &outer); swap(&i, &inner) }
        defer { if ccw { swap(&o, &inner); swap(&i, &outer) } else { swap(&o, &outer); swap(&i, &inner) } }
        func innerJoin(_ side: inout StrokeSide, _ afterScaled: Point) {
            side.line(pivot)
            side.line(pivot - afterScaled)
        }
        switch join {
        case .bevel:
            let a = after * radius
            o.line(pivot + a)
            innerJoin(&i, a)
        case .round:
            let a = after * radius
            appendRoundArc(&o, center: pivot, from: before, to: after, clockwise: !ccw)
            innerJoin(&i, a)
        case .miter:
            var currIsLine = currIsLine
            var mid: Point? = nil
            if angle != .nearly180 {
                if dot == 0 && invMiterLimit <= 0.7071067811865476 {
                    mid = (before + after) * radius
                } else {
                    let sinHalf = ((1 + dot) / 2).squareRoot()
                    if sinHalf < invMiterLimit {
                        currIsLine = false
                    } else {
                        var m = angle == .sharp ? Point(after.y - before.y, before.x - after.x) : before + after
                        if angle == .sharp && ccw { m = -m }
                        let len = m.length
                        mid = len > 0 ? m * (radius / sinHalf / len) : nil
                        if mid == nil { currIsLine = false }
                    }
                }
            } else {
                currIsLine = false
            }
            if let mid {
                if prevIsLine { o.setLast(pivot + mid) } else { o.line(pivot + mid) }
            }
            let a = after * radius
            if !currIsLine { o.line(pivot + a) }
            innerJoin(&i, a)
        }
    }

    /// A round join or cap arc of radius `radius`, as SkConic::BuildUnitArc quarter conics
    /// turned into quads the way the edge builder does (SkAutoConicToQuads, tolerance 1/4 px
    /// in device space).
    func appendRoundArc(_ side: inout StrokeSide, center: Point, from u: Point, to v: Point, clockwise: Bool) {
        var sweep = Double.arcTangent2(u.cross(v), u.dot(v))     // y-down: positive = clockwise on screen
        if clockwise && sweep < 0 { sweep += 2 * Double.pi }
        if !clockwise && sweep > 0 { sweep -= 2 * Double.pi }
        guard Swift.abs(sweep) > 1e-12 else { return }
        let quarter = Double.pi / 2
        var startAngle = Double.arcTangent2(u.y, u.x)
        var remaining = Swift.abs(sweep)
        let direction = sweep > 0 ? 1.0 : -1.0
        while remaining > 1e-12 {
            let step = Swift.min(quarter, remaining)
            let end = startAngle + direction * step
            let w = Double.cosine(step / 2)
            let p0 = center + Point(Double.cosine(startAngle), Double.sine(startAngle)) * radius
            let p2 = center + Point(Double.cosine(end), Double.sine(end)) * radius
            let midAngle = startAngle + direction * step / 2
            let c = center + Point(Double.cosine(midAngle), Double.sine(midAngle)) * (radius / w)
            appendConic(&side, p0, c, p2, w)
            startAngle = end
            remaining -= step
        }
    }

    func appendConic(_ side: inout StrokeSide, _ p0: Point, _ p1: Point, _ p2: Point, _ w: Double) {
        // SkConic::computeQuadPOW2(0.25) on the device-space conic (scale by resScale).
        let a = w - 1, k = a / (4 * (2 + a))
        var error = ((p0 - p1 * 2 + p2) * (k * resScale)).length
        var pow2 = 0
        while pow2 < 5 && error > 0.25 { error *= 0.25; pow2 += 1 }
        func chop(_ p0: Point, _ p1: Point, _ p2: Point, _ w: Double, _ level: Int, _ side: inout StrokeSide) {
            if level == 0 { side.quad(p1, p2); return }
            let scale = 1 / (1 + w), newW = (0.5 + w * 0.5).squareRoot()
            let p1w = p1 * w
            let m = (p0 + p1w * 2 + p2) * (scale * 0.5)
            chop(p0, (p0 + p1w) * scale, m, newW, level - 1, &side)
            chop(m, (p1w + p2) * scale, p2, newW, level - 1, &side)
        }
        chop(p0, p1, p2, w, pow2, &side)
    }

    /// Caps at the end of an open contour, from the outer side's last point to `stop`. (Skia moves
    /// the previous point instead of adding one when the side ended in a line: the same area.)
    func capper(_ side: inout StrokeSide, pivot: Point, normal: Point, stop: Point) {
        let parallel = Point(-normal.y, normal.x)           // SkPointPriv::RotateCW
        switch cap {
        case .butt:
            side.line(stop)
        case .square:
            side.line(pivot + normal + parallel)
            side.line(pivot - normal + parallel)
            side.line(stop)
        case .round:
            let projected = pivot + parallel
            appendConic(&side, side.last, projected + normal, projected, 0.7071067811865476)
            appendConic(&side, projected, projected - normal, stop, 0.7071067811865476)
        }
    }

    // MARK: curves (cubicTo / cubicStroke)

    struct QuadConstruct {
        var quad = (Point.zero, Point.zero, Point.zero)
        var tangentStart = Point.zero, tangentEnd = Point.zero
        var startT = 0.0, midT = 0.0, endT = 0.0
        var startSet = false, endSet = false, oppositeTangents = false
        mutating func initRange(_ s: Double, _ e: Double) -> Bool {
            startT = s; midT = (s + e) / 2; endT = e
            startSet = false; endSet = false
            return startT < midT && midT < endT
        }
    }
    enum ResultType { case split, degenerate, quad }

    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p3: Point, isQuad: Bool) {
        let cubic = [prevPt, c1, c2, p3]
        let degAB = !canNormalize(c1 - prevPt), degBC = !canNormalize(c2 - c1), degCD = !canNormalize(p3 - c2)
        if degAB && degBC && degCD {
            lineTo(p3); return          // a point: Skia draws its caps like a zero-length line
        }
        if (degAB ? 1 : 0) + (degBC ? 1 : 0) + (degCD ? 1 : 0) == 2 || cubicInLine(cubic) {
            lineTo(p3); return
        }
        let tangentPt = degAB ? c2 : c1
        guard let (normalAB, unitAB) = preJoinTo(tangentPt, currIsLine: false) else { lineTo(p3); return }
        var ts = isQuad ? [] : inflections(cubic)
        ts.append(1)
        var lastT = 0.0
        for nextT in ts {
            for sign in [1.0, -1.0] {
                strokeSign = sign
                foundTangents = isQuad
                recursionDepth = 0
                var q = QuadConstruct()
                _ = q.initRange(lastT, nextT)
                _ = cubicStroke(cubic, &q, isQuad: isQuad)
            }
            lastT = nextT
        }
        // setCubicEndNormal
        var cd = p3 - c2
        var normalCD = normalAB, unitCD = unitAB
        if !canNormalize(cd) { cd = p3 - c1 }
        if canNormalize(cd), canNormalize(c1 - prevPt) || canNormalize(c2 - prevPt),
           let n = normals(from: .zero, to: cd) {
            normalCD = n.normal; unitCD = n.unit
        }
        postJoinTo(p3, normal: normalCD, unit: unitCD)
    }

    func canNormalize(_ v: Point) -> Bool { v.x != 0 || v.y != 0 }

    func cubicInLine(_ c: [Point]) -> Bool {
        var ptMax = -1.0, outer1 = 0, outer2 = 1
        for i in 0..<3 {
            for j in (i + 1)..<4 {
                let d = c[j] - c[i]
                let m = Swift.max(Swift.abs(d.x), Swift.abs(d.y))
                if ptMax < m { outer1 = i; outer2 = j; ptMax = m }
            }
        }
        let mid1 = (1 + (2 >> outer2)) >> outer1
        let mid2 = outer1 ^ outer2 ^ mid1
        let slop = ptMax * ptMax * 0.00001
        return ptToLine(c[mid1], c[outer1], c[outer2]) <= slop && ptToLine(c[mid2], c[outer1], c[outer2]) <= slop
    }

    func inflections(_ c: [Point]) -> [Double] {
        let ax = c[1].x - c[0].x, ay = c[1].y - c[0].y
        let bx = c[2].x - 2 * c[1].x + c[0].x, by = c[2].y - 2 * c[1].y + c[0].y
        let cx = c[3].x + 3 * (c[1].x - c[2].x) - c[0].x, cy = c[3].y + 3 * (c[1].y - c[2].y) - c[0].y
        return UnitQuadRoots.roots(bx * cy - by * cx, ax * cy - ay * cx, ax * by - ay * bx)
    }

    /// Squared distance from `p` to the segment a–b (pt_to_line).
    func ptToLine(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let d = b - a, ab0 = p - a
        let denom = d.dot(d)
        let t = denom == 0 ? -1 : d.dot(ab0) / denom
        if t >= 0 && t <= 1 {
            let hit = a + d * t
            return (hit - p).dot(hit - p)
        }
        return ab0.dot(ab0)
    }

    @inline(__always) func within(_ a: Point, _ b: Point, _ d: Double) -> Bool { (a - b).dot(a - b) <= d * d }

    /// Point and offset point (and tangent end) at t (cubicPerpRay + setRayPts).
    func perpRay(_ c: [Point], _ t: Double) -> (onCurve: Point, onStroke: Point, tangent: Point) {
        let mt = 1 - t
        let pt = c[0] * (mt * mt * mt) + c[1] * (3 * mt * mt * t) + c[2] * (3 * mt * t * t) + c[3] * (t * t * t)
        var d = (c[1] - c[0]) * (mt * mt) + (c[2] - c[1]) * (2 * mt * t) + (c[3] - c[2]) * (t * t)
        if d.x == 0 && d.y == 0 {
            if Swift.abs(t) <= Self.nearlyZero { d = c[2] - c[0] }
            else if Swift.abs(1 - t) <= Self.nearlyZero { d = c[3] - c[1] }
            if d.x == 0 && d.y == 0 { d = c[3] - c[0] }
        }
        let len = d.length
        d = len > 0 ? d * (radius / len) : Point(radius, 0)
        let on = Point(pt.x + strokeSign * d.y, pt.y - strokeSign * d.x)
        return (pt, on, on + d)
    }

    func quadEnds(_ c: [Point], _ q: inout QuadConstruct) {
        if !q.startSet {
            let r = perpRay(c, q.startT); q.quad.0 = r.onStroke; q.tangentStart = r.tangent; q.startSet = true
        }
        if !q.endSet {
            let r = perpRay(c, q.endT); q.quad.2 = r.onStroke; q.tangentEnd = r.tangent; q.endSet = true
        }
    }

    func intersectRay(_ q: inout QuadConstruct, setControl: Bool) -> ResultType {
        let start = q.quad.0, end = q.quad.2
        let aLen = q.tangentStart - start, bLen = q.tangentEnd - end
        let denom = aLen.cross(bLen)
        if denom == 0 || !denom.isFinite {
            q.oppositeTangents = aLen.dot(bLen) < 0
            return .degenerate
        }
        q.oppositeTangents = false
        let ab0 = start - end
        var numerA = bLen.cross(ab0)
        let numerB = aLen.cross(ab0)
        if (numerA >= 0) == (numerB >= 0) {
            let d1 = ptToLine(start, end, q.tangentEnd), d2 = ptToLine(end, start, q.tangentStart)
            return Swift.max(d1, d2) <= invResScaleSquared ? .degenerate : .split
        }
        numerA /= denom
        if numerA > numerA - 1 {
            if setControl {
                q.quad.1 = Point(start.x * (1 - numerA) + q.tangentStart.x * numerA,
                                 start.y * (1 - numerA) + q.tangentStart.y * numerA)
            }
            return .quad
        }
        q.oppositeTangents = aLen.dot(bLen) < 0
        return .degenerate
    }

    func strokeCloseEnough(_ q: QuadConstruct, curveMid: Point, strokeMid rayStart: Point) -> ResultType {
        let s = q.quad
        let strokeMid = s.0 * 0.25 + s.1 * 0.5 + s.2 * 0.25
        if within(rayStart, strokeMid, invResScale) {
            return sharpAngle(s) ? .split : .quad
        }
        let xs = [s.0.x, s.1.x, s.2.x], ys = [s.0.y, s.1.y, s.2.y]
        if rayStart.x + invResScale < xs.min()! || rayStart.x - invResScale > xs.max()!
            || rayStart.y + invResScale < ys.min()! || rayStart.y - invResScale > ys.max()! {
            return .split
        }
        // Where the perpendicular ray (stroke point → curve point) meets the quad.
        let vec = curveMid - rayStart
        func r(_ p: Point) -> Double { (p.y - rayStart.y) * vec.x - (p.x - rayStart.x) * vec.y }
        let r0 = r(s.0), r1 = r(s.1), r2 = r(s.2)
        let roots = UnitQuadRoots.roots(r2 + r0 - 2 * r1, 2 * (r1 - r0), r0)
        guard roots.count == 1 else { return .split }
        let t = roots[0], mt = 1 - t
        let quadPt = s.0 * (mt * mt) + s.1 * (2 * mt * t) + s.2 * (t * t)
        let error = invResScale * (1 - Swift.abs(t - 0.5) * 2)
        if within(rayStart, quadPt, error) {
            return sharpAngle(s) ? .split : .quad
        }
        return .split
    }

    func sharpAngle(_ s: (Point, Point, Point)) -> Bool {
        var smaller = s.1 - s.0, larger = s.1 - s.2
        var smallerLen = smaller.dot(smaller), largerLen = larger.dot(larger)
        if smallerLen > largerLen { swap(&smaller, &larger); swap(&smallerLen, &largerLen) }
        let l = smaller.length
        guard l > 0 else { return false }
        smaller = smaller * (largerLen / l)
        return smaller.dot(larger) > 0
    }

    func compare(_ c: [Point], _ q: inout QuadConstruct) -> ResultType {
        quadEnds(c, &q)
        let r = intersectRay(&q, setControl: true)
        if r != .quad { return r }
        let mid = perpRay(c, q.midT)
        return strokeCloseEnough(q, curveMid: mid.onCurve, strokeMid: mid.onStroke)
    }

    mutating func addDegenerateLine(_ q: QuadConstruct) {
        if strokeSign > 0 { outer.line(q.quad.2) } else { inner.line(q.quad.2) }
    }

    @discardableResult
    mutating func cubicStroke(_ c: [Point], _ q: inout QuadConstruct, isQuad: Bool) -> Bool {
        if !foundTangents {
            quadEnds(c, &q)
            let r = intersectRay(&q, setControl: false)
            if r != .quad {
                let midOnLine = ptToLine(perpRay(c, q.midT).onStroke, q.quad.0, q.quad.2) < invResScaleSquared
                if (r == .degenerate || within(q.quad.0, q.quad.2, invResScale)) && midOnLine {
                    addDegenerateLine(q)
                    return true
                }
            } else {
                foundTangents = true
            }
        }
        if foundTangents {
            let r = compare(c, &q)
            if r == .quad {
                if strokeSign > 0 { outer.quad(q.quad.1, q.quad.2) } else { inner.quad(q.quad.1, q.quad.2) }
                return true
            }
            if r == .degenerate && !q.oppositeTangents {
                addDegenerateLine(q)
                return true
            }
        }
        guard q.quad.2.isFinite else { return false }
        recursionDepth += 1
        let limit = isQuad ? Self.recursiveLimits[2] : Self.recursiveLimits[foundTangents ? 1 : 0]
        if recursionDepth > limit { return false }
        var half = QuadConstruct()
        if !half.initRange(q.startT, q.midT) {
            addDegenerateLine(q); recursionDepth -= 1; return true
        }
        half.quad.0 = q.quad.0; half.tangentStart = q.tangentStart; half.startSet = true
        if !cubicStroke(c, &half, isQuad: isQuad) { return false }
        var second = QuadConstruct()
        if !second.initRange(q.midT, q.endT) {
            addDegenerateLine(q); recursionDepth -= 1; return true
        }
        second.quad.2 = q.quad.2; second.tangentEnd = q.tangentEnd; second.endSet = true
        if !cubicStroke(c, &second, isQuad: isQuad) { return false }
        recursionDepth -= 1
        return true
    }
}
