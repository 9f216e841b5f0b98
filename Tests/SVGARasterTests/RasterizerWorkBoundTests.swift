import SVGAGeometry
import SVGARaster
import Testing

/// Inputs that push the sweep onto its bounded paths (spec A.8: never hang): many crossings in
/// a row, and rows with so many vertices that exact bands are replaced by strips. They must
/// finish quickly and stay close to the supersampled oracle.
@Suite struct RasterizerWorkBoundTests {
    /// A regular {n/k} star polygon: vertex i·k mod n of a regular n-gon.
    static func starPolygon(n: Int, k: Int, cx: Double, cy: Double, r: Double) -> Polyline {
        Polyline(points: (0..<n).map { i in
            let t = Double(i * k % n) / Double(n) * 2 * Double.pi + 0.01
            return Point(cx + r * Double.cosine(t), cy + r * Double.sine(t))
        }, isClosed: true)
    }

    static func compare(_ polygons: [Polyline], rule: FillRule, size: Int, samples: Int = 32) -> (mask: CoverageMask?, mean: Double, worst: Int) {
        let clip = IntRect(x: 0, y: 0, width: size, height: size)!
        let mask = Rasterizer.coverage(of: polygons, rule: rule, clip: clip)
        let oracle = SupersampledCoverage.coverage(of: polygons, rule: rule, width: size, height: size, samples: samples)
        var total = 0, worst = 0
        for y in 0..<size {
            for x in 0..<size {
                let d = abs(Int(mask?.coverage(atX: x, y: y) ?? 0) - Int(oracle[y * size + x]))
                total += d; worst = max(worst, d)
            }
        }
        return (mask, Double(total) / Double(size * size), worst)
    }

    /// {61/29}: every pair of edges crosses, ~1800 crossings over 24 rows, all resolved
    /// exactly by the in-band crossing sweep. Tolerance as in RasterizerOracleTests (64 × 64
    /// samples; the difference shrinks with the oracle's resolution: at 128², mean 0.03, max 1).
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func denseStarCrossingsAreExact(rule: FillRule) {
        let star = RasterizerWorkBoundTests.starPolygon(n: 61, k: 29, cx: 12.1, cy: 11.8, r: 11.5)
        let (_, mean, worst) = RasterizerWorkBoundTests.compare([star], rule: rule, size: 24, samples: 64)
        #expect(mean <= 0.15 && worst <= 4, "\(rule): mean \(mean), max \(worst)")
    }

    /// Overlapping same-orientation quads along an arc (a naive stroke outline): their union.
    @Test func overlappingStrokePiecesUnion() {
        var quads: [Polyline] = []
        for k in 0..<60 {
            let t0 = Double(k) * 0.05, t1 = t0 + 0.07
            let a = Point(12 + 8 * Double.cosine(t0), 12 + 8 * Double.sine(t0))
            let b = Point(12 + 8 * Double.cosine(t1), 12 + 8 * Double.sine(t1))
            let d = b - a, n = Point(-d.y, d.x) * (1.5 / d.length)
            quads.append(Polyline(points: [a + n, b + n, b - n, a - n], isClosed: true))
        }
        let (_, mean, worst) = RasterizerWorkBoundTests.compare(quads, rule: .nonZero, size: 24)
        #expect(mean <= 0.25 && worst <= 8, "mean \(mean), max \(worst)")
    }

    /// A {1201/600} star of radius 2000 centred on a 16 × 16 clip: its lines are tangent to a
    /// circle of radius 2.6 px around the centre, ~75 lines per pixel, some 3·10⁵ crossings
    /// inside the clip: the crossing budget runs out in every row. Under even-odd the result is
    /// sub-pixel noise (no oracle can sample it), so this checks only that the work is bounded.
    @Test func crossingBudgetBoundsWork() {
        let star = RasterizerWorkBoundTests.starPolygon(n: 1201, k: 600, cx: 8, cy: 8, r: 2000)
        let clip = IntRect(x: 0, y: 0, width: 16, height: 16)!
        let start = ContinuousClock.now
        let mask = Rasterizer.coverage(of: [star], rule: .evenOdd, clip: clip)
        #expect(ContinuousClock.now - start < .seconds(3))
        #expect(mask.map { $0.bounds.intersection(clip) == $0.bounds } ?? true)
    }

    /// 400 same-orientation bars 4 px wide and 1000 px long, all through the clip centre at
    /// angles 0.45° apart: their union covers the clip, and ~10⁴ crossings per row exhaust the
    /// budget, so rows finish in strips ordered by midpoints. Nearly all crossings are deep inside
    /// the union, where order does not matter: every pixel stays ≥ 250.
    @Test func budgetFallbackKeepsUnionSolid() {
        var bars: [Polyline] = []
        for i in 0..<400 {
            let t = Double(i) / 400 * Double.pi
            let d = Point(Double.cosine(t), Double.sine(t)) * 500, n = Point(-Double.sine(t), Double.cosine(t)) * 2
            let c = Point(8.3, 7.9)
            bars.append(Polyline(points: [c - d - n, c + d - n, c + d + n, c - d + n], isClosed: true))
        }
        let clip = IntRect(x: 0, y: 6, width: 16, height: 4)!
        let start = ContinuousClock.now
        let mask = Rasterizer.coverage(of: bars, rule: .nonZero, clip: clip)
        #expect(ContinuousClock.now - start < .seconds(3))
        #expect(mask?.bounds == clip)
        #expect((mask?.data.min() ?? 0) >= 250)
    }

    /// A comb of 200 teeth 0.11 px apart, tips at y = 2.2, roots at 21.7: hundreds of vertices in
    /// rows 2 and 21, so (vertices × edges) exceeds the exact band limit and those rows use
    /// strips. The comb is too fine for a point-sampling oracle (it aliases), but its coverage
    /// is known: at height y the teeth fill (y − 2.2) / 19.5 of the width. Each pixel is held to
    /// that row integral ± 4/255, the strip rows included.
    @Test func vertexDenseRowsUseStrips() {
        var points: [Point] = []
        let teeth = 400
        for i in 0...teeth {
            let x = 1 + Double(i) * 22.0 / Double(teeth)
            points.append(Point(x, i % 2 == 0 ? 2.2 : 21.7))
        }
        points.append(Point(23, 23)); points.append(Point(1, 23))
        let comb = Polyline(points: points, isClosed: true)
        let clip = IntRect(x: 0, y: 0, width: 24, height: 24)!
        let start = ContinuousClock.now
        let mask = Rasterizer.coverage(of: [comb], rule: .nonZero, clip: clip)
        #expect(ContinuousClock.now - start < .seconds(2))
        // ∫ over the row of the filled fraction f(y) = clamp((y − 2.2) / 19.5, 0, 1) below 23.
        func rowCoverage(_ row: Int) -> Double {
            func primitive(_ y: Double) -> Double {   // ∫_0^y f
                if y <= 2.2 { return 0 }
                if y <= 21.7 { return (y - 2.2) * (y - 2.2) / 39 }
                return 19.5 / 2 + (y - 21.7)
            }
            let top = Double(row), bottom = min(Double(row + 1), 23)
            return bottom > top ? primitive(bottom) - primitive(top) : 0
        }
        var worst = 0.0
        for y in 0..<24 {
            for x in 2..<22 {
                let expected = rowCoverage(y) * 255
                worst = max(worst, abs(Double(mask?.coverage(atX: x, y: y) ?? 0) - expected))
            }
        }
        #expect(worst <= 4, "max difference \(worst)")
    }
}
