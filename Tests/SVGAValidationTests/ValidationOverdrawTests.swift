import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// cost.overdraw: mean Σ drawn bounds per frame ÷ canvas area, warned above the profile limit.
struct ValidationOverdrawTests {
    /// `layers` full-canvas 300 × 300 bitmaps stacked in every frame.
    static func stacked(_ layers: Int) -> RawMovie {
        var m = TestMovies.clean()
        m.images = [RawImageEntry(key: "full", value: TestMovies.png(width: 300, height: 300))]
        m.sprites = (0..<layers).map { _ in TestMovies.bitmapSprite("full", width: 300, height: 300, transform: .identity) }
        return m
    }

    @Test("overdraw against avatar-frame's 4×", arguments: [(5, true), (4, false), (1, false)])
    func threshold(layers: Int, trips: Bool) {
        let report = TestMovies.validate(Self.stacked(layers), profile: .avatarFrame)
        #expect(report.stats.overdraw == Double(layers))
        #expect(!report.findings(.costOverdraw).isEmpty == trips, "\(report.findingLines)")
        if trips {
            let f = report.findings(.costOverdraw)[0]
            #expect(f.value == .number(Double(layers)) && f.limit == .number(4))
            #expect(f.message.contains("estimate"), "the message says it is an estimate: \(f.message)")
        }
    }

    @Test func offCanvasPartsDoNotCount() {
        // One full-canvas layer moved half off the canvas: half a canvas.
        var m = Self.stacked(1)
        m.sprites[0] = TestMovies.bitmapSprite("full", width: 300, height: 300, transform: TestMovies.translate(150, 0))
        #expect(TestMovies.validate(m).stats.overdraw == 0.5)
    }

    @Test func hiddenFramesDoNotCount() {
        var m = Self.stacked(1)
        for n in 0..<10 { m.sprites[0].frames[n].alpha = 0 }
        #expect(TestMovies.validate(m).stats.overdraw == 0.5)
    }

    @Test func rotatedBitmapCountsItsTrueAreaAtMost() {
        // A 100 × 100 bitmap rotated 45° has a 141 × 141 box but covers 100 × 100.
        var m = TestMovies.clean()
        m.sprites = [TestMovies.bitmapSprite("star", transform: RawTransform(a: 0.70710677, b: 0.70710677, c: -0.70710677, d: 0.70710677, tx: 150, ty: 50))]
        let overdraw = TestMovies.validate(m).stats.overdraw ?? 0
        #expect(abs(overdraw - 10_000.0 / 90_000.0) < 1e-3)
    }
}
