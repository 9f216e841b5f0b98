import SVGAImageIO
import SVGARaster
import SVGATestSupport
import Testing

// JPEGs made at test time by libturbojpeg's compressor: baseline and progressive, CMYK (YCCK
// with the Adobe marker), corrupt and oversized ones. Colours sit in 8×8-aligned solid blocks,
// so the tolerance of 4 levels per channel only absorbs quantisation (quality 95, 4:4:4).
@Suite struct JPEGDecoderTests {
    static let quadrantPixels = ImageFixtures.quadrants(width: 32, height: 32, ImageFixtures.red, ImageFixtures.green,
                                                        ImageFixtures.blue, ImageFixtures.white)

    @Test(arguments: [false, true])
    func baselineAndProgressiveDecodeToTheirColours(progressive: Bool) throws {
        let jpeg = try ImageFixtures.jpeg(width: 32, height: 32, rgba: Self.quadrantPixels, progressive: progressive)
        // The encoder really wrote the coding asked for: SOF2 (progressive) or SOF0 (baseline).
        #expect(Self.hasMarker(jpeg, progressive ? 0xC2 : 0xC0))
        let pixmap = try ImageDecoder.decode(jpeg)
        #expect(pixmap.width == 32 && pixmap.height == 32)
        let expected = [ImageFixtures.red, ImageFixtures.green, ImageFixtures.blue, ImageFixtures.white]
        for ((x, y), colour) in zip(pixmap.quadrantCentres(), expected) {
            #expect(pixmap.isClose(x, y, to: colour), "(\(x), \(y)): \(pixmap.rgba(x, y))")
        }
    }

    /// CMYK is converted as browsers do without a profile: stored values are Adobe-inverted
    /// (255 = no ink), R = C·K/255. (C M Y K) stored → expected RGB.
    @Test(arguments: [
        ([255, 0, 0, 255] as [UInt8], ImageFixtures.RGB(255, 0, 0)),        // full magenta + yellow: red
        ([0, 255, 255, 255], ImageFixtures.RGB(0, 255, 255)),               // full cyan
        ([255, 255, 255, 128], ImageFixtures.RGB(128, 128, 128)),           // half black
        ([255, 255, 255, 255], ImageFixtures.RGB(255, 255, 255)),           // no ink: white paper
    ])
    func cmykIsConverted(cmyk: [UInt8], rgb: ImageFixtures.RGB) throws {
        let pixels = Array([[UInt8]](repeating: cmyk, count: 16 * 16).joined())
        let jpeg = try ImageFixtures.cmykJPEG(width: 16, height: 16, cmyk: pixels)
        #expect(Self.hasMarker(jpeg, 0xEE))   // Adobe APP14: the file is what Photoshop writes
        let pixmap = try ImageDecoder.decode(jpeg)
        #expect(pixmap.isClose(8, 8, to: rgb), "\(pixmap.rgba(8, 8))")
    }

    @Test func truncatedScanIsAJPEGStageError() throws {
        // A busy pattern so the scan is long; cut it halfway (libjpeg would pad the rest with grey).
        let busy = (0 ..< 32 * 32 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let jpeg = try ImageFixtures.jpeg(width: 32, height: 32, rgba: busy)
        let sos = try #require(Self.markerOffset(jpeg, 0xDA))
        let cut = Array(jpeg.prefix((sos + jpeg.count) / 2))
        let error = try #require(throws: ImageDecodeError.self) { _ = try ImageDecoder.decode(cut) }
        guard case .jpeg(.decodeFailed(let message)) = error else { Issue.record("\(error)"); return }
        #expect(message.contains("Premature end"), "\(message)")
        #expect(!message.isEmpty)
        #expect(error.stage == "jpeg" && error.description.hasPrefix("jpeg: decode failed: "))
    }

    @Test func garbageAfterSOIIsAHeaderError() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00] + Array(repeating: 0x55, count: 64)
        let error = try #require(throws: ImageDecodeError.self) { _ = try ImageDecoder.decode(bytes) }
        guard case .jpeg(.header) = error else { Issue.record("\(error)"); return }
        #expect(error.description.hasPrefix("jpeg: cannot read the header: "))
    }

    @Test func callerCapApplies() throws {
        let jpeg = try ImageFixtures.jpeg(width: 40, height: 30, rgba: [UInt8](repeating: 200, count: 40 * 30 * 4))
        #expect(throws: ImageDecodeError.jpeg(.tooLarge(width: 40, height: 30))) { _ = try ImageDecoder.decode(jpeg, maxPixels: 1199) }
        #expect(try ImageDecoder.decode(jpeg, maxPixels: 1200).width == 40)
    }

    /// A frame header stating 60000 × 60000 (3.6 G pixels) over an 8 × 8 image: refused from
    /// the header, before any buffer is allocated (the scan data could never fill it anyway).
    @Test func hugeFrameHeaderIsRefusedBeforeAllocating() throws {
        var jpeg = try ImageFixtures.jpeg(width: 8, height: 8, rgba: [UInt8](repeating: 90, count: 8 * 8 * 4))
        let sof = try #require(Self.markerOffset(jpeg, 0xC0))
        // SOF0: FF C0, length (2), precision (1), height (2), width (2).
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
        #expect(throws: ImageDecodeError.jpeg(.tooLarge(width: 60000, height: 60000))) { _ = try ImageDecoder.decode(jpeg) }
    }

    static func markerOffset(_ b: [UInt8], _ marker: UInt8) -> Int? {
        (0 ..< b.count - 1).first { b[$0] == 0xFF && b[$0 + 1] == marker }
    }
    static func hasMarker(_ b: [UInt8], _ marker: UInt8) -> Bool { markerOffset(b, marker) != nil }
}
