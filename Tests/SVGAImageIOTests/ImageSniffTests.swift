import SVGAImageIO
import SVGARaster
import SVGATestSupport
import Testing

// The format comes from the bytes alone; anything that is not PNG, JPEG or WebP is an `image`
// stage error that shows the first bytes.
@Suite struct ImageSniffTests {
    @Test func eachFormatIsRecognisedByItsBytes() throws {
        let rgba = [UInt8](repeating: 200, count: 8 * 8 * 4)
        #expect(EncodedImageFormat.sniff(HookFixtures.solidPNG(width: 2, height: 2, r: 1, g: 2, b: 3)) == .png)
        #expect(EncodedImageFormat.sniff(try ImageFixtures.jpeg(width: 8, height: 8, rgba: rgba)) == .jpeg)
        #expect(EncodedImageFormat.sniff(try ImageFixtures.webp(width: 8, height: 8, rgba: rgba, lossless: true)) == .webp)
    }

    @Test(arguments: [
        (Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), "47 49 46 38 39 61 01 00"),
        (Array("<html><body>404</body></html>".utf8), "3C 68 74 6D 6C 3E 3C 62"),
        (Array("RIFF\u{4}\u{0}\u{0}\u{0}WAVE".utf8), "52 49 46 46 04 00 00 00"),
        ([0xFF, 0xD8], "FF D8"),
    ])
    func otherBytesAreAnImageStageError(bytes: [UInt8], magic: String) {
        #expect(EncodedImageFormat.sniff(bytes) == nil)
        #expect(throws: ImageDecodeError.unknownFormat(magic: magic)) { _ = try ImageDecoder.decode(bytes) }
    }

    @Test func emptyInputSaysSo() {
        #expect(ImageDecodeError.unknownFormat(magic: "").description == "image: not a PNG, JPEG or WebP image (starts with no bytes)")
        #expect(throws: ImageDecodeError.unknownFormat(magic: "")) { _ = try ImageDecoder.decode([]) }
    }
}
