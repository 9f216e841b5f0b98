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
//   band is split at the first crossing, so the order is right again below it.
// Note the fill rule is the real one, as in Skia and TrueType: a region wound +1 by one contour
// and −1 by another has winding 0 and is *not* filled under nonzero (that is how glyph and
// path holes work). Overlapping pieces only union under nonzero when they share an orientation.
//
// Work bounds, so hostile input cannot hang (spec A.8): crossing splits per row are capped;
// a row with so many vertices × edges that exact bands would be slow falls back to
// `fallbackStripsPerRow` fixed strips ordered by each edge's midpoint (then overlaps are
// resolved at 1/4-row resolution, like the strip rasterizer the brief describes).
//
// Memory: the mask (rows × columns of the clipped bounds) and one row of accumulation cells.

public enum Rasterizer {
    /// Fixed strips per pixel row for the fallback path (and for crossing slices once the
    /// split budget of a row is spent).
    public static let fallbackStripsPerRow = 4
    /// Bands × active edges per row above which the exact band split is replaced by strips.
    static let exactBandWorkLimit = 1 << 16
    /// Exact splits at edge crossings per row, before crossings are handled by strips.
    static let crossingSplitsPerRow = 64
    /// Smallest band cut at a crossing, in pixels: guarantees progress when rounding puts a
    /// crossing at (or just above) the band top again.
    static let minimumBandHeight = 1.0 / 4096
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
        return CoverageSweep.run(edges: builder.edges, frame: frame, evenOdd: rule == .evenOdd)
    }
}

/// The part of one edge inside one band (band-local: its own top and bottom heights).
struct BandSegment {
    var xTop: Double, xBottom: Double, yTop: Double, yBottom: Double
    var winding: Int32
    var edge: Int32
}

/// The row sweep. Coordinates are frame-relative: row r covers y in r ..< r + 1, column c
/// covers x in c ..< c + 1.
struct CoverageSweep {
    let edges: UnsafeBufferPointer<RasterEdge>
    let evenOdd: Bool
    var accumulator: RowAccumulator
    var active: [Int32] = []
    var segments: [BandSegment] = []
    var cuts: [Double] = []

