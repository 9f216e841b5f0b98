import SVGAGeometry
import SVGARaster
import Testing

/// `Antialiasing.skiaCompatible` for fills: exact area for one convex contour, four point-sampled
/// sub-scanlines (y + 1/8, 3/8, 5/8, 7/8) with exact horizontal coverage for everything else,
/// which reproduces the quarter-pixel y snap Skia applies to the edges of such paths. The expected
/// values in the tables were measured with skia-python 144 (the reference renderer's Skia) on the
/// same shapes.
struct SkiaCompatibleAntialiasingTests {
    static let clip = IntRect(x: 0, y: 0, width: 40, height: 40)!

    /// A concave shape (a notch on the right) whose top edge is horizontal at `top`.
    static func notched(top: Double) -> [Polyline] {
        [Polyline(points: [Point(5, top), Point(35, top), Point(20, 20), Point(35, 30), Point(5, 30)], isClosed: true)]
    }
    static func box(top: Double) -> [Polyline] {
        [Polyline(points: [Point(5, top), Point(35, top), Point(35, 30), Point(5, 30)], isClosed: true)]
    }

    static func value(_ mask: CoverageMask?, _ x: Int, _ y: Int) -> Int {
        guard let m = mask else { return 0 }
        let lx = x - m.bounds.x, ly = y - m.bounds.y
        guard lx >= 0, ly >= 0, lx < m.bounds.width, ly < m.bounds.height else { return 0 }
        return Int(m.data[ly * m.bounds.width + lx])
    }

    @Test("a concave shape's horizontal edge moves in quarter-pixel steps, as in Skia",
          arguments: [(10.1, 255), (10.15, 192), (10.3, 192), (10.4, 128), (10.6, 128), (10.9, 0)])
    func concaveEdgeSteps(_ top: Double, _ skia: Int) {
        let mask = Rasterizer.coverage(of: Self.notched(top: top), rule: .nonZero, clip: Self.clip, antialiasing: .skiaCompatible)
        #expect(abs(Self.value(mask, 10, 10) - skia) <= 1, "top \(top): \(Self.value(mask, 10, 10)) vs Skia \(skia)")
    }

    @Test("a convex shape's horizontal edge keeps exact area, as in Skia",
          arguments: [(10.05, 242), (10.15, 216), (10.3, 178), (10.6, 101), (10.9, 25)])
    func convexEdgeIsExact(_ top: Double, _ skia: Int) {
        let mask = Rasterizer.coverage(of: Self.box(top: top), rule: .nonZero, clip: Self.clip, antialiasing: .skiaCompatible)
        #expect(abs(Self.value(mask, 10, 10) - skia) <= 1)
        let exact = Rasterizer.coverage(of: Self.box(top: top), rule: .nonZero, clip: Self.clip)
        #expect(mask == exact)
    }

    @Test("vertical edges get exact horizontal coverage on every sub-scanline", arguments: [10.1, 10.3, 10.6, 10.9])
    func verticalEdgeIsExactHorizontally(_ left: Double) {
        let shape = [Polyline(points: [Point(left, 5), Point(30, 5), Point(20, 20), Point(30, 35), Point(left, 35)], isClosed: true)]
        let mask = Rasterizer.coverage(of: shape, rule: .nonZero, clip: Self.clip, antialiasing: .skiaCompatible)
        let expected = Int(((11 - left) * 255).rounded())
        #expect(abs(Self.value(mask, 10, 25) - expected) <= 1)
    }

    static func square(_ x: Double, _ y: Double, _ s: Double, clockwise: Bool) -> Polyline {
        let pts = [Point(x, y), Point(x + s, y), Point(x + s, y + s), Point(x, y + s)]
        return Polyline(points: clockwise ? pts : pts.reversed(), isClosed: true)
    }

    @Test func fillRulesOnOverlaps() {
        let same = [Self.square(5, 5, 20, clockwise: true), Self.square(15, 15, 20, clockwise: true)]
        let opposite = [Self.square(5, 5, 20, clockwise: true), Self.square(15, 15, 20, clockwise: false)]
        func at(_ p: [Polyline], _ rule: FillRule, _ x: Int, _ y: Int) -> Int {
            Self.value(Rasterizer.coverage(of: p, rule: rule, clip: Self.clip, antialiasing: .skiaCompatible), x, y)
        }
        #expect(at(same, .nonZero, 20, 20) == 255)
        #expect(at(opposite, .nonZero, 20, 20) == 0, "winding +1 −1 = 0 is a hole under nonzero")
        #expect(at(same, .evenOdd, 20, 20) == 0)
        #expect(at(same, .evenOdd, 10, 10) == 255)
        #expect(at(opposite, .nonZero, 10, 10) == 255)
    }

    @Test func farOffAndHugeInputsCostNothing() {
        let far = [Self.square(1e6, 1e6, 50, clockwise: true), Self.square(-1e6, 5, 50, clockwise: true)]
        #expect(Rasterizer.coverage(of: far, rule: .nonZero, clip: Self.clip, antialiasing: .skiaCompatible) == nil)
        // An 8 000-point star crossing every row many times: must finish quickly and stay in 0...255.
        var pts: [Point] = []
        for i in 0..<8_000 {
            let a = Double(i) * 2 * Double.pi / 8_000 * 7919, r = i % 2 == 0 ? 19.0 : 3.0
            pts.append(Point(20 + r * Double.cosine(a), 20 + r * Double.sine(a)))
        }
        let mask = Rasterizer.coverage(of: [Polyline(points: pts, isClosed: true)], rule: .evenOdd, clip: Self.clip, antialiasing: .skiaCompatible)
        #expect(mask != nil)
    }

    @Test func convexity() {
        func poly(_ p: [(Double, Double)]) -> Polyline { Polyline(points: p.map { Point($0.0, $0.1) }, isClosed: true) }
        #expect(poly([(0, 0), (10, 0), (10, 10), (0, 10)]).isConvex)
        #expect(poly([(0, 0), (5, 0), (10, 0), (10, 10), (0, 10)]).isConvex, "collinear points are fine")
        #expect(!poly([(0, 0), (10, 0), (10, 5), (5, 5), (5, 10), (0, 10)]).isConvex, "an L is concave")
        var star: [(Double, Double)] = []
        for k in 0..<5 { let a = Double(k) * 4 * Double.pi / 5; star.append((Double.cosine(a) * 10, Double.sine(a) * 10)) }
        #expect(!poly(star).isConvex, "a pentagram turns one way but crosses itself")
        var circle: [(Double, Double)] = []
        for k in 0..<64 { let a = Double(k) * 2 * Double.pi / 64; circle.append((Double.cosine(a) * 10, Double.sine(a) * 10)) }
        #expect(poly(circle).isConvex)
        #expect(!poly([(0, 0), (10, 0), (5, 0), (5, 5)]).isConvex, "a reversal is not convex")
    }
}
