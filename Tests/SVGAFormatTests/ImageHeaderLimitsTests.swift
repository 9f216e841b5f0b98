import Testing
@testable import SVGAFormat

// Image headers are checked before anything is decoded (spec A.8, STYLE.md habit 3): zero sizes,
// sizes over `Limits.maxImagePixels`, broken PNG/JPEG headers are `png`-stage errors naming the key.

struct ImageHeaderLimitsTests {
    static func resolveImage(_ value: [UInt8]) throws(DecodeError) {
        _ = try MovieResolver.resolve(RawMovie(images: [RawImageEntry(key: "k", value: value)]), container: .zlibProtobuf)
    }

    static func stageAndMessage(_ value: [UInt8]) -> (DecodeError.Stage, String)? {
        do { try resolveImage(value); return nil } catch { return (error.stage, error.message) }
    }

    @Test(arguments: [
        (FormatFixtures.png(width: 0, height: 10), "image 'k': size 0 × 10 is empty"),
        (FormatFixtures.png(width: 4097, height: 4096), "image 'k': 4097 × 4096 pixels > limit \(DecodeBudget.default.maxImagePixels) (maxImagePixels)"),
        (FormatFixtures.png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "image 'k': 4294967295 × 4294967295 pixels > limit \(DecodeBudget.default.maxImagePixels) (maxImagePixels)"),
        (Array(FormatFixtures.png(width: 1, height: 1).prefix(20)), "image 'k': PNG data ends before its IHDR chunk (20 bytes)"),
        (FormatFixtures.jpeg(width: 0, height: 5), "image 'k': size 0 × 5 is empty"),
        (FormatFixtures.jpeg(width: 10, height: 10, sof: 0xC3), "image 'k': JPEG coding SOF3 is unsupported (only baseline, extended and progressive)"),
        ([0xFF, 0xD8, 0xFF, 0xD9], "image 'k': JPEG without a SOF0/SOF1/SOF2 frame header"),
    ] as [([UInt8], String)])
    func rejected(_ value: [UInt8], _ message: String) {
        let result = Self.stageAndMessage(value)
        #expect(result?.0 == .png)
        #expect(result?.1 == message)
    }

    @Test func pngWithoutIHDRFirst() {
        var b = FormatFixtures.png(width: 1, height: 1)
        b.replaceSubrange(12 ..< 16, with: Array("IDAT".utf8))
        #expect(Self.stageAndMessage(b)?.1 == "image 'k': PNG does not start with an IHDR chunk")
    }

    @Test func largestAllowedImagePasses() throws {
        try Self.resolveImage(FormatFixtures.png(width: 4096, height: 4096))
        try Self.resolveImage(FormatFixtures.jpeg(width: 4096, height: 4096, sof: 0xC2))
    }

    @Test(arguments: [
        ([UInt8](Array("ID3".utf8)), ImageSniffer.Kind.audio), ([0xFF, 0xFB], .audio), ([0xFF, 0xF3, 1], .audio),
        ([0xFF, 0xF2], .audio), ([0xFF, 0xD8, 0xFF], .jpeg), ([], .empty), ([0xFF, 0xFA], .unknown),
        (Array("RIFF0000WEBP".utf8), .unknown), (ImageSniffer.pngSignature, .png),
    ] as [([UInt8], ImageSniffer.Kind)])
    func sniffsMagic(_ bytes: [UInt8], _ kind: ImageSniffer.Kind) {
        #expect(ImageSniffer.kind(bytes) == kind)
    }
}
