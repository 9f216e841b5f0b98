import SVGAGeometry

// Antialiased coverage of polygons: exact area, true nonzero / even-odd.
//
// Design (brief §1). Rows are swept top to bottom with an active edge list. Each pixel row is
// cut into horizontal *bands* at every vertex height inside it, so in a band every active edge
// spans the band's full height. If no two edges cross inside a band, their left-to-right order
// is the same all the way down, and the winding number is constant between neighbours: the
// filled regions of the band are exactly the trapezoids between consecutive edges where the
// fill rule says "inside". The sweep emits only the boundaries of those regions into an
// exact-area accumulation row (`RowAccumulator`), so
// - a simple polygon gets its exact area coverage (half a pixel → 128);
// - overlapping contours, of any orientation, get the fill rule applied to the true winding
//   number, with exact sub-pixel geometry horizontally *and* vertically — e.g. two abutting
//   rectangles of opposite orientation leave no seam, which plain "accumulate signed area,
//   clamp |acc|" gets wrong, and even-odd works at all;
// - where edges cross inside a band (self-intersecting paths, overlapping stroke pieces), the
//   crossings are processed in height order inside the band (`sweepCrossings`); a crossing
//   only re-emits the two edges that swap, so crossings are exact and cost O(log n) each.
// Note the fill rule is the real one, as in Skia and TrueType: a region wound +1 by one contour
// and −1 by another has winding 0 and is *not* filled under nonzero (that is how glyph and
// path holes work). Overlapping pieces only union under nonzero when they share an orientation.
//
// Work bounds, so hostile input cannot hang (spec A.8): crossing events per row are capped,
// and a row with so many vertices × edges that exact bands would be slow falls back to
// `fallbackStripsPerRow` fixed strips, each rasterized the way the brief describes (signed
// area per cell, fill rule on the cell's accumulated winding): overlaps are then resolved at
// 1/4-row resolution vertically and per cell horizontally.
//
// Memory: the mask (rows × columns of the clipped bounds) and one row of accumulation cells.

public enum Rasterizer {
    /// Fixed strips per pixel row for the fallback path (rows too busy for exact bands, or
    /// whose crossing budget is spent).
    public static let fallbackStripsPerRow = 4
    /// Bands × active edges per row above which the exact band split is replaced by strips.
    static let exactBandWorkLimit = 1 << 16
    /// Edge crossings processed exactly per row; past this the rest of the row's band is done
    /// in strips (each pair of lines crosses once, so this only binds on hostile input).
    static let crossingEventsPerRow = 8192
    /// x inversions below this (pixels) are rounding noise, not crossings.
    static let crossingTolerance = 1e-9

    /// Antialiased coverage of the polygons (device space, each implicitly closed) under `rule`,
    /// restricted to `clip` (usually the canvas bounds, or the clip mask's bounds). Returns nil
    /// when nothing inside `clip` is covered. The mask's bounds are the covered pixel bbox ∩ clip.
    public static func coverage(of polygons: [Polyline], rule: FillRule, clip: IntRect) -> CoverageMask? {
        var builder = EdgeBuilder(clip: clip)
        for polygon in polygons { builder.add(polygon: polygon.points) }
        guard !builder.edges.isEmpty else { return nil }
        // All edge coordinates are now finite and inside the clip (EdgeBuilder).
        let rowTop = Swift.max(clip.y, Int(builder.minY.rounded(.down)))
        let rowBottom = Swift.min(clip.maxY, Int(builder.maxY.rounded(.up)))
        let columnLeft = Swift.max(clip.x, Int(builder.minX.rounded(.down)))
        let columnRight = builder.droppedRightOfClip
            ? clip.maxX : Swift.min(clip.maxX, Int(builder.maxX.rounded(.up)))
        guard let frame = IntRect(x: columnLeft, y: rowTop, width: columnRight - columnLeft,
                                  height: rowBottom - rowTop) else { return nil }
        // A mask larger than any pixmap could never be blitted (Pixmap.maxPixelCount); refuse
        // it rather than allocate it (spec A.8).
        let (pixels, overflow) = frame.width.multipliedReportingOverflow(by: frame.height)
        guard !overflow, pixels <= Pixmap.maxPixelCount else { return nil }
        return CoverageSweep.run(edges: builder.edges, frame: frame, evenOdd: rule == .evenOdd)
    }
}

/// The part of one edge inside one band (band-local: its own top and bottom heights).
struct BandSegment {
    var xTop: Double, xBottom: Double, yTop: Double, yBottom: Double
    var winding: Int32
    var edge: Int32
    /// Crossing sweep only: current emission sign and where (band fraction) its piece began.
    var sign: Double = 0
    var since: Double = 0
}

