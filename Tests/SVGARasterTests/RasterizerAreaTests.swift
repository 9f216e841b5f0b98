import SVGAGeometry
import SVGARaster
import Testing

/// sum(coverage) / 255 is the covered area. The rasterizer is exact before the 8-bit rounding,
/// so the tolerance is 0.5/255 per partially covered pixel (plus float noise).
@Suite struct RasterizerAreaTests {
    let clip = IntRect(x: 0, y: 0, width: 64, height: 64)!

    func expectArea(_ polygon: Polyline, _ expected: Double, rule: FillRule = .nonZero,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        let mask = Rasterizer.coverage(of: [polygon], rule: rule, clip: clip)
        let tolerance = Double(TestShapes.partialPixels(mask)) * 0.5 / 255 + 1e-6
        let area = TestShapes.coveredArea(mask)
        #expect(abs(area - expected) <= tolerance, "area \(area), expected \(expected) ± \(tolerance)",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomTriangles(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<20 {
            let pts = (0..<3).map { _ in (Double.random(in: 1..<63, using: &rng), Double.random(in: 1..<63, using: &rng)) }
            let triangle = TestShapes.polygon(pts)
            expectArea(triangle, abs(TestShapes.signedArea(triangle)))
            expectArea(triangle, abs(TestShapes.signedArea(triangle)), rule: .evenOdd)
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomRectangles(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<20 {
            let x = Double.random(in: 0..<40, using: &rng), y = Double.random(in: 0..<40, using: &rng)
            let w = Double.random(in: 0.05..<20, using: &rng), h = Double.random(in: 0.05..<20, using: &rng)
            expectArea(TestShapes.rect(x, y, w, h, clockwise: Bool.random(using: &rng)), w * h)
        }
    }

    @Test(arguments: [3.0, 10.5, 25.25])
    func circleAreaIsPiRSquared(radius: Double) {
        let circle = TestShapes.circle(cx: 32.3, cy: 31.7, r: radius, segments: 512)
        // The 512-gon's own area is exact to the rasterizer; it is within 2.6e-5 relative of πr².
        expectArea(circle, TestShapes.signedArea(circle))
        let area = TestShapes.coveredArea(Rasterizer.coverage(of: [circle], rule: .nonZero, clip: clip))
        #expect(abs(area - Double.pi * radius * radius) / (Double.pi * radius * radius) < 1e-3)
    }

    /// Orientation only matters when contours overlap: one contour is filled the same either way.
    @Test func orientationDoesNotChangeASingleContour() {
        let cw = TestShapes.circle(cx: 20.2, cy: 20.9, r: 13.3, segments: 97, clockwise: true)
        let ccw = TestShapes.circle(cx: 20.2, cy: 20.9, r: 13.3, segments: 97, clockwise: false)
        let a = Rasterizer.coverage(of: [cw], rule: .nonZero, clip: clip)
        let b = Rasterizer.coverage(of: [ccw], rule: .nonZero, clip: clip)
        #expect(a?.bounds == b?.bounds)
        let da: [UInt8] = a?.data ?? [], db: [UInt8] = b?.data ?? []
        var diff = da.count == db.count && !da.isEmpty ? 0 : 99
        for i in da.indices where i < db.count { diff = max(diff, abs(Int(da[i]) - Int(db[i]))) }
        #expect(diff <= 1)
    }
}
