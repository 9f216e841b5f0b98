import SVGARaster
import Testing

/// Straight → premultiplied like Skia: clamp to 0...1, multiply in floating point, round.
@Suite struct PremultipliedColorTests {
    @Test(arguments: [
        // r, g, b, a (straight)            → premultiplied r, g, b, a
        ((1.0, 0.5, 0.0, 0.5), (128, 64, 0, 128)),     // 127.5 → 128, 63.75 → 64
        ((1.0, 1.0, 1.0, 1.0), (255, 255, 255, 255)),
        ((0.2, 0.4, 0.6, 0.0), (0, 0, 0, 0)),
        ((0.3, 0.6, 0.9, 0.8), (61, 122, 184, 204)),   // 61.2, 122.4, 183.6, 204
        ((2.0, -1.0, .nan, 1.5), (255, 0, 0, 255)),    // clamped, NaN → 0
    ] as [((Double, Double, Double, Double), (UInt8, UInt8, UInt8, UInt8))])
    func fromStraight(_ straight: (Double, Double, Double, Double), _ expected: (UInt8, UInt8, UInt8, UInt8)) {
        let c = PremultipliedColorU8.fromStraight(r: straight.0, g: straight.1, b: straight.2, a: straight.3)
        #expect(c.r == expected.0 && c.g == expected.1 && c.b == expected.2 && c.a == expected.3, "\(c)")
    }

    @Test func rejectsChannelAboveAlpha() {
        #expect(PremultipliedColorU8(r: 10, g: 0, b: 0, a: 9) == nil)
        #expect(PremultipliedColorU8(r: 9, g: 9, b: 9, a: 9) != nil)
    }

    /// The invariant holds for every straight input on a coarse grid.
    @Test func channelsNeverExceedAlpha() {
        for a in stride(from: 0.0, through: 1.0, by: 0.01) {
            for r in stride(from: 0.0, through: 1.0, by: 0.05) {
                let c = PremultipliedColorU8.fromStraight(r: r, g: 1, b: r / 2, a: a)
                #expect(c.r <= c.a && c.g <= c.a && c.b <= c.a)
            }
        }
    }
}
