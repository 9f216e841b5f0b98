import SVGAGeometry
import SVGARaster
import Testing

/// Bitmap drawing (spec A.4): Skia's bilinear sampling on known values (checked against
/// skia-python m144, the reference renderer's library), the integer translation copy, and each
/// fast sampler against the scalar definition and the textbook Double lerp.
@Suite struct ImageBlitterTests {
    static func grey(_ values: [UInt8], width: Int) -> Pixmap {
        Pixmap(width: width, height: values.count / width, premultipliedRGBA: values.flatMap { [$0, $0, $0, 255] })!
    }

    /// A 2×2 image (texels 0, 100 / 200, 40) scaled ×2 onto 4×4. Device pixel x maps to
    /// u = (x + 0.5) / 2 − 0.5 in texel-centre space: −0.25 (clamped: texel 0), 0.25, 0.75, 1.25
    /// (clamped: texel 1). E.g. (1, 1): u = v = 0.25 → top 25, bottom 160 → 58.75 → 59.
    @Test(arguments: [
        (0, 0, 0), (3, 3, 40), (3, 0, 100), (0, 3, 200),
        (1, 1, 59), (2, 1, 76), (1, 2, 126), (2, 2, 79), (0, 1, 50),
    ] as [(Int, Int, UInt8)])
    func bilinearKnownSamples(x: Int, y: Int, expected: UInt8) {
        let image = ImageBlitterTests.grey([0, 100, 200, 40], width: 2)
        var canvas = Pixmap(width: 4, height: 4)!
        let mask = CoverageMask(bounds: canvas.bounds, filledWith: 255)
        canvas.drawImage(image, imageToDevice: .scale(2), alpha: 1, mask: mask, clip: nil)
        #expect(canvas.pixel(x: x, y: y) == (expected, expected, expected, 255))
    }

    /// Integer translation: an exact copy (no blur), clamp-to-edge outside the image.
    @Test func integerTranslationCopiesExactly() {
        var rng = SeededGenerator(seed: 71)
        let image = RandomImages.pixmap(width: 7, height: 5, using: &rng)
        var canvas = Pixmap(width: 12, height: 9)!
        let rect = IntRect(x: 3, y: 2, width: 7, height: 5)!
        canvas.drawImage(image, imageToDevice: .translation(3, 2), alpha: 1,
                         mask: CoverageMask(bounds: rect, filledWith: 255), clip: nil)
        for y in 0..<9 {
            for x in 0..<12 {
                let inside = x >= 3 && x < 10 && y >= 2 && y < 7
                let expected = inside ? image.pixel(x: x - 3, y: y - 2) : (0, 0, 0, 0)
                #expect(canvas.pixel(x: x, y: y) == expected, "(\(x), \(y))")
            }
        }
    }

    /// Skia's fixed point on a ramp: a 2×1 image (black, white) stretched ×256. Device x = 128 + k
    /// samples u − 0.5 = (k + 0.5)/256, whose textbook values round to 0, 1, 2, 3, 4, 5; the
    /// reference renderer's 16.16 position and 7-bit row lerp give 1, 2, 2, 3, 4, 5 (read from
    /// skia-python), and so must we.
    @Test func fixedPointRampMatchesSkia() {
        let image = ImageBlitterTests.grey([0, 255], width: 2)
        var canvas = Pixmap(width: 512, height: 4)!
        let mask = CoverageMask(bounds: canvas.bounds, filledWith: 255)
        canvas.drawImage(image, imageToDevice: Transform(a: 256, b: 0, c: 0, d: 4, tx: 0, ty: 0), alpha: 1, mask: mask, clip: nil)
        let skia: [UInt8] = [0, 0, 1, 2, 2, 3, 4, 5]
        #expect((126..<134).map { canvas.pixel(x: $0, y: 1).r } == skia)
        #expect((380..<386).map { canvas.pixel(x: $0, y: 1).r } == [252, 253, 254, 255, 255, 255])
    }

    /// Alpha is Skia's byte c = round(alpha · 255), applied as (v · c + 255) >> 8 (values read from
    /// skia-python): 200 at 0.5 (c = 128) → 100, alpha 128; at 0.3 (c = 77) → 61, where the
    /// textbook 200 × 0.3 would be 60.
    @Test func alphaModulation() {
        let image = Pixmap(width: 1, height: 1, premultipliedRGBA: [200, 0, 0, 255])!
        var canvas = Pixmap(width: 1, height: 1)!
        let mask = CoverageMask(bounds: canvas.bounds, filledWith: 255)
        canvas.drawImage(image, imageToDevice: .identity, alpha: 0.5, mask: mask, clip: nil)
        #expect(canvas.data == [100, 0, 0, 128])
        var other = Pixmap(width: 1, height: 1)!
        other.drawImage(image, imageToDevice: .scale(1.5), alpha: 0.3, mask: mask, clip: nil)
        #expect(other.data == [61, 0, 0, 77])
    }

