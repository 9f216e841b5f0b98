import SVGAGeometry
import SVGARaster
import Testing

/// Nonzero and even-odd on overlapping contours. These are the real rules (as Skia and
/// TrueType use them): the winding numbers of all contours add up, so an overlap wound +1 and
/// −1 has winding 0 and is a hole under nonzero; overlaps only union when they share an
/// orientation. Tolerance: exact, the shapes are pixel-aligned or the pixels sampled are interior.
@Suite struct RasterizerFillRuleTests {
    let clip = IntRect(x: 0, y: 0, width: 8, height: 4)!

    /// Squares [0,4)×[0,4) and [2,6)×[0,4): overlap is columns 2 and 3.
    func overlapping(sameOrientation: Bool, rule: FillRule) -> String {
        let a = TestShapes.rect(0, 0, 4, 4, clockwise: true)
        let b = TestShapes.rect(2, 0, 4, 4, clockwise: sameOrientation)
        return CoverageGrid.render(Rasterizer.coverage(of: [a, b], rule: rule, clip: clip), width: 8, height: 1)
    }

    @Test func sameOrientationOverlapUnionsUnderNonzero() {
        #expect(overlapping(sameOrientation: true, rule: .nonZero) == CoverageGrid.literal("255 255 255 255 255 255 0 0"))
    }

    @Test func sameOrientationOverlapIsEmptyUnderEvenOdd() {
        #expect(overlapping(sameOrientation: true, rule: .evenOdd) == CoverageGrid.literal("255 255 0 0 255 255 0 0"))
    }

    @Test func oppositeOrientationOverlapHasWindingZero() {
        #expect(overlapping(sameOrientation: false, rule: .nonZero) == CoverageGrid.literal("255 255 0 0 255 255 0 0"))
        #expect(overlapping(sameOrientation: false, rule: .evenOdd) == CoverageGrid.literal("255 255 0 0 255 255 0 0"))
    }

    /// Opposite-wound rectangles meeting inside a pixel column (x = 2.5): the seam pixel is
    /// covered half by +1 and half by −1, so it is fully inside under both rules. Plain signed
    /// area accumulation would sum 0.5 − 0.5 and leave a dark seam.
    @Test func oppositeWoundSeamInsideAPixelLeavesNoGap() {
        let a = TestShapes.rect(0, 0, 2.5, 4, clockwise: true)
        let b = TestShapes.rect(2.5, 0, 2.5, 4, clockwise: false)
        for rule in [FillRule.nonZero, .evenOdd] {
            let mask = Rasterizer.coverage(of: [a, b], rule: rule, clip: clip)
            #expect(CoverageGrid.render(mask, width: 8, height: 1) == CoverageGrid.literal("255 255 255 255 255 0 0 0"))
        }
    }

    /// Same-wound rectangles overlapping inside one pixel column: [0, 2.75) and [2.25, 5). Pixel 2
    /// is covered once by both (union 1.0), twice on [2.25, 2.75): even-odd leaves 0.5 → 128.
    @Test func overlapInsideOnePixel() {
        let a = TestShapes.rect(0, 0, 2.75, 4), b = TestShapes.rect(2.25, 0, 2.75, 4)
        let nonzero = Rasterizer.coverage(of: [a, b], rule: .nonZero, clip: clip)
        let evenOdd = Rasterizer.coverage(of: [a, b], rule: .evenOdd, clip: clip)
        #expect(CoverageGrid.render(nonzero, width: 8, height: 1) == CoverageGrid.literal("255 255 255 255 255 0 0 0"))
        #expect(CoverageGrid.render(evenOdd, width: 8, height: 1) == CoverageGrid.literal("255 255 128 255 255 0 0 0"))
    }

    /// A pentagram's centre pentagon has winding ±2: filled under nonzero, empty under even-odd;
    /// its points (winding ±1) are filled under both.
    @Test func selfIntersectingStar() {
        let clip = IntRect(x: 0, y: 0, width: 40, height: 40)!
        let star = TestShapes.star(cx: 20, cy: 20, r: 19)
        let nonzero = Rasterizer.coverage(of: [star], rule: .nonZero, clip: clip)
        let evenOdd = Rasterizer.coverage(of: [star], rule: .evenOdd, clip: clip)
        #expect(nonzero?.coverage(atX: 20, y: 20) == 255)
        #expect(evenOdd?.coverage(atX: 20, y: 20) == 0)
        // Top point: (20, 1) … well inside the point at (20, 5).
        #expect(nonzero?.coverage(atX: 19, y: 5) == 255)
        #expect(evenOdd?.coverage(atX: 19, y: 5) == 255)
        // The areas differ by exactly the inner pentagon (r_in = r · cos(72°) / cos(36°)).
        let inner = 19 * Double.cosine(72 * Double.pi / 180) / Double.cosine(36 * Double.pi / 180)
        let pentagon = 2.5 * inner * inner * Double.sine(72 * Double.pi / 180)
        let difference = TestShapes.coveredArea(nonzero) - TestShapes.coveredArea(evenOdd)
        #expect(abs(difference - pentagon) < 0.5, "difference \(difference), pentagon \(pentagon)")
    }

    /// A ring as glyphs and SVG paths draw it: outer and inner contours of opposite orientation
    /// make a hole under nonzero; of the same orientation the hole fills under nonzero only.
    @Test(arguments: [true, false])
    func ringHole(innerSameOrientation: Bool) {
        let clip = IntRect(x: 0, y: 0, width: 10, height: 10)!
        let outer = TestShapes.rect(1, 1, 8, 8, clockwise: true)
        let inner = TestShapes.rect(3, 3, 4, 4, clockwise: innerSameOrientation)
        let nonzero = Rasterizer.coverage(of: [outer, inner], rule: .nonZero, clip: clip)
        let evenOdd = Rasterizer.coverage(of: [outer, inner], rule: .evenOdd, clip: clip)
        #expect(nonzero?.coverage(atX: 5, y: 5) == (innerSameOrientation ? 255 : 0))
        #expect(evenOdd?.coverage(atX: 5, y: 5) == 0)
        #expect(nonzero?.coverage(atX: 2, y: 5) == 255)
        #expect(evenOdd?.coverage(atX: 2, y: 5) == 255)
    }

    /// Everything cancels: a contour and its exact reverse. Nothing is covered → nil.
    @Test func contourAndItsReverseCancel() {
        let a = TestShapes.circle(cx: 4, cy: 2, r: 1.7, segments: 33, clockwise: true)
        let b = Polyline(points: a.points.reversed(), isClosed: true)
        #expect(Rasterizer.coverage(of: [a, b], rule: .nonZero, clip: clip) == nil)
        #expect(Rasterizer.coverage(of: [a, a], rule: .evenOdd, clip: clip) == nil)
    }
}
