import SVGARaster
import Testing

/// PSNR over premultiplied RGBA, and the diff artefacts.
@Suite struct ImageComparisonTests {
    @Test func identicalIsInfinite() {
        let p = Pixmap(width: 3, height: 2, premultipliedRGBA: (0..<24).map { UInt8($0) })!
        let r = ImageComparison.compare(p, p)
        #expect(r?.psnr == .infinity)
        #expect(r?.maxChannelDifference == 0 && r?.pixelsDifferingMoreThan8 == 0 && r?.pixelCount == 6)
    }

    /// Two pixels, one channel off by 10, another pixel's channel by 9: squares 100 + 81 over 8
    /// values → MSE 22.625 → PSNR = 10 · log10(65025 / 22.625) = 34.585 dB.
    @Test func knownMSEGivesKnownPSNR() {
        let a = Pixmap(width: 2, height: 1, premultipliedRGBA: [10, 0, 0, 10, 0, 0, 0, 0])!
        let b = Pixmap(width: 2, height: 1, premultipliedRGBA: [20, 0, 0, 10, 0, 0, 0, 9])!
        let r = ImageComparison.compare(a, b)!
        #expect(abs(r.psnr - 34.5850) < 1e-3, "\(r.psnr)")
        #expect(r.maxChannelDifference == 10)
        #expect(r.pixelsDifferingMoreThan8 == 2)
        #expect(r.pixelCount == 2)
    }

    @Test func sizeMismatchIsNil() {
        let a = Pixmap(width: 2, height: 1)!, b = Pixmap(width: 1, height: 2)!
        #expect(ImageComparison.compare(a, b) == nil)
        #expect(ImageComparison.diffImage(a, b) == nil)
        #expect(ImageComparison.triptych(expected: a, actual: b) == nil)
    }

    @Test func diffAndTriptychLayout() {
        let expected = Pixmap(width: 1, height: 2, premultipliedRGBA: [10, 10, 10, 10, 0, 0, 0, 0])!
        let actual = Pixmap(width: 1, height: 2, premultipliedRGBA: [13, 10, 10, 10, 0, 0, 0, 100])!
        let diff = ImageComparison.diffImage(expected, actual)!
        // Pixel 0: red off by 3 → 12; pixel 1: alpha off by 100 → every channel saturates.
        #expect(diff.data == [12, 0, 0, 255, 255, 255, 255, 255])
        let panel = ImageComparison.triptych(expected: expected, actual: actual)!
        #expect(panel.width == 3 && panel.height == 2)
        #expect(Array(panel.data[0..<12]) == [10, 10, 10, 10, 12, 0, 0, 255, 13, 10, 10, 10])
        #expect(Array(panel.data[12..<24]) == [0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 100])
    }
}
