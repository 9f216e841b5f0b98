import SVGARaster
import Testing

/// Mask intersection: product with rounding over the overlap of the bounds.
@Suite struct CoverageMaskOpsTests {
    @Test func productOverTheOverlap() {
        let a = CoverageMask(bounds: IntRect(x: 0, y: 0, width: 3, height: 1)!, data: [255, 128, 64])
        let b = CoverageMask(bounds: IntRect(x: 1, y: 0, width: 3, height: 2)!, data: [128, 128, 9, 1, 1, 1])
        let c = a.intersected(with: b)
        #expect(c?.bounds == IntRect(x: 1, y: 0, width: 2, height: 1))
        #expect(c?.data == [64, 32])   // 128·128/255 = 64.25, 64·128/255 = 32.1
    }

    @Test func disjointOrZeroIsNil() {
        let a = CoverageMask(bounds: IntRect(x: 0, y: 0, width: 2, height: 2)!, filledWith: 255)
        let far = CoverageMask(bounds: IntRect(x: 5, y: 5, width: 2, height: 2)!, filledWith: 255)
        let zero = CoverageMask(bounds: IntRect(x: 1, y: 1, width: 2, height: 2)!, filledWith: 0)
        #expect(a.intersected(with: far) == nil)
        #expect(a.intersected(with: zero) == nil)
        // 1 · 1 / 255 rounds to 0 everywhere: also nil.
        let faint = CoverageMask(bounds: a.bounds, filledWith: 1)
        #expect(faint.intersected(with: faint) == nil)
    }

    @Test(arguments: [61, 62, 63] as [UInt64])
    func matchesPerPixelProduct(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<10 {
            let a = RandomImages.mask(RandomImages.rect(within: 12, 12, margin: 4, using: &rng), using: &rng)
            let b = RandomImages.mask(RandomImages.rect(within: 12, 12, margin: 4, using: &rng), using: &rng)
            let c = a.intersected(with: b)
            #expect(c == b.intersected(with: a))
            for y in -4..<16 {
                for x in -4..<16 {
                    let expected = UInt8((Double(Int(a.coverage(atX: x, y: y)) * Int(b.coverage(atX: x, y: y))) / 255).rounded())
                    #expect((c?.coverage(atX: x, y: y) ?? 0) == expected)
                }
            }
        }
    }
}