/// The row sweep. Coordinates are frame-relative: row r covers y in r ..< r + 1, column c
/// covers x in c ..< c + 1.
struct CoverageSweep {
    let edges: UnsafeBufferPointer<RasterEdge>
    let evenOdd: Bool
    var accumulator: RowAccumulator
    /// Scratch row for the fallback strips.
    var strip: RowAccumulator
    var active: [Int32] = []
    var segments: [BandSegment] = []
    var cuts: [Double] = []
    var windingLeft: [Int32] = []
    /// For each gathered segment, its slot in `active`.
    var gatheredSlots: [Int32] = []
    var events: [CrossingEvent] = []

    static func run(edges unsorted: [RasterEdge], frame: IntRect, evenOdd: Bool) -> CoverageMask? {
        let dx = Double(frame.x), dy = Double(frame.y)
        var edges = unsorted.map { e in
            RasterEdge(x0: e.x0 - dx, y0: e.y0 - dy, x1: e.x1 - dx, y1: e.y1 - dy, winding: e.winding)
        }
        edges.sort { $0.y0 < $1.y0 }
        let columns = frame.width, rows = frame.height
        var mask = [UInt8](repeating: 0, count: rows * columns)
        var cells = [Double](repeating: 0, count: columns + 2)
        var stripCells = [Double](repeating: 0, count: columns + 2)
        var firstRow = Int.max, lastRow = -1, firstColumn = Int.max, lastColumn = -1
        edges.withUnsafeBufferPointer { edgeBuffer in
            cells.withUnsafeMutableBufferPointer { cellBuffer in
            stripCells.withUnsafeMutableBufferPointer { stripBuffer in
                mask.withUnsafeMutableBufferPointer { maskBuffer in
                    var sweep = CoverageSweep(
                        edges: edgeBuffer, evenOdd: evenOdd,
                        accumulator: RowAccumulator(cells: cellBuffer.baseAddress!, columns: columns),
                        strip: RowAccumulator(cells: stripBuffer.baseAddress!, columns: columns))
                    sweep.active.reserveCapacity(64)
                    sweep.segments.reserveCapacity(64)
                    sweep.cuts.reserveCapacity(64)
                    var next = 0
                    for row in 0..<rows {
                        next = sweep.advance(toRow: row, next: next)
                        if sweep.active.isEmpty {
                            if next >= edgeBuffer.count { break }
                            continue
                        }
                        sweep.sweepRow(row)
                        if let span = sweep.accumulator.resolve(into: maskBuffer.baseAddress! + row * columns) {
                            firstRow = Swift.min(firstRow, row); lastRow = row
                            firstColumn = Swift.min(firstColumn, span.first)
                            lastColumn = Swift.max(lastColumn, span.last)
                        }
                    }
                }
            }
            }
        }
        guard lastRow >= 0,
              let tight = IntRect(x: frame.x + firstColumn, y: frame.y + firstRow,
                                  width: lastColumn - firstColumn + 1, height: lastRow - firstRow + 1)
        else { return nil }
        if tight == frame { return CoverageMask(bounds: frame, data: mask) }
        var cropped = [UInt8](repeating: 0, count: tight.width * tight.height)
        for r in 0..<tight.height {
            let src = (firstRow + r) * columns + firstColumn
            cropped[(r * tight.width)..<((r + 1) * tight.width)] = mask[src..<(src + tight.width)]
        }
        return CoverageMask(bounds: tight, data: cropped)
    }

    /// Retires edges that end at or above `row`, admits those starting above its bottom.
    private mutating func advance(toRow row: Int, next start: Int) -> Int {
        let top = Double(row), bottom = top + 1
        var kept = 0
        for j in 0..<active.count where edges[Int(active[j])].y1 > top {
            active[kept] = active[j]; kept += 1
        }
        active.removeLast(active.count - kept)
        var next = start
        while next < edges.count && edges[next].y0 < bottom {
            if edges[next].y1 > top { active.append(Int32(next)) }
            next += 1
        }
        return next
    }

    private mutating func sweepRow(_ row: Int) {
        let top = Double(row), bottom = top + 1
        cuts.removeAll(keepingCapacity: true)
        for index in active {
            let e = edges[Int(index)]
            if e.y0 > top && e.y0 < bottom { cuts.append(e.y0) }
            if e.y1 > top && e.y1 < bottom { cuts.append(e.y1) }
        }
        var budget = Rasterizer.crossingEventsPerRow
        if (cuts.count + 1) * active.count <= Rasterizer.exactBandWorkLimit {
            cuts.sort()
            var bandTop = top
            for y in cuts where y > bandTop {
                sweepExactBand(top: bandTop, bottom: y, budget: &budget)
                bandTop = y
            }
            sweepExactBand(top: bandTop, bottom: bottom, budget: &budget)
        } else {
            sweepStrips(top: top, bottom: bottom)
        }
    }