    /// Degenerate transforms and alpha draw nothing.
    @Test func degenerateDrawsNothing() {
        let image = ImageBlitterTests.grey([9], width: 1)
        let mask = CoverageMask(bounds: IntRect(x: 0, y: 0, width: 2, height: 2)!, filledWith: 255)
        for (t, alpha) in [(Transform.scale(0), 1.0), (.identity, 0), (.identity, .nan),
                           (Transform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0), 1)] {
            var canvas = Pixmap(width: 2, height: 2)!
            canvas.drawImage(image, imageToDevice: t, alpha: alpha, mask: mask, clip: nil)
            #expect(canvas.data.allSatisfy { $0 == 0 })
        }
    }

    enum Kind: CaseIterable, Sendable { case translation, axisAligned, affine, mirrored, tinyScale, hugeScale, skew }

    static func transform(_ kind: Kind, using rng: inout SeededGenerator) -> Transform {
        switch kind {
        case .translation:
            return .translation(Double(Int.random(in: -4...9, using: &rng)), Double(Int.random(in: -4...9, using: &rng)))
        case .axisAligned:
            let sx = Double.random(in: 0.3...3.5, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let sy = Double.random(in: 0.3...3.5, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            return Transform(a: sx, b: 0, c: 0, d: sy, tx: Double.random(in: -3...18, using: &rng),
                             ty: Double.random(in: -3...18, using: &rng))
        case .affine:
            let r = Transform.rotation(Double.random(in: 0.05...6.2, using: &rng))
            let s = Transform(a: Double.random(in: 0.4...3, using: &rng), b: 0, c: Double.random(in: -0.5...0.5, using: &rng),
                              d: Double.random(in: 0.4...3, using: &rng), tx: 0, ty: 0)
            return Transform.translation(Double.random(in: 0...16, using: &rng), Double.random(in: 0...16, using: &rng)) * r * s
        case .mirrored:
            let flip = Transform(a: Bool.random(using: &rng) ? -1 : 1, b: 0, c: 0, d: Bool.random(using: &rng) ? -1 : 1, tx: 0, ty: 0)
            let r = Transform.rotation(Double.random(in: -0.3...0.3, using: &rng))
            return Transform.translation(Double.random(in: 2...18, using: &rng), Double.random(in: 2...16, using: &rng)) * r * flip
                * .scale(Double.random(in: 0.7...2.5, using: &rng))
        case .tinyScale:
            let r = Transform.rotation(Double.random(in: 0...6.2, using: &rng))
            return Transform.translation(Double.random(in: 0...18, using: &rng), Double.random(in: 0...16, using: &rng)) * r
                * .scale(Double.random(in: 0.01...0.3, using: &rng))
        case .hugeScale:
            let r = Transform.rotation(Bool.random(using: &rng) ? 0 : Double.random(in: 0...6.2, using: &rng))
            return Transform.translation(Double.random(in: -40...10, using: &rng), Double.random(in: -40...10, using: &rng)) * r
                * .scale(Double.random(in: 8...60, using: &rng))
        case .skew:
            return Transform(a: Double.random(in: 0.5...2, using: &rng), b: Double.random(in: -1...1, using: &rng),
                             c: Double.random(in: -1.5...1.5, using: &rng), d: Double.random(in: 0.5...2, using: &rng),
                             tx: Double.random(in: -4...16, using: &rng), ty: Double.random(in: -4...16, using: &rng))
        }
    }

    /// Fast vs both oracles on random images, transforms (mirrors, rotations, skews, tiny and huge
    /// scales, images hanging over every edge), alphas, masks and clips.
    /// - The scalar sampler is the fixed-point definition: translation and axis-aligned draws equal
    ///   it exactly; rotated and skewed ones within 1, where the fast interior steps the position
    ///   in 32.32 fixed point and can round it to the neighbouring 1/65536.
    /// - The textbook Double lerp (`drawImageReference`) differs from Skia's fixed point by at
    ///   most 1 at alpha 1 (the row lerp keeps 7 fractional bits) and 2 below it (the alpha is a
    ///   byte, applied with a +255 bias), and the translation copy is exact at alpha 1.
    @Test(arguments: Kind.allCases)
    func fastMatchesReference(kind: Kind) {
        var rng = SeededGenerator(seed: 80 + UInt64(Kind.allCases.firstIndex(of: kind)!))
        var worstOpaque = 0, worstTranslucent = 0, worstScalar = 0
        for _ in 0..<200 {
            let image = RandomImages.pixmap(width: Int.random(in: 1...9, using: &rng), height: Int.random(in: 1...9, using: &rng), using: &rng)
            let canvasBase = RandomImages.pixmap(width: 20, height: 18, using: &rng)
            let t = ImageBlitterTests.transform(kind, using: &rng)
            let alpha = Bool.random(using: &rng) ? 1 : Double.random(in: 0.01...1, using: &rng)
            let mask = RandomImages.mask(RandomImages.rect(within: 20, 18, margin: 3, using: &rng), using: &rng)
            let clip = Bool.random(using: &rng) ? RandomImages.mask(RandomImages.rect(within: 20, 18, margin: 3, using: &rng), using: &rng) : nil
            var fast = canvasBase, slow = canvasBase, scalar = canvasBase
            fast.drawImage(image, imageToDevice: t, alpha: alpha, mask: mask, clip: clip)
            slow.drawImageReference(image, imageToDevice: t, alpha: alpha, mask: mask, clip: clip)
            scalar.drawImageScalar(image, imageToDevice: t, alpha: alpha, mask: mask, clip: clip)
            let difference = RandomImages.maxDifference(fast, slow)
            if alpha == 1 { worstOpaque = max(worstOpaque, difference) } else { worstTranslucent = max(worstTranslucent, difference) }
            worstScalar = max(worstScalar, RandomImages.maxDifference(fast, scalar))
            #expect(RandomImages.isPremultiplied(fast))
        }
        #expect(worstOpaque <= (kind == .translation ? 0 : 1), "\(kind): max difference to the reference at alpha 1: \(worstOpaque)")
        #expect(worstTranslucent <= 2, "\(kind): max difference to the reference below alpha 1: \(worstTranslucent)")
        let exact = kind == .translation || kind == .axisAligned
        #expect(worstScalar <= (exact ? 0 : 1), "\(kind): max difference to the scalar sampler \(worstScalar)")
    }
}
