import SVGARaster
import Testing

/// The PNG boundary: straight ↔ premultiplied with rounding.
@Suite struct StraightAlphaTests {
    @Test func premultiplyKnownValues() {
        // 255·128/255 = 128; 100·128/255 = 50.2 → 50; 1·1/255 → 0; alpha 0 → all 0.
        let p = Pixmap(width: 3, height: 1, straightRGBA: [255, 100, 1, 128, 1, 2, 3, 1, 200, 100, 50, 0])!
        #expect(p.data == [128, 50, 1, 128, 0, 0, 0, 1, 0, 0, 0, 0])
    }

    @Test func unpremultiplyKnownValues() {
        // 50·255/128 = 99.6 → 100; a = 0 → 0,0,0,0; channel > alpha (not premultiplied) capped.
        let p = Pixmap(width: 3, height: 1, premultipliedRGBA: [128, 50, 1, 128, 7, 7, 7, 0, 200, 3, 0, 100])!
        #expect(p.straightRGBA() == [255, 100, 2, 128, 0, 0, 0, 0, 255, 8, 0, 100])
    }

    /// Opaque pixels round-trip exactly both ways; every (c, a) premultiplied value survives
    /// premultiplied → straight → premultiplied exactly.
    @Test func roundTrips() {
        var straight: [UInt8] = []
        for c in 0...255 { straight += [UInt8(c), UInt8(255 - c), UInt8(c / 2), 255] }
        let opaque = Pixmap(width: 256, height: 1, straightRGBA: straight)!
        #expect(opaque.straightRGBA() == straight)
        #expect(opaque.data == straight)

        var premultiplied: [UInt8] = []
        for a in 0...255 { for c in 0...a { premultiplied += [UInt8(c), UInt8(c), 0, UInt8(a)] } }
        let all = Pixmap(width: premultiplied.count / 4, height: 1, premultipliedRGBA: premultiplied)!
        let back = Pixmap(width: all.width, height: 1, straightRGBA: all.straightRGBA())!
        #expect(back.data == premultiplied)
    }

    @Test func rejectsWrongSizes() {
        #expect(Pixmap(width: 2, height: 2, straightRGBA: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(Pixmap(width: 0, height: 2, straightRGBA: []) == nil)
    }
}