    /// Fixed strips of 1/`fallbackStripsPerRow` px: every edge accumulated with its winding
    /// into the strip buffer, the fill rule applied per cell (`RowAccumulator.resolveStrip`).
    /// No sorting, so the work is O(edges + columns) per strip whatever the input.
    private mutating func sweepStrips(top: Double, bottom: Double) {
        let height = 1 / Double(Rasterizer.fallbackStripsPerRow)
        var stripTop = top
        while stripTop < bottom {
            let stripBottom = Swift.min(bottom, stripTop + height)
            gather(top: stripTop, bottom: stripBottom)
            for seg in segments {
                strip.addSegment(xTop: seg.xTop, yTop: seg.yTop, xBottom: seg.xBottom, yBottom: seg.yBottom,
                                 sign: Double(seg.winding))
            }
            strip.resolveStrip(height: stripBottom - stripTop, evenOdd: evenOdd, into: &accumulator)
            stripTop = stripBottom
        }
    }

    /// A band with no vertex strictly inside, so every segment spans it fully. Segments are
    /// ordered at the top; crossings inside the band are then processed in height order
    /// (Bentley–Ottmann restricted to the band): each swaps two neighbours and can only change
    /// what those two emit. Crossings deep inside a filled (or empty) region, the bulk of those
    /// between overlapping stroke pieces, change nothing and cost a heap operation each.
    private mutating func sweepExactBand(top: Double, bottom: Double, budget: inout Int) {
        gather(top: top, bottom: bottom)
        if segments.isEmpty { return }
        sortSegments { a, b in a.xTop < b.xTop || (a.xTop == b.xTop && a.xBottom < b.xBottom) }
        if hasInversion() {
            sweepCrossings(top: top, bottom: bottom, budget: &budget)
        } else {
            emit()
        }
        // Keep the active list in the order at the band bottom, so the next band (and row)
        // starts nearly sorted: the band's edges go back into the slots they came from, in
        // their new order; edges not in this band keep their slots.
        for k in segments.indices { active[Int(gatheredSlots[k])] = segments[k].edge }
    }

    private func hasInversion() -> Bool {
        segments.withUnsafeBufferPointer { s in
            var i = 1
            while i < s.count {
                if s[i - 1].xBottom - s[i].xBottom > Rasterizer.crossingTolerance { return true }
                i += 1
            }
            return false
        }
    }

    @inline(__always) private func filled(_ w: Int32) -> Bool { evenOdd ? (w & 1) != 0 : w != 0 }

    /// Band fraction where neighbours at positions i, i + 1 (in the current order) cross, or nil.
    @inline(__always) private func crossing(at i: Int) -> CrossingEvent? {
        let a = segments[i], b = segments[i + 1]
        let inversion = a.xBottom - b.xBottom
        guard inversion > Rasterizer.crossingTolerance else { return nil }
        let gap = b.xTop - a.xTop   // ≥ 0 up to rounding: they were in this order at the top
        let t = gap > 0 ? gap / (gap + inversion) : 0
        return CrossingEvent(t: t, position: Int32(i), a: a.edge, b: b.edge)
    }

    /// The event sweep. Each segment's emission sign (+1 entering a filled region, −1 leaving,
    /// 0 neither) depends only on the winding left of it; a swap of neighbours changes that for
    /// those two segments only, so each keeps an open piece [since, t] that is emitted when its
    /// sign changes. Work: O((n + crossings) log n) per band.
    private mutating func sweepCrossings(top: Double, bottom: Double, budget: inout Int) {
        let n = segments.count
        windingLeft.removeAll(keepingCapacity: true)
        var w: Int32 = 0
        for i in 0..<n {
            windingLeft.append(w)
            segments[i].sign = emissionSign(left: w, winding: segments[i].winding)
            segments[i].since = 0
            w &+= segments[i].winding
        }
        events.removeAll(keepingCapacity: true)
        for i in 0..<(n - 1) {
            if let e = crossing(at: i) { pushEvent(e) }
        }
        var now = 0.0
        while let event = popEvent() {
            let i = Int(event.position)
            // Stale: the pair is no longer adjacent at this position.
            guard segments[i].edge == event.a, segments[i + 1].edge == event.b else { continue }
            if budget <= 0 {
                // Spec A.8 work bound: close every piece here and finish the band in strips.
                for k in 0..<n { closePiece(k, at: now) }
                sweepStrips(top: top + now * (bottom - top), bottom: bottom)
                return
            }
            budget -= 1
            now = Swift.max(now, event.t)
            segments.swapAt(i, i + 1)
            let left = windingLeft[i]
            windingLeft[i + 1] = left &+ segments[i].winding
            updateSign(i, left: left, at: now)
            updateSign(i + 1, left: windingLeft[i + 1], at: now)
            if i > 0, let e = crossing(at: i - 1) {
                pushEvent(CrossingEvent(t: Swift.max(e.t, now), position: e.position, a: e.a, b: e.b))
            }
            if i + 2 < n, let e = crossing(at: i + 1) {
                pushEvent(CrossingEvent(t: Swift.max(e.t, now), position: e.position, a: e.a, b: e.b))
            }
        }
        for k in 0..<n { closePiece(k, at: 1) }
    }

