import SVGAImageIO
import SVGARaster
import Testing

// APNG layout per the APNG 1.0 spec, checked with the test-side chunk reader: chunk order
// IHDR [sRGB] acTL fcTL IDAT (fcTL fdAT)* IEND, valid CRCs, sequence numbers 0, 1, 2, …
// shared by fcTL and fdAT, acTL counts, fcTL delay = 1/fps, and libpng (which ignores APNG
// chunks) decoding the file as its first frame.
@Suite struct APNGStructureTests {
    static let frames: [Pixmap] = (0..<4).map { k in
        PNGRoundTripTests.randomPixmap(width: 21, height: 13, seed: UInt64(10 + k), opaque: k % 2 == 0)
    }

    @Test func chunkOrder() throws {
        let apng = try APNGEncoder.encode(frames: Self.frames, fps: 20)
        let types = try #require(PNGTestBytes.chunks(apng)).map(\.type).filter { $0 != "sRGB" && $0 != "gAMA" }
        #expect(types == ["IHDR", "acTL", "fcTL", "IDAT"] + Array(repeating: ["fcTL", "fdAT"], count: 3).flatMap { $0 } + ["IEND"])
    }

    @Test func colourChunksComeBeforeAnimationControl() throws {
        let types = try #require(PNGTestBytes.chunks(APNGEncoder.encode(frames: Self.frames, fps: 20))).map(\.type)
        if let srgb = types.firstIndex(of: "sRGB") {
            #expect(srgb < types.firstIndex(of: "acTL")!)
        }
    }

    @Test func crcsValid() throws {
        let chunks = try #require(PNGTestBytes.chunks(APNGEncoder.encode(frames: Self.frames, fps: 20)))
        for chunk in chunks { #expect(chunk.crcValid, "bad CRC in \(chunk.type)") }
    }

    @Test func sequenceNumbersAreContiguous() throws {
        let chunks = try #require(PNGTestBytes.chunks(APNGEncoder.encode(frames: Self.frames, fps: 20)))
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { PNGTestBytes.be32($0.data, 0) }
        #expect(sequence == Array(0..<UInt32(sequence.count)))
        #expect(sequence.count == 2 * Self.frames.count - 1)
    }

    @Test(arguments: [(20, 0), (12, 3)])
    func controlFields(fps: Int, loops: Int) throws {
        let chunks = try #require(PNGTestBytes.chunks(APNGEncoder.encode(frames: Self.frames, fps: fps, loops: loops)))
        let actl = try #require(chunks.first { $0.type == "acTL" })
        #expect(PNGTestBytes.be32(actl.data, 0) == UInt32(Self.frames.count))
        #expect(PNGTestBytes.be32(actl.data, 4) == UInt32(loops))
        for fctl in chunks.filter({ $0.type == "fcTL" }) {
            #expect(fctl.data.count == 26)
            #expect(PNGTestBytes.be32(fctl.data, 4) == 21 && PNGTestBytes.be32(fctl.data, 8) == 13)
            #expect(PNGTestBytes.be32(fctl.data, 12) == 0 && PNGTestBytes.be32(fctl.data, 16) == 0)
            #expect(PNGTestBytes.be16(fctl.data, 20) == 1 && PNGTestBytes.be16(fctl.data, 22) == UInt16(fps))
            #expect(fctl.data[24] == 0 && fctl.data[25] == 0, "dispose NONE, blend SOURCE")
        }
    }

    @Test func libpngSeesTheFirstFrame() throws {
        let apng = try APNGEncoder.encode(frames: Self.frames, fps: 20)
        #expect(try PNGDecoder.decode(apng).data == PNGDecoder.decode(PNGEncoder.encode(Self.frames[0])).data)
    }

    /// Each fdAT holds a complete zlib stream of its frame: swapping it into a plain PNG as IDAT
    /// decodes to that frame.
    @Test func fdATDataIsTheFrame() throws {
        let chunks = try #require(PNGTestBytes.chunks(APNGEncoder.encode(frames: Self.frames, fps: 20)))
        let ihdr = try #require(chunks.first { $0.type == "IHDR" })
        for (k, fdat) in chunks.filter({ $0.type == "fdAT" }).enumerated() {
            let png = PNGTestBytes.signature + PNGTestBytes.chunk("IHDR", ihdr.data)
                + PNGTestBytes.chunk("IDAT", Array(fdat.data.dropFirst(4))) + PNGTestBytes.chunk("IEND", [])
            let expected = try PNGDecoder.decode(PNGEncoder.encode(Self.frames[k + 1]))
            #expect(try PNGDecoder.decode(png).data == expected.data, "frame \(k + 1)")
        }
    }

    @Test func badInputThrows() throws {
        #expect(throws: PNGError.self) { _ = try APNGEncoder.encode(frames: [], fps: 20) }
        #expect(throws: PNGError.self) { _ = try APNGEncoder.encode(frames: Self.frames, fps: 0) }
        let odd = Pixmap(width: 5, height: 5)!
        #expect(throws: PNGError.self) { _ = try APNGEncoder.encode(frames: [Self.frames[0], odd], fps: 20) }
    }

    @Test func deterministic() throws {
        #expect(try APNGEncoder.encode(frames: Self.frames, fps: 20) == APNGEncoder.encode(frames: Self.frames, fps: 20))
    }
}
