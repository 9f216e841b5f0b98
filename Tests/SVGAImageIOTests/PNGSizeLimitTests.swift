import SVGAImageIO
import SVGARaster
import Testing

// The size in IHDR is checked against the cap before libpng or the pixel buffer is touched
// (spec A.8, STYLE habit 3). The hand-built files here hold only an IHDR and no image data, so
// any path that reached libpng would fail with `.decodeFailed` instead of `.tooLarge`.
@Suite struct PNGSizeLimitTests {
    static func headerOnly(width: UInt32, height: UInt32) -> [UInt8] {
        PNGTestBytes.signature + PNGTestBytes.ihdr(width: width, height: height) + PNGTestBytes.chunk("IEND", [])
    }

    @Test(arguments: [
        (UInt32(100_000), UInt32(100_000)),
        (UInt32(0x7FFF_FFFF), UInt32(0x7FFF_FFFF)),  // 2^62 pixels: overflow-checked product
        (UInt32(Pixmap.maxPixelCount), UInt32(2)),
    ])
    func hugeHeaderIsTooLarge(width: UInt32, height: UInt32) {
        #expect(throws: PNGError.tooLarge(width: Int(width), height: Int(height))) {
            _ = try PNGDecoder.decode(Self.headerOnly(width: width, height: height))
        }
    }

    @Test func callerCapApplies() throws {
        let png = try PNGEncoder.encode(Pixmap(width: 40, height: 30)!)
        #expect(throws: PNGError.tooLarge(width: 40, height: 30)) { _ = try PNGDecoder.decode(png, maxPixels: 1199) }
        #expect(try PNGDecoder.decode(png, maxPixels: 1200).width == 40)
    }

    @Test func sizeReadsTheHeaderOnly() throws {
        #expect(try PNGDecoder.size(of: Self.headerOnly(width: 123_456, height: 7)) == (width: 123_456, height: 7))
    }

    @Test(arguments: [(UInt32(0), UInt32(5)), (UInt32(5), UInt32(0)), (UInt32(0x8000_0000), UInt32(1))])
    func invalidSidesAreRejected(width: UInt32, height: UInt32) {
        #expect(throws: PNGError.self) { _ = try PNGDecoder.size(of: Self.headerOnly(width: width, height: height)) }
    }
}