    @inline(__always) private func emissionSign(left: Int32, winding: Int32) -> Double {
        let was = filled(left), now = filled(left &+ winding)
        return was == now ? 0 : (now ? 1 : -1)
    }

    /// The segment at `position` now has `left` winding to its left: if that changes its sign,
    /// emit its piece so far and start a new one.
    @inline(__always) private mutating func updateSign(_ position: Int, left: Int32, at t: Double) {
        let sign = emissionSign(left: left, winding: segments[position].winding)
        if sign != segments[position].sign {
            closePiece(position, at: t)
            segments[position].sign = sign
        }
    }

    /// Emits the segment's piece from `since` to `t` with its sign and restarts it at `t`.
    @inline(__always) private mutating func closePiece(_ position: Int, at t: Double) {
        let seg = segments[position]
        if seg.sign != 0 && t > seg.since {
            let dx = seg.xBottom - seg.xTop, dy = seg.yBottom - seg.yTop
            accumulator.addSegment(xTop: seg.xTop + dx * seg.since, yTop: seg.yTop + dy * seg.since,
                                   xBottom: t == 1 ? seg.xBottom : seg.xTop + dx * t,
                                   yBottom: t == 1 ? seg.yBottom : seg.yTop + dy * t, sign: seg.sign)
        }
        segments[position].since = t
    }

    // A binary min-heap on `t` over `events` (scratch kept across bands).
    private mutating func pushEvent(_ e: CrossingEvent) {
        events.append(e)
        var i = events.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if events[parent].t <= events[i].t { break }
            events.swapAt(parent, i); i = parent
        }
    }

    private mutating func popEvent() -> CrossingEvent? {
        guard let first = events.first else { return nil }
        let last = events.removeLast()
        if events.isEmpty { return first }
        events[0] = last
        var i = 0
        let n = events.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n && events[l].t < events[m].t { m = l }
            if r < n && events[r].t < events[m].t { m = r }
            if m == i { break }
            events.swapAt(m, i); i = m
        }
        return first
    }

    private mutating func gather(top: Double, bottom: Double) {
        segments.removeAll(keepingCapacity: true)
        gatheredSlots.removeAll(keepingCapacity: true)
        for (slot, index) in active.enumerated() {
            let e = edges[Int(index)]
            guard e.y0 < bottom && e.y1 > top else { continue }
            gatheredSlots.append(Int32(slot))
            let yTop = Swift.max(top, e.y0), yBottom = Swift.min(bottom, e.y1)
            segments.append(BandSegment(xTop: e.x(at: yTop), xBottom: e.x(at: yBottom),
                                        yTop: yTop, yBottom: yBottom, winding: e.winding, edge: index))
        }
    }

    /// Insertion sort: segments come from `active`, which keeps the previous band's order, so
    /// they are nearly sorted and this is ~linear. When it is not (many moves), the library sort.
    @inline(__always)
    private mutating func sortSegments(_ less: (BandSegment, BandSegment) -> Bool) {
        segments.withUnsafeMutableBufferPointer { s in
            guard s.count > 1 else { return }
            var moves = 0
            let budget = 4 * s.count + 16
            for i in 1..<s.count {
                let item = s[i]
                var j = i
                while j > 0 && less(item, s[j - 1]) { s[j] = s[j - 1]; j -= 1 }
                s[j] = item
                moves += i - j
                if moves > budget { s.sort(by: less); return }
            }
        }
    }

    /// Sweeps the ordered segments left to right with the winding number and emits the
    /// boundaries of the filled regions: +1 on entering, −1 on leaving.
    private mutating func emit() {
        var winding: Int32 = 0
        for seg in segments {
            let wasFilled = filled(winding)
            winding &+= seg.winding
            let isFilled = filled(winding)
            guard wasFilled != isFilled else { continue }
            accumulator.addSegment(xTop: seg.xTop, yTop: seg.yTop, xBottom: seg.xBottom,
                                   yBottom: seg.yBottom, sign: isFilled ? 1 : -1)
        }
    }
}

/// A crossing of the neighbours `a` (left) and `b` at `position`, `t` into the band.
struct CrossingEvent {
    var t: Double
    var position: Int32
    var a: Int32, b: Int32
}
