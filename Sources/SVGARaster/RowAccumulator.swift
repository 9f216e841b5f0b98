// The exact-area accumulation buffer for one pixel row (font-rs / stb_truetype style).
//
// A segment that crosses part of the row adds, to each cell, the change in "area to the right
// of the segment" from the previous cell, scaled by the segment's height and a sign. The running
// sum over the row then gives, per pixel, the exact area covered by the regions the sweep
// emitted (brief §1: exact area coverage; a half-covered pixel is 0.5 → 128).
//
// Unlike plain font-rs, the fill rule is applied *before* accumulation: the sweep only emits the
// boundaries of filled regions, so the sum never needs clamping of overlapping windings.

/// Accumulation cells for one row: `cols + 2` entries so a segment ending on the right edge of
/// the last pixel can still write its two cells. Each segment also records the cell range it
/// touched: between those ranges the running sum is constant, so resolving a row costs the
/// touched cells plus a memset per constant run, not a pass over every column.
struct RowAccumulator {
    let cells: UnsafeMutablePointer<Double>
    let columns: Int
    /// Touched cell ranges (first, last), in emission order.
    fileprivate(set) var spans: [(Int, Int)] = []

    init(cells: UnsafeMutablePointer<Double>, columns: Int) {
        self.cells = cells; self.columns = columns
        spans.reserveCapacity(32)
    }

    /// Adds the region right of the segment from (xTop, yTop) to (xBottom, yBottom), with
    /// `yTop < yBottom` inside this row (row-relative heights, so the height is ≤ 1) and x in
    /// 0 ... columns, with `sign` +1 (entering a filled region) or −1 (leaving it).
    @inline(__always)
    mutating func addSegment(xTop: Double, yTop: Double, xBottom: Double, yBottom: Double, sign: Double) {
        let d = sign * (yBottom - yTop)
        guard d != 0 else { return }
        let (x0, x1) = xTop < xBottom ? (xTop, xBottom) : (xBottom, xTop)
        // x ≥ 0 here (frame-relative, clipped), so truncation is floor; it is one instruction,
        // where `rounded(.down)` is a libm call on baseline x86-64.
        let i0 = Int(x0), t1 = Int(x1)
        let i1 = Double(t1) < x1 ? t1 + 1 : t1
        let x0Floor = Double(i0), x1Ceil = Double(i1)
        if i1 <= i0 + 1 {
            // Within one pixel column: the area right of the segment in that pixel is
            // 1 − (mean x − pixel left).
            let xm = 0.5 * (xTop + xBottom) - x0Floor
            cells[i0] += d * (1 - xm)
            cells[i0 + 1] += d * xm
            spans.append((i0, i0 + 1))
            return
        }
        // Spanning several columns: x is uniform in [x0, x1] over the segment's height, so the
        // covered fraction of each column is piecewise quadratic at the ends, linear between.
        let s = 1 / (x1 - x0)
        let f0 = x0 - x0Floor
        let a0 = 0.5 * s * (1 - f0) * (1 - f0)
        let f1 = x1 - x1Ceil + 1
        let am = 0.5 * s * f1 * f1
        cells[i0] += d * a0
        if i1 == i0 + 2 {
            cells[i0 + 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - f0)
            cells[i0 + 1] += d * (a1 - a0)
            let step = d * s
            var i = i0 + 2
            while i < i1 - 1 { cells[i] += step; i += 1 }
            let a2 = a1 + Double(i1 - i0 - 3) * s
            cells[i1 - 1] += d * (1 - a2 - am)
        }
        cells[i1] += d * am
        spans.append((i0, i1))
    }

