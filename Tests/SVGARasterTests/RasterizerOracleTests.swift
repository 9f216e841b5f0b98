import SVGAGeometry
import SVGARaster
import Testing

/// Random self-intersecting, overlapping polygons of both orientations against an independent
/// oracle (SupersampledCoverage, 64 × 64 point samples per pixel). The rasterizer resolves
/// crossings exactly, so what remains is the oracle's own point-sampling error, about 1/64 of a
/// pixel per edge: mean absolute difference ≤ 0.15/255 over the grid, no pixel off by more
/// than 4/255. (Measured: mean ≤ 0.05, max 2. At 32 × 32 samples: mean ≤ 0.13, max 4.)
@Suite struct RasterizerOracleTests {
    @Test(arguments: [31, 32, 33, 34, 35, 36] as [UInt64])
    func matchesSupersampledWinding(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let size = 24
        let clip = IntRect(x: 0, y: 0, width: size, height: size)!
        let polygons = (0..<3).map { _ in
            TestShapes.polygon((0..<Int.random(in: 3...7, using: &rng)).map { _ in
                (Double.random(in: -2..<26, using: &rng), Double.random(in: -2..<26, using: &rng))
            })
        }
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Rasterizer.coverage(of: polygons, rule: rule, clip: clip)
            let oracle = SupersampledCoverage.coverage(of: polygons, rule: rule, width: size, height: size, samples: 64)
            var total = 0, worst = 0
            for y in 0..<size {
                for x in 0..<size {
                    let d = abs(Int(mask?.coverage(atX: x, y: y) ?? 0) - Int(oracle[y * size + x]))
                    total += d; worst = max(worst, d)
                }
            }
            let mean = Double(total) / Double(size * size)
            #expect(mean <= 0.15 && worst <= 4, "seed \(seed) \(rule): mean \(mean), max \(worst)")
        }
    }
}