    static func run(edges unsorted: [RasterEdge], frame: IntRect, evenOdd: Bool) -> CoverageMask? {
        let dx = Double(frame.x), dy = Double(frame.y)
        var edges = unsorted.map { e in
            RasterEdge(x0: e.x0 - dx, y0: e.y0 - dy, x1: e.x1 - dx, y1: e.y1 - dy, winding: e.winding)
        }
        edges.sort { $0.y0 < $1.y0 }
        let columns = frame.width, rows = frame.height
        var mask = [UInt8](repeating: 0, count: rows * columns)
        var cells = [Double](repeating: 0, count: columns + 2)
        var firstRow = Int.max, lastRow = -1, firstColumn = Int.max, lastColumn = -1
        edges.withUnsafeBufferPointer { edgeBuffer in
            cells.withUnsafeMutableBufferPointer { cellBuffer in
                mask.withUnsafeMutableBufferPointer { maskBuffer in
                    var sweep = CoverageSweep(
                        edges: edgeBuffer, evenOdd: evenOdd,
                        accumulator: RowAccumulator(cells: cellBuffer.baseAddress!, columns: columns))
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
        var budget = Rasterizer.crossingSplitsPerRow
        if (cuts.count + 1) * active.count <= Rasterizer.exactBandWorkLimit {
            cuts.sort()
            var bandTop = top
            for y in cuts where y > bandTop {
                sweepBand(top: bandTop, bottom: y, exact: true, budget: &budget)
                bandTop = y
            }
            sweepBand(top: bandTop, bottom: bottom, exact: true, budget: &budget)
        } else {
            let strips = Rasterizer.fallbackStripsPerRow
            let height = 1 / Double(strips)
            for k in 0..<strips {
                let stripBottom = k == strips - 1 ? bottom : top + Double(k + 1) * height
                sweepBand(top: top + Double(k) * height, bottom: stripBottom, exact: false, budget: &budget)
            }
        }
    }

    /// `exact`: no vertex lies strictly inside the band, so every segment spans it fully.
    private mutating func sweepBand(top: Double, bottom: Double, exact: Bool, budget: inout Int) {
        var bandTop = top
        while bandTop < bottom {
            gather(top: bandTop, bottom: bottom)
            if segments.isEmpty { return }
            var bandBottom = bottom
            if exact {
                sortByTop()
                if let t = firstCrossing() {
                    if budget > 0 {
                        // The order at the band top holds down to the first crossing.
                        budget -= 1
                        bandBottom = Swift.min(bottom, Swift.max(bandTop + t * (bottom - bandTop),
                                                                 bandTop + Rasterizer.minimumBandHeight))
                        cut(at: bandBottom)
                    } else {
                        bandBottom = Swift.min(bottom, bandTop + 1 / Double(Rasterizer.fallbackStripsPerRow))
                        cut(at: bandBottom)
                        sortByMiddle()
                    }
                }
            } else {
                sortByMiddle()
            }
            emit()
            // Keep the active list in this left-to-right order, so the next band (and row)
            // starts nearly sorted.
            if segments.count == active.count {
                for i in segments.indices { active[i] = segments[i].edge }
            }
            bandTop = bandBottom
        }
    }

    private mutating func gather(top: Double, bottom: Double) {
        segments.removeAll(keepingCapacity: true)
        for index in active {
            let e = edges[Int(index)]
            guard e.y0 < bottom && e.y1 > top else { continue }
            let yTop = Swift.max(top, e.y0), yBottom = Swift.min(bottom, e.y1)
            segments.append(BandSegment(xTop: e.x(at: yTop), xBottom: e.x(at: yBottom),
                                        yTop: yTop, yBottom: yBottom, winding: e.winding, edge: index))
        }
    }

    /// Shortens every segment to end at height `y`.
    private mutating func cut(at y: Double) {
        for i in segments.indices where segments[i].yBottom > y {
            segments[i].yBottom = y
            segments[i].xBottom = edges[Int(segments[i].edge)].x(at: y)
        }
    }

    private mutating func sortByTop() {
        sortSegments { a, b in a.xTop < b.xTop || (a.xTop == b.xTop && a.xBottom < b.xBottom) }
    }

    private mutating func sortByMiddle() {
        sortSegments { a, b in a.xTop + a.xBottom < b.xTop + b.xBottom }
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

    /// With segments sorted by their top x: the fraction of the band height where the first
    /// crossing that matters happens, or nil. The first crossing is always between neighbours in
    /// the top order (nothing can lie between two edges just before they meet). A crossing only
    /// matters when it moves a filled/unfilled boundary: if the regions left of, between (in
    /// either order) and right of the pair are all filled, or all empty, swapping the pair
    /// changes no emitted boundary. That skips the many crossings deep inside a union of
    /// overlapping stroke pieces.
    private func firstCrossing() -> Double? {
        var best = 1.0
        let evenOdd = self.evenOdd
        @inline(__always) func filled(_ w: Int32) -> Bool { evenOdd ? (w & 1) != 0 : w != 0 }
        segments.withUnsafeBufferPointer { s in
            guard s.count > 1 else { return }
            var winding: Int32 = 0   // left of s[i]
            for i in 0..<(s.count - 1) {
                let a = s[i], b = s[i + 1]
                let inversion = a.xBottom - b.xBottom
                if inversion > Rasterizer.crossingTolerance {
                    let left = filled(winding), right = filled(winding &+ a.winding &+ b.winding)
                    let between = filled(winding &+ a.winding), swapped = filled(winding &+ b.winding)
                    if !(left == right && left == between && left == swapped) {
                        let gap = b.xTop - a.xTop
                        let t = gap / (gap + inversion)
                        if t < best { best = t }
                    }
                }
                winding &+= a.winding
            }
        }
        return best < 1 ? best : nil
    }

    /// Sweeps the ordered segments left to right with the winding number and emits the
    /// boundaries of the filled regions: +1 on entering, −1 on leaving.
    private mutating func emit() {
        var winding: Int32 = 0
        let evenOdd = self.evenOdd
        for seg in segments {
            let wasFilled = evenOdd ? (winding & 1) != 0 : winding != 0
            winding &+= seg.winding
            let isFilled = evenOdd ? (winding & 1) != 0 : winding != 0
            if wasFilled != isFilled {
                accumulator.addSegment(xTop: seg.xTop, yTop: seg.yTop, xBottom: seg.xBottom,
                                       yBottom: seg.yBottom, sign: isFilled ? 1 : -1)
            }
        }
    }
}