    /// Writes the row's coverage bytes, resets the cells, and returns the first and last
    /// non-zero column, or nil when the row is empty. Columns never written stay as they were
    /// (the caller's row starts zeroed).
    mutating func resolve(into row: UnsafeMutablePointer<UInt8>) -> (first: Int, last: Int)? {
        guard !spans.isEmpty else { return nil }
        if spans.count > RowAccumulator.sparseSpanLimit { collapseSpans() } else { sortSpans() }
        var sum = 0.0, first = -1, last = -1
        var position = 0          // columns before this are final
        var run: UInt8 = 0        // the constant coverage from `position` up to the next span
        var k = 0
        let count = spans.count
        while k < count {
            let start = spans[k].0
            var end = spans[k].1
            k += 1
            while k < count && spans[k].0 <= end + 1 {
                if spans[k].1 > end { end = spans[k].1 }
                k += 1
            }
            if run != 0 && start > position {
                let stop = Swift.min(start, columns)
                if stop > position {
                    (row + position).update(repeating: run, count: stop - position)
                    if first < 0 { first = position }
                    last = stop - 1
                }
            }
            var i = start
            let lastColumn = Swift.min(end, columns - 1)
            while i <= lastColumn {
                sum += cells[i]
                cells[i] = 0
                let v = RowAccumulator.byte(sum)
                row[i] = v
                if v != 0 {
                    if first < 0 { first = i }
                    last = i
                }
                i += 1
            }
            // Cells right of the last pixel only close regions there; no pixel sees them.
            while i <= end { cells[i] = 0; i += 1 }
            run = RowAccumulator.byte(sum)
            position = end + 1
        }
        // A region whose right side was clipped away (EdgeBuilder) runs on to the last column.
        if run != 0 && position < columns {
            (row + position).update(repeating: run, count: columns - position)
            if first < 0 { first = position }
            last = columns - 1
        }
        spans.removeAll(keepingCapacity: true)
        return first < 0 ? nil : (first, last)
    }

    /// Fallback strips (brief §1's strip design): this accumulator holds every edge of a strip
    /// of height `height`, signed by its winding, so its running sum over a cell is the mean
    /// winding there × `height`. The fill rule is applied to that mean per cell (exact when at
    /// most one edge crosses the cell; an approximation where several share it, but a cell deep
    /// inside a union, winding ≥ 1 throughout, stays full) and the coverage is added to `row`.
    mutating func resolveStrip(height: Double, evenOdd: Bool, into row: inout RowAccumulator) {
        guard !spans.isEmpty else { return }
        collapseSpans()
        let (low, high) = spans[0]
        var sum = 0.0, previous = 0.0
        for i in low...high {
            sum += cells[i]
            cells[i] = 0
            let w = Swift.abs(sum / height)
            let fraction: Double
            if evenOdd {
                let f = w - 2 * (w * 0.5).rounded(.down)   // w mod 2
                fraction = f > 1 ? 2 - f : f
            } else {
                fraction = w < 1 ? w : 1
            }
            let coverage = fraction * height
            row.cells[i] += coverage - previous
            previous = coverage
        }
        row.spans.append((low, high))
        spans.removeAll(keepingCapacity: true)
    }

    /// Above this many spans in a row, one dense pass over their hull is cheaper than sorting.
    static let sparseSpanLimit = 24

    /// By first cell; a handful per row, usually in order already.
    private mutating func sortSpans() {
        spans.withUnsafeMutableBufferPointer { s in
            for i in 1..<Swift.max(1, s.count) {
                let item = s[i]
                var j = i
                while j > 0 && item.0 < s[j - 1].0 { s[j] = s[j - 1]; j -= 1 }
                s[j] = item
            }
        }
    }

    /// Replaces the spans by their hull.
    private mutating func collapseSpans() {
        var low = Int.max, high = Int.min
        for (a, b) in spans {
            if a < low { low = a }
            if b > high { high = b }
        }
        spans.removeAll(keepingCapacity: true)
        spans.append((low, high))
    }

    /// Area (0...1, clamped against rounding noise) to an 8-bit coverage, round to nearest.
    @inline(__always) static func byte(_ area: Double) -> UInt8 {
        if area <= 0 { return 0 }
        if area >= 1 { return 255 }
        return UInt8(truncatingIfNeeded: Int(area * 255 + 0.5))
    }
}
