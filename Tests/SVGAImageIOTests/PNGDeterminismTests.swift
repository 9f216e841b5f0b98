import SVGAImageIO
import SVGARaster
import Testing

// Generated PNGs are committed (SampleAssets) and compared byte for byte, so encoding must be a
// pure function of the pixels: no tIME, no text chunks, same bytes every call.
@Suite struct PNGDeterminismTests {
    @Test(arguments: [PNGCompression.default, .fast])
    func sameBytesTwice(compression: PNGCompression) throws {
        let pixmap = PNGRoundTripTests.randomPixmap(width: 50, height: 20, seed: 3, opaque: false)
        let first = try PNGEncoder.encode(pixmap, compression: compression)
        let second = try PNGEncoder.encode(pixmap, compression: compression)
        #expect(first == second)
    }

    @Test func noTimeOrTextChunks() throws {
        let png = try PNGEncoder.encode(PNGRoundTripTests.randomPixmap(width: 8, height: 8, seed: 4, opaque: true))
        let types = try #require(PNGTestBytes.chunks(png)).map(\.type)
        #expect(!types.contains("tIME") && !types.contains("tEXt") && !types.contains("zTXt") && !types.contains("iTXt"))
        #expect(types.first == "IHDR" && types.last == "IEND")
    }

    @Test func allChunkCRCsValid() throws {
        let png = try PNGEncoder.encode(PNGRoundTripTests.randomPixmap(width: 30, height: 30, seed: 5, opaque: false))
        let chunks = try #require(PNGTestBytes.chunks(png))
        #expect(chunks.allSatisfy { $0.crcValid })
    }
}
