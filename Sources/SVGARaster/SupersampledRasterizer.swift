import SVGAGeometry

/// Coverage by four point-sampled sub-scanlines per pixel row (at y + 1/8, 3/8, 5/8, 7/8), each
/// with exact horizontal coverage of its spans. Used by `.skiaCompatible` for fills that are not a
/// single convex contour. Skia m144 itself fills those with analytic AA on edges snapped to the
/// quarter pixel in y (see `SkiaCompatibleEdges`); sampling four sub-scanlines reproduces the
/// main visible effect of that snap (a horizontal edge moves its coverage in steps of 64/255 as
/// it slides down a pixel). Measured on the conformance set, swapping this for
/// `SkiaCompatibleEdges` + exact area on shape fills changes files by −2…+17 dB, so it is kept.
///
/// Winding is exact at each sample line, so nonzero and even-odd are exact there for any overlap
/// or orientation of the contours.
enum SupersampledRasterizer {
    static let subScanlines = 4

    struct Edge {
        var x0: Double, y0: Double, y1: Double, dxdy: Double
        var winding: Int32
    }

    static func coverage(of polygons: [Polyline], rule: FillRule, clip: IntRect) -> CoverageMask? {
        let clipTop = Double(clip.y), clipBottom = Double(clip.maxY)
        var edges: [Edge] = []
        var minX = Double.infinity, maxX = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            let pts = polygon.points
            guard pts.count >= 2, pts.allSatisfy(\.isFinite) else { continue }
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y == b.y { continue }
                let (top, bottom, winding): (Point, Point, Int32) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                // Entirely above or below the clip: cannot cross a sample line we evaluate.
                if bottom.y <= clipTop || top.y >= clipBottom { continue }
                edges.append(Edge(x0: top.x, y0: top.y, y1: bottom.y, dxdy: (bottom.x - top.x) / (bottom.y - top.y), winding: winding))
                minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
                minY = min(minY, top.y); maxY = max(maxY, bottom.y)
            }
        }
        guard !edges.isEmpty else { return nil }
        // Clamp in Double before converting: a finite but huge coordinate (1e300) would trap in Int().
        func clamped(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(min(max(v, Double(lo)), Double(hi))) }
        let rowStart = clamped(minY.rounded(.down), clip.y, clip.maxY)
        let rowEnd = clamped(maxY.rounded(.up), clip.y, clip.maxY)
        let colStart = clamped(minX.rounded(.down), clip.x, clip.maxX)
        let colEnd = clamped(maxX.rounded(.up), clip.x, clip.maxX)
        guard rowEnd > rowStart, colEnd > colStart else { return nil }
        let width = colEnd - colStart
        let leftLimit = Double(colStart), rightLimit = Double(colEnd)

        edges.sort { $0.y0 < $1.y0 }
        var output = [UInt8](repeating: 0, count: width * (rowEnd - rowStart))
        var partial = [Double](repeating: 0, count: width + 1)
        var runs = [Double](repeating: 0, count: width + 2)
        var active: [Int] = []
        var crossings: [(x: Double, w: Int32)] = []
        var nextEdge = 0
        var coveredMinX = Int.max, coveredMaxX = Int.min, coveredMinY = Int.max, coveredMaxY = Int.min
        let sampleWeight = 1.0 / Double(subScanlines)

        for row in rowStart..<rowEnd {
            var rowTouched = false
            for sub in 0..<subScanlines {
                let y = Double(row) + (Double(sub) * 2 + 1) / Double(subScanlines * 2)
                while nextEdge < edges.count && edges[nextEdge].y0 <= y {
                    active.append(nextEdge); nextEdge += 1
                }
                // An edge covers the sample lines in [y0, y1).
                active.removeAll { edges[$0].y1 <= y }
                crossings.removeAll(keepingCapacity: true)
                for index in active where edges[index].y0 <= y {
                    let e = edges[index]
                    crossings.append((e.x0 + (y - e.y0) * e.dxdy, e.winding))
                }
                guard crossings.count >= 2 else { continue }
                // Few crossings per line in practice: insertion sort on the reused buffer; many
                // (a hostile or glyph-dense path) take the O(n log n) sort so a line can't go quadratic.
                if crossings.count > 16 {
                    crossings.sort { $0.x < $1.x }
                } else {
                    for i in 1..<crossings.count {
                        let c = crossings[i]; var j = i - 1
                        while j >= 0 && crossings[j].x > c.x { crossings[j + 1] = crossings[j]; j -= 1 }
                        crossings[j + 1] = c
                    }
                }
                var winding: Int32 = 0
                for i in 0..<(crossings.count - 1) {
                    winding += crossings[i].w
                    let inside = rule == .nonZero ? winding != 0 : (winding & 1) != 0
                    guard inside else { continue }
                    let a = min(max(crossings[i].x, leftLimit), rightLimit) - leftLimit
                    let b = min(max(crossings[i + 1].x, leftLimit), rightLimit) - leftLimit
                    guard b > a else { continue }
                    rowTouched = true
                    let ia = Int(a), ib = Int(b)
                    if ia == ib {
                        partial[ia] += (b - a) * sampleWeight
                    } else {
                        partial[ia] += (Double(ia + 1) - a) * sampleWeight
                        runs[ia + 1] += sampleWeight
                        runs[ib] -= sampleWeight
                        if ib < width { partial[ib] += (b - Double(ib)) * sampleWeight }
                    }
                }
            }
            guard rowTouched else { continue }
            let base = (row - rowStart) * width
            var run = 0.0
            for x in 0..<width {
                run += runs[x]
                let c = min(1, max(0, run + partial[x]))
                let alpha = UInt8(c * 255 + 0.5)   // c in 0...1: round half up without a libm call
                output[base + x] = alpha
                if alpha != 0 {
                    coveredMinX = min(coveredMinX, x); coveredMaxX = max(coveredMaxX, x)
                    coveredMinY = min(coveredMinY, row); coveredMaxY = max(coveredMaxY, row)
                }
                partial[x] = 0; runs[x] = 0
            }
            partial[width] = 0; runs[width] = 0; runs[width + 1] = 0
        }
        guard coveredMinX <= coveredMaxX,
              let bounds = IntRect(x: colStart + coveredMinX, y: coveredMinY,
                                   width: coveredMaxX - coveredMinX + 1, height: coveredMaxY - coveredMinY + 1) else { return nil }
        if bounds.width == width && bounds.y == rowStart && bounds.height == rowEnd - rowStart {
            return CoverageMask(bounds: bounds, data: output)
        }
        var cropped = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        for y in 0..<bounds.height {
            let src = (bounds.y - rowStart + y) * width + (bounds.x - colStart)
            for x in 0..<bounds.width { cropped[y * bounds.width + x] = output[src + x] }
        }
        return CoverageMask(bounds: bounds, data: cropped)
    }
}
