import SVGAImageIO
import SVGARaster
import SVGATestSupport
import Testing

// WebPs made at test time by libwebp's encoder: lossy, lossless, with alpha. Lossless comes
// back exact (then premultiplied, spec A.2); lossy within 6 levels on solid 16-pixel blocks.
@Suite struct WebPDecoderTests {
    static let quadrantPixels = ImageFixtures.quadrants(width: 32, height: 32, ImageFixtures.red, ImageFixtures.green,
                                                        ImageFixtures.blue, ImageFixtures.white)

    @Test(arguments: [true, false])
    func opaqueDecodesToItsColours(lossless: Bool) throws {
        let webp = try ImageFixtures.webp(width: 32, height: 32, rgba: Self.quadrantPixels, lossless: lossless)
        #expect(Array(webp[12 ..< 16]) == Array((lossless ? "VP8L" : "VP8 ").utf8))
        let pixmap = try ImageDecoder.decode(webp)
        #expect(pixmap.width == 32 && pixmap.height == 32)
        let expected = [ImageFixtures.red, ImageFixtures.green, ImageFixtures.blue, ImageFixtures.white]
        for ((x, y), colour) in zip(pixmap.quadrantCentres(), expected) {
            #expect(pixmap.isClose(x, y, to: colour, tolerance: lossless ? 0 : 6), "(\(x), \(y)): \(pixmap.rgba(x, y))")
        }
    }

    /// Straight (255, 0, 0, 128) becomes premultiplied (128, 0, 0, 128); the transparent half
    /// stays fully transparent.
    @Test(arguments: [true, false])
    func alphaIsPremultiplied(lossless: Bool) throws {
        var rgba: [UInt8] = []
        for _ in 0 ..< 16 { for x in 0 ..< 16 { rgba += x < 8 ? [255, 0, 0, 128] : [0, 0, 255, 0] } }
        let webp = try ImageFixtures.webp(width: 16, height: 16, rgba: rgba, lossless: lossless)
        let pixmap = try ImageDecoder.decode(webp)
        let half = pixmap.rgba(3, 8)
        let tolerance = lossless ? 0 : 6
        #expect(abs(Int(half[0]) - 128) <= tolerance && half[1] <= UInt8(tolerance) && half[2] <= UInt8(tolerance), "\(half)")
        #expect(abs(Int(half[3]) - 128) <= (lossless ? 0 : 2), "\(half)")
        #expect(pixmap.rgba(12, 8) == [0, 0, 0, 0])
    }

    @Test func truncatedIsAWebPStageError() throws {
        let webp = try ImageFixtures.webp(width: 32, height: 32, rgba: Self.quadrantPixels, lossless: false)
        let cut = Array(webp.prefix(webp.count / 2))
        let error = try #require(throws: ImageDecodeError.self) { _ = try ImageDecoder.decode(cut) }
        #expect(error.stage == "webp" && error.description.hasPrefix("webp: "), "\(error)")
    }

    @Test func callerCapApplies() throws {
        let webp = try ImageFixtures.webp(width: 40, height: 30, rgba: [UInt8](repeating: 200, count: 40 * 30 * 4), lossless: true)
        #expect(throws: ImageDecodeError.webp(.tooLarge(width: 40, height: 30))) { _ = try ImageDecoder.decode(webp, maxPixels: 1199) }
        #expect(try ImageDecoder.decode(webp, maxPixels: 1200).width == 40)
    }

    /// A VP8L header stating 16384 × 16384 (the format's maximum, 268 M pixels, above the
    /// 64 M-pixel cap) is refused from the header alone.
    @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
        var webp = try ImageFixtures.webp(width: 4, height: 4, rgba: [UInt8](repeating: 255, count: 64), lossless: true)
        #expect(Array(webp[12 ..< 16]) == Array("VP8L".utf8) && webp[20] == 0x2F)
        // 14 bits width − 1, 14 bits height − 1, alpha hint, 3 version bits, little-endian.
        let bits: UInt32 = 16383 | 16383 << 14 | UInt32(webp[24] >> 4 & 1) << 28
        for i in 0 ..< 4 { webp[21 + i] = UInt8(bits >> (8 * UInt32(i)) & 0xFF) }
        #expect(throws: ImageDecodeError.webp(.tooLarge(width: 16384, height: 16384))) { _ = try ImageDecoder.decode(webp) }
    }

    /// An extended-format header (VP8X) with the animation flag: refused by name, not decoded
    /// as its first frame. Hand-built: RIFF, VP8X with flags 0x02 and a 64 × 64 canvas, an
    /// ANIM chunk (background colour, loop count).
    @Test func animatedIsRefused() {
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0 ..< n).map { UInt8(v >> (8 * $0) & 0xFF) } }
        let vp8x: [UInt8] = Array("VP8X".utf8) + le(10, 4) + [0x02, 0, 0, 0] + le(63, 3) + le(63, 3)
        let anim: [UInt8] = Array("ANIM".utf8) + le(6, 4) + [0, 0, 0, 0, 0, 0]
        let body: [UInt8] = Array("WEBP".utf8) + vp8x + anim
        let file: [UInt8] = Array("RIFF".utf8) + le(body.count, 4) + body
        #expect(throws: ImageDecodeError.webp(.animated)) { _ = try ImageDecoder.decode(file) }
    }
}
