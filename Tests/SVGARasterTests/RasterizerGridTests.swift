import SVGAGeometry
import SVGARaster
import Testing

/// Tiny cases whose exact area coverage can be read off a grid (brief: a half-covered pixel is
/// 127.5 → 128, a quarter 63.75 → 64). Tolerance: exact.
@Suite struct RasterizerGridTests {
    let clip = IntRect(x: 0, y: 0, width: 4, height: 4)!

    @Test func squareOnHalfPixelOffsets() {
        let mask = Rasterizer.coverage(of: [TestShapes.rect(0.5, 0.5, 2, 2)], rule: .nonZero, clip: clip)
        #expect(CoverageGrid.render(mask, width: 4, height: 4) == CoverageGrid.literal("""
             64 128  64   0
            128 255 128   0
             64 128  64   0
              0   0   0   0
            """))
        #expect(mask?.bounds == IntRect(x: 0, y: 0, width: 3, height: 3))
    }

    @Test func diagonalHalvesPixels() {
        let mask = Rasterizer.coverage(of: [TestShapes.polygon([(0, 0), (4, 0), (0, 4)])], rule: .nonZero, clip: clip)
        #expect(CoverageGrid.render(mask, width: 4, height: 4) == CoverageGrid.literal("""
            255 255 255 128
            255 255 128   0
            255 128   0   0
            128   0   0   0
            """))
    }

    @Test func quarterPixelBar() {
        let mask = Rasterizer.coverage(of: [TestShapes.rect(1.5, 1, 0.25, 2, clockwise: false)], rule: .evenOdd, clip: clip)
        #expect(CoverageGrid.render(mask, width: 4, height: 4) == CoverageGrid.literal("""
              0   0   0   0
              0  64   0   0
              0  64   0   0
              0   0   0   0
            """))
        #expect(mask?.bounds == IntRect(x: 1, y: 1, width: 1, height: 2))
    }

    @Test func pixelAlignedRectangleIsSolidWithTightBounds() {
        let mask = Rasterizer.coverage(of: [TestShapes.rect(1, 0, 2, 3)], rule: .nonZero, clip: clip)
        #expect(mask?.bounds == IntRect(x: 1, y: 0, width: 2, height: 3))
        #expect(mask?.data.allSatisfy { $0 == 255 } == true)
    }

    /// A triangle inside one pixel: area 0.5 · 0.5 · 0.5 = 0.125 → 31.875 → 32.
    @Test func subPixelTriangle() {
        let mask = Rasterizer.coverage(of: [TestShapes.polygon([(2.25, 1.25), (2.75, 1.25), (2.25, 1.75)])],
                                       rule: .nonZero, clip: clip)
        #expect(CoverageGrid.render(mask, width: 4, height: 4) == CoverageGrid.literal("""
              0   0   0   0
              0   0  32   0
              0   0   0   0
              0   0   0   0
            """))
    }

    /// Forty half-pixel bars in one row: 80 touched spans, more than the accumulator sorts
    /// (`sparseSpanLimit`), so the row is resolved densely; the result must not change.
    @Test func manySpansInOneRow() {
        let clip = IntRect(x: 0, y: 0, width: 80, height: 1)!
        let bars = (0..<40).map { k in TestShapes.rect(Double(2 * k) + 0.25, 0, 0.5, 1) }
        let mask = Rasterizer.coverage(of: bars, rule: .nonZero, clip: clip)
        let expected = (0..<80).map { $0 % 2 == 0 ? "128" : "0" }.joined(separator: " ")
        #expect(CoverageGrid.render(mask, width: 80, height: 1) == CoverageGrid.literal(expected))
        // The same bars a few at a time (sorted-span path) agree.
        let few = Rasterizer.coverage(of: Array(bars[0..<5]), rule: .nonZero, clip: clip)
        #expect(CoverageGrid.render(few, width: 10, height: 1) == CoverageGrid.literal("128 0 128 0 128 0 128 0 128 0"))
    }
}
