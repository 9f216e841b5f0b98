import SVGARaster
import Testing

/// Layer source-over and destination-in (mattes, spec A.6): known values, and the fast passes
/// held exactly to their reference twins on random premultiplied pixmaps.
@Suite struct LayerBlitterTests {
    @Test func compositeKnownValues() {
        var canvas = Pixmap(width: 3, height: 1, premultipliedRGBA: [0, 0, 255, 255, 10, 20, 30, 40, 9, 9, 9, 9])!
        let layer = Pixmap(width: 3, height: 1, premultipliedRGBA: [128, 0, 0, 128, 0, 0, 0, 0, 1, 2, 3, 255])!
        canvas.compositeSourceOver(layer)
        #expect(canvas.data == [128, 0, 127, 255, 10, 20, 30, 40, 1, 2, 3, 255])
    }

    /// Matte alpha 0 clears, 255 keeps, 128 halves with rounding (200 · 128 / 255 = 100.39 → 100).
    @Test func multiplyByAlphaKnownValues() {
        var layer = Pixmap(width: 3, height: 1, premultipliedRGBA: [200, 100, 50, 200, 200, 100, 50, 200, 200, 100, 50, 200])!
        let matte = Pixmap(width: 3, height: 1, premultipliedRGBA: [9, 9, 9, 0, 0, 0, 0, 255, 0, 0, 0, 128])!
        layer.multiplyByAlpha(of: matte)
        #expect(layer.data == [0, 0, 0, 0, 200, 100, 50, 200, 100, 50, 25, 100])
    }

    @Test(arguments: [51, 52, 53, 54] as [UInt64])
    func fastMatchesReference(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<6 {
            let w = Int.random(in: 1...31, using: &rng), h = Int.random(in: 1...9, using: &rng)
            let base = RandomImages.pixmap(width: w, height: h, using: &rng)
            let other = RandomImages.pixmap(width: w, height: h, using: &rng)
            var fast = base, slow = base
            fast.compositeSourceOver(other)
            slow.compositeSourceOverReference(other)
            #expect(fast == slow, "composite, seed \(seed)")
            #expect(RandomImages.isPremultiplied(fast))
            fast = base; slow = base
            fast.multiplyByAlpha(of: other)
            slow.multiplyByAlphaReference(of: other)
            #expect(fast == slow, "multiply, seed \(seed)")
        }
    }
}
