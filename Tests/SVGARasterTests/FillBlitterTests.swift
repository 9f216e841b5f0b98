import SVGARaster
import Testing

/// Solid fills: the source-over formula on known values, and the fast row kernels (opaque,
/// translucent, clipped) held exactly to `fillReference` on random input.
@Suite struct FillBlitterTests {
    /// 50 % red (premultiplied 128, 0, 0, 128) over opaque blue:
    /// r = 128 + round(0 · 127/255) = 128, b = 0 + round(255 · 127/255) = 127, a = 128 + 127.
    @Test func sourceOverKnownValue() {
        var p = Pixmap(width: 1, height: 1, premultipliedRGBA: [0, 0, 255, 255])!
        let mask = CoverageMask(bounds: IntRect(x: 0, y: 0, width: 1, height: 1)!, filledWith: 255)
        p.fill(mask, color: PremultipliedColorU8(r: 128, g: 0, b: 0, a: 128)!, clip: nil)
        #expect(p.data == [128, 0, 127, 255])
    }

    /// Coverage scales the source first: 64/255 of opaque white over transparent is 64 grey-alpha.
    /// With a 128 clip: div255(64 · 128) = 32.
    @Test func coverageAndClipScaleTheSource() {
        let bounds = IntRect(x: 0, y: 0, width: 1, height: 1)!
        var p = Pixmap(width: 1, height: 1)!
        p.fill(CoverageMask(bounds: bounds, filledWith: 64), color: PremultipliedColorU8(r: 255, g: 255, b: 255, a: 255)!, clip: nil)
        #expect(p.data == [64, 64, 64, 64])
        var q = Pixmap(width: 1, height: 1)!
        q.fill(CoverageMask(bounds: bounds, filledWith: 64), color: PremultipliedColorU8(r: 255, g: 0, b: 0, a: 255)!,
               clip: CoverageMask(bounds: bounds, filledWith: 128))
        #expect(q.data == [32, 0, 0, 32])
    }

    /// div255 rounds exactly: checked through a fill for every (colour, coverage) pair, since a
    /// single-channel fill over transparent stores exactly div255(c · k).
    @Test func roundingDivideIsExact() {
        let bounds = IntRect(x: 0, y: 0, width: 256, height: 1)!
        let mask = CoverageMask(bounds: bounds, data: (0...255).map { UInt8($0) })
        for c in 0...255 {
            var p = Pixmap(width: 256, height: 1)!
            p.fill(mask, color: PremultipliedColorU8(r: UInt8(c), g: 0, b: 0, a: UInt8(c))!, clip: nil)
            for k in 0...255 {
                let expected = UInt8((Double(c * k) / 255).rounded())
                if p.data[k * 4] != expected { Issue.record("c \(c) k \(k): \(p.data[k * 4]) ≠ \(expected)"); return }
            }
        }
    }

    @Test(arguments: [41, 42, 43, 44, 45, 46, 47, 48] as [UInt64])
    func fastMatchesReference(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<8 {
            let w = Int.random(in: 1...23, using: &rng), h = Int.random(in: 1...17, using: &rng)
            let base = RandomImages.pixmap(width: w, height: h, using: &rng)
            let mask = RandomImages.mask(RandomImages.rect(within: w, h, margin: 5, using: &rng), using: &rng)
            let clip = Bool.random(using: &rng)
                ? RandomImages.mask(RandomImages.rect(within: w, h, margin: 5, using: &rng), using: &rng) : nil
            var color = RandomImages.color(using: &rng)
            if Int.random(in: 0..<3, using: &rng) == 0 {   // exercise the opaque kernel often
                color = PremultipliedColorU8(r: color.r, g: color.g, b: color.b, a: 255)!
            }
            var fast = base, slow = base
            fast.fill(mask, color: color, clip: clip)
            slow.fillReference(mask, color: color, clip: clip)
            #expect(fast == slow, "seed \(seed): \(w)×\(h) mask \(mask.bounds) clip \(String(describing: clip?.bounds)) colour \(color)")
            #expect(RandomImages.isPremultiplied(fast))
        }
    }
}
