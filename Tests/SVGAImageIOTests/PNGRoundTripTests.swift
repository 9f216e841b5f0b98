import CZlib
import SVGAImageIO
import SVGARaster
import Testing

// Encode → decode through libpng. Pixmaps are premultiplied and PNG is straight alpha, so an
// opaque pixel must come back exactly, and a translucent one within 1 (premultiplied c → straight
// round(c·255/a) → back round(s·a/255) moves c by at most 0.5·a/255 + 0.5 before rounding).
@Suite struct PNGRoundTripTests {
    /// A premultiplied pixmap whose pixels cover many (colour, alpha) pairs, from a fixed LCG.
    static func randomPixmap(width: Int, height: Int, seed: UInt64, opaque: Bool) -> Pixmap {
        var state = seed
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: data.count, by: 4) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = opaque ? 255 : UInt8(truncatingIfNeeded: state >> 56)
            for k in 0..<3 {
                let v = UInt8(truncatingIfNeeded: state >> (8 * UInt64(k) + 16))
                data[i + k] = UInt8(UInt32(v) * UInt32(a) / 255)  // ≤ a: valid premultiplied
            }
            data[i + 3] = a
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: data)!
    }

    @Test(arguments: [PNGCompression.default, .fast])
    func opaquePixelsComeBackExactly(compression: PNGCompression) throws {
        let original = Self.randomPixmap(width: 37, height: 23, seed: 1, opaque: true)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(original, compression: compression))
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.data == original.data)
    }

    @Test func translucentPixelsComeBackWithinOne() throws {
        let original = Self.randomPixmap(width: 64, height: 64, seed: 7, opaque: false)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(original))
        var maxDiff = 0
        for i in 0..<original.data.count {
            maxDiff = max(maxDiff, abs(Int(original.data[i]) - Int(decoded.data[i])))
            if i % 4 == 3 { #expect(original.data[i] == decoded.data[i], "alpha changed at byte \(i)") }
        }
        #expect(maxDiff <= 1)
        // Every output pixel is still valid premultiplied colour.
        for i in stride(from: 0, to: decoded.data.count, by: 4) {
            #expect(decoded.data[i] <= decoded.data[i + 3] && decoded.data[i + 1] <= decoded.data[i + 3]
                    && decoded.data[i + 2] <= decoded.data[i + 3])
        }
    }

    /// A PNG built by hand (no libpng, no compressor) decodes to the expected premultiplied bytes:
    /// opaque red, half-transparent white, transparent colour (→ all 0), 1/255 alpha.
    @Test func handBuiltPNGDecodesToPremultiplied() throws {
        let straight: [UInt8] = [255, 0, 0, 255,   255, 255, 255, 128,
                                 10, 200, 30, 0,   200, 100, 50, 1]
        let png = PNGTestBytes.rgbaPNG(width: 2, height: 2, straight: straight)
        let pixmap = try PNGDecoder.decode(png)
        #expect(pixmap.data == [255, 0, 0, 255,   128, 128, 128, 128,
                                0, 0, 0, 0,       1, 0, 0, 1])
        #expect(try PNGDecoder.size(of: png) == (width: 2, height: 2))
    }

    /// The file holds straight alpha: inflate the IDAT with zlib (the oracle) and read the one
    /// pixel of a 1×1 image. Any PNG filter leaves the first pixel of the first row unchanged.
    /// Premultiplied (64, 32, 0, 128) unpremultiplies to (128, 64, 0, 128) with (c·255 + a/2) / a.
    @Test func encoderWritesStraightAlpha() throws {
        let pixmap = Pixmap(width: 1, height: 1, premultipliedRGBA: [64, 32, 0, 128])!
        let png = try PNGEncoder.encode(pixmap)
        let chunks = try #require(PNGTestBytes.chunks(png))
        let header = try #require(chunks.first)
        #expect(header.type == "IHDR")
        #expect(header.data[8] == 8 && header.data[9] == 6, "8-bit RGBA expected")
        let idat = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        var raw = [UInt8](repeating: 0, count: 16)
        var rawCount = UInt(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawCount, $0.baseAddress, UInt($0.count)) }
        }
        #expect(status == Z_OK)
        #expect(rawCount == 5)
        #expect(Array(raw[1..<5]) == [128, 64, 0, 128])
        #expect(try PNGDecoder.decode(png).data == [64, 32, 0, 128])
    }
}
