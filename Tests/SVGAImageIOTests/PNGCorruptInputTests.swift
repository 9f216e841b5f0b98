import SVGAImageIO
import SVGARaster
import Testing

// Broken PNG input must throw a PNGError, never crash (spec A.8). libpng's simplified API
// reports errors without longjmp, and our header check runs first.
@Suite struct PNGCorruptInputTests {
    static let valid: [UInt8] = {
        var data = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for i in 0..<data.count { data[i] = UInt8(i % 251) | (i % 4 == 3 ? 0xFF : 0) }
        for i in stride(from: 0, to: data.count, by: 4) { data[i + 3] = 255 }
        return try! PNGEncoder.encode(Pixmap(width: 16, height: 16, premultipliedRGBA: data)!)
    }()

    enum Damage: String, CaseIterable, CustomStringConvertible {
        case truncatedToSignature, truncatedInIHDR, truncatedInIDAT, halfImageData
        case flippedIDATByte, flippedIHDRCRC, zeroWidth
        var description: String { rawValue }
    }

    static func damaged(_ damage: Damage) -> [UInt8] {
        var bytes = valid
        let idat = PNGTestBytes.chunks(valid)!.firstIndex { $0.type == "IDAT" }!
        // Offset of the IDAT chunk's data: walk the chunks before it.
        var offset = 8
        for chunk in PNGTestBytes.chunks(valid)![..<idat] { offset += 12 + chunk.data.count }
        switch damage {
        case .truncatedToSignature: return Array(bytes[..<8])
        case .truncatedInIHDR: return Array(bytes[..<20])
        case .truncatedInIDAT: return Array(bytes[..<(offset + 8 + 10)])
        case .halfImageData:
            // Well-framed file (valid CRCs) whose zlib stream stops halfway.
            let chunks = PNGTestBytes.chunks(valid)!
            let data = chunks[idat].data
            return PNGTestBytes.signature + PNGTestBytes.chunk("IHDR", chunks[0].data)
                + PNGTestBytes.chunk("IDAT", Array(data[..<(data.count / 2)])) + PNGTestBytes.chunk("IEND", [])
        case .flippedIDATByte: bytes[offset + 8 + 5] ^= 0x5A
        case .flippedIHDRCRC: bytes[29] ^= 0xFF
        case .zeroWidth: bytes[16] = 0; bytes[17] = 0; bytes[18] = 0; bytes[19] = 0
        }
        return bytes
    }

    @Test(arguments: Damage.allCases)
    func damagedPNGThrows(damage: Damage) {
        #expect(throws: PNGError.self) { _ = try PNGDecoder.decode(Self.damaged(damage)) }
    }

    /// libpng stops reading after the image data, so a file cut right after its last IDAT still
    /// decodes to the full image (every pixel is present): accepted, like browsers do.
    @Test func missingIENDStillDecodes() throws {
        let cut = Array(Self.valid[..<(Self.valid.count - 12)])
        #expect(try PNGDecoder.decode(cut) == PNGDecoder.decode(Self.valid))
    }

    @Test(arguments: [
        [UInt8](),
        Array("not a png at all, just text".utf8),
        [0xFF, 0xD8, 0xFF, 0xDB] + [UInt8](repeating: 0, count: 40),  // JPEG start
        Array("ID3".utf8) + [UInt8](repeating: 0, count: 40),          // MP3 (audio in images)
    ])
    func nonPNGIsNotPNG(bytes: [UInt8]) {
        #expect(throws: PNGError.notPNG) { _ = try PNGDecoder.decode(bytes) }
        #expect(throws: PNGError.notPNG) { _ = try PNGDecoder.size(of: bytes) }
    }

    @Test func errorMessagesNameTheProblem() {
        do {
            _ = try PNGDecoder.decode(Self.damaged(.flippedIDATByte))
            Issue.record("expected a throw")
        } catch {
            #expect(error.description.hasPrefix("png: "))
            if case .decodeFailed(let message) = error { #expect(!message.isEmpty) }
        }
    }
}
