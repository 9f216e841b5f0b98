import SVGAGeometry
import SVGARaster
import Testing

/// The early clip (brief §1): far-off and huge paths cost nothing and are right; a path partly
/// outside the clip gives exactly the in-clip part of an unclipped render.
@Suite struct RasterizerClipTests {
    /// A 10⁷-pixel circle, flattened finely (16384 sides: the sagitta is 0.19 px), against
    /// 100 × 100 clips deep inside and far outside. Must finish in well under a second even
    /// in a debug build.
    @Test func hugeCircleAgainstSmallClips() {
        let circle = TestShapes.circle(cx: 0, cy: 0, r: 1e7, segments: 16384)
        let inside = IntRect(x: 5_000_000, y: -300, width: 100, height: 100)!
        let outside = IntRect(x: 9_000_000, y: 9_000_000, width: 100, height: 100)!
        let start = ContinuousClock.now
        let full = Rasterizer.coverage(of: [circle], rule: .nonZero, clip: inside)
        let empty = Rasterizer.coverage(of: [circle], rule: .evenOdd, clip: outside)
        let elapsed = ContinuousClock.now - start
        #expect(full?.bounds == inside)
        #expect(full?.data.allSatisfy { $0 == 255 } == true)
        #expect(empty == nil)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }

    /// Completely outside on each side: nil, whatever the winding.
    @Test(arguments: [(-50.0, 10.0), (150.0, 10.0), (10.0, -50.0), (10.0, 150.0)])
    func offClipShapeIsNil(x: Double, y: Double) {
        let clip = IntRect(x: 0, y: 0, width: 100, height: 100)!
        #expect(Rasterizer.coverage(of: [TestShapes.rect(x, y, 20, 20)], rule: .nonZero, clip: clip) == nil)
    }

    /// Random polygons (self-intersecting, both rules) partly outside a clip: the clipped render
    /// equals the same region of a render with a clip large enough to hold everything.
    /// Tolerance ±1: the cut edges are re-interpolated, which moves them by ~1e-15 px.
    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func clippedEqualsCroppedUnclipped(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let big = IntRect(x: -60, y: -60, width: 180, height: 180)!
        let clip = IntRect(x: 10, y: 15, width: 37, height: 29)!
        for _ in 0..<6 {
            let n = Int.random(in: 3...9, using: &rng)
            let poly = TestShapes.polygon((0..<n).map { _ in
                (Double.random(in: -50..<110, using: &rng), Double.random(in: -50..<110, using: &rng))
            })
            for rule in [FillRule.nonZero, .evenOdd] {
                let whole = Rasterizer.coverage(of: [poly], rule: rule, clip: big)
                let part = Rasterizer.coverage(of: [poly], rule: rule, clip: clip)
                var worst = 0
                for y in clip.y..<clip.maxY {
                    for x in clip.x..<clip.maxX {
                        let a = Int(whole?.coverage(atX: x, y: y) ?? 0), b = Int(part?.coverage(atX: x, y: y) ?? 0)
                        worst = max(worst, abs(a - b))
                    }
                }
                #expect(worst <= 1, "seed \(seed) rule \(rule): max difference \(worst)")
                if let part {
                    #expect(part.bounds.intersection(clip) == part.bounds)
                }
            }
        }
    }

    /// Spec A.8: a polygon with a non-finite point is ignored, the others still draw.
    @Test func nonFinitePolygonIgnored() {
        let clip = IntRect(x: 0, y: 0, width: 10, height: 10)!
        let bad = Polyline(points: [Point(1, 1), Point(.nan, 5), Point(8, 8)], isClosed: true)
        let worse = Polyline(points: [Point(1, 1), Point(.infinity, 1), Point(8, 8)], isClosed: true)
        let good = TestShapes.rect(2, 2, 3, 3)
        #expect(Rasterizer.coverage(of: [bad, worse], rule: .nonZero, clip: clip) == nil)
        let mask = Rasterizer.coverage(of: [bad, good, worse], rule: .nonZero, clip: clip)
        #expect(mask?.bounds == IntRect(x: 2, y: 2, width: 3, height: 3))
        #expect(TestShapes.coveredArea(mask) == 9)
    }

    /// Degenerate input draws nothing: no polygons, too few points, zero area.
    @Test func degenerateInputsAreNil() {
        let clip = IntRect(x: 0, y: 0, width: 10, height: 10)!
        #expect(Rasterizer.coverage(of: [], rule: .nonZero, clip: clip) == nil)
        #expect(Rasterizer.coverage(of: [TestShapes.polygon([(1, 1), (5, 5)])], rule: .nonZero, clip: clip) == nil)
        #expect(Rasterizer.coverage(of: [TestShapes.polygon([(1, 1), (5, 5), (9, 9)])], rule: .nonZero, clip: clip) == nil)
        #expect(Rasterizer.coverage(of: [TestShapes.rect(3, 3, 4, 0)], rule: .nonZero, clip: clip) == nil)
    }

    /// Coordinates near the largest Double must not trap or draw garbage.
    @Test func extremeCoordinatesDoNotTrap() {
        let clip = IntRect(x: 0, y: 0, width: 10, height: 10)!
        let m = Double.greatestFiniteMagnitude
        let poly = TestShapes.polygon([(-m, -m), (m, -m / 2), (m / 3, m), (5, 5)])
        let mask = Rasterizer.coverage(of: [poly], rule: .nonZero, clip: clip)
        if let mask { #expect(mask.bounds.intersection(clip) == mask.bounds) }
    }

    /// A shape crossing the clip's left edge keeps its winding at the clamped edge: the clip
    /// region it covers is solid from clip.x on.
    @Test func leftOverhangCarriesWinding() {
        let clip = IntRect(x: 10, y: 0, width: 10, height: 4)!
        let mask = Rasterizer.coverage(of: [TestShapes.rect(-1000, 0, 1014.5, 4)], rule: .nonZero, clip: clip)
        #expect(CoverageGrid.render(mask, width: 10, height: 1, x: 10) == CoverageGrid.literal("255 255 255 255 128 0 0 0 0 0"))
        #expect(mask?.bounds == IntRect(x: 10, y: 0, width: 5, height: 4))
    }

    /// A shape crossing the right edge runs on to clip.maxX.
    @Test func rightOverhangRunsToClipEdge() {
        let clip = IntRect(x: 0, y: 0, width: 10, height: 2)!
        let mask = Rasterizer.coverage(of: [TestShapes.rect(6.5, 0, 1e9, 2)], rule: .nonZero, clip: clip)
        #expect(CoverageGrid.render(mask, width: 10, height: 1) == CoverageGrid.literal("0 0 0 0 0 0 128 255 255 255"))
        #expect(mask?.bounds == IntRect(x: 6, y: 0, width: 4, height: 2))
    }
}
