import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGAPreview
import SVGARaster
import SVGARender
import SVGATestSupport
import Testing

/// preview.png is a valid APNG (https://wiki.mozilla.org/APNG_Specification): chunk order
/// IHDR … acTL … fcTL IDAT (fcTL fdAT)* IEND, every CRC right (checked with our own CRC-32, not
/// the encoder's), sequence numbers 0, 1, 2 … without gaps, acTL and fcTL consistent with the
/// movie; and libpng, which ignores the animation chunks, decodes it as frame 0.
struct PreviewAPNGTests {
    struct Chunk { let type: String; let data: [UInt8]; let crcOK: Bool }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func chunks(_ png: [UInt8]) throws -> [Chunk] {
        try #require(png.count > 8 && Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var out: [Chunk] = []
        var p = 8
        while p < png.count {
            try #require(p + 12 <= png.count)
            let length = Int(be32(png, p))
            try #require(p + 12 + length <= png.count)
            let typeAndData = Array(png[(p + 4)..<(p + 8 + length)])
            out.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                             data: Array(typeAndData.dropFirst(4)),
                             crcOK: crc32(typeAndData) == be32(png, p + 8 + length)))
            p += 12 + length
        }
        return out
    }

    static func animatedMovie() throws -> Movie {
        // The bitmap moves 10 units a frame, so every frame differs.
        var m = TestMovies.clean()
        for n in 0..<20 { m.sprites[0].frames[n].transform = TestMovies.translate(Float(n * 10), 50) }
        m.params?.fps = 15
        return try SVGADecoder.decode(TestMovies.zlib(m))
    }

    @Test func chunkStructure() throws {
        let movie = try Self.animatedMovie()
        let preview = try PreviewMaker.make(movie: movie, options: PreviewOptions(maxSize: 150))
        let chunks = try Self.chunks(preview.animation)
        let badCRC = chunks.filter { !$0.crcOK }.map(\.type)
        #expect(badCRC.isEmpty, "every CRC matches")
        #expect(chunks.first?.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        let types = chunks.map(\.type)
        let actl = try #require(types.firstIndex(of: "acTL"))
        let firstIDAT = try #require(types.firstIndex(of: "IDAT"))
        #expect(actl < firstIDAT)
        // acTL: num_frames, num_plays (0 = forever).
        #expect(Self.be32(chunks[actl].data, 0) == 20)
        #expect(Self.be32(chunks[actl].data, 4) == 0)
        // The first fcTL comes before the IDAT (frame 0 is the default image).
        let fcTLs = chunks.enumerated().filter { $0.element.type == "fcTL" }
        #expect(fcTLs.count == 20)
        #expect((fcTLs.first?.offset ?? .max) < firstIDAT)
        // After the IDATs: (fcTL fdAT+)*, then IEND.
        let tail = types[(types.lastIndex(of: "IDAT")! + 1)...].filter { $0 != "IEND" }
        var i = tail.startIndex
        var frames = 0
        while i < tail.endIndex {
            #expect(tail[i] == "fcTL"); i += 1
            #expect(i < tail.endIndex && tail[i] == "fdAT")
            while i < tail.endIndex && tail[i] == "fdAT" { i += 1 }
            frames += 1
        }
        #expect(frames == 19)
        // Sequence numbers over fcTL and fdAT: 0, 1, 2, … in file order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { Self.be32($0.data, 0) }
        #expect(sequence == (0..<UInt32(sequence.count)).map { $0 })
        // fcTL: full-frame size at offset 0, delay 1/15 s.
        let ihdr = chunks[0].data
        for (_, fc) in fcTLs {
            #expect(Array(fc.data[4..<12]) == Array(ihdr[0..<8]), "frame size = IHDR size")
            #expect(Self.be32(fc.data, 12) == 0 && Self.be32(fc.data, 16) == 0)
            #expect(fc.data[20] == 0 && fc.data[21] == 1 && fc.data[22] == 0 && fc.data[23] == 15)
        }
        #expect(Self.be32(ihdr, 0) == 150 && Self.be32(ihdr, 4) == 150)
    }

    @Test func libpngDecodesFrameZero() throws {
        let movie = try Self.animatedMovie()
        let preview = try PreviewMaker.make(movie: movie, options: PreviewOptions(maxSize: 150))
        let decoded = try PNGDecoder.decode(preview.animation)
        let frame0 = try MovieRenderer(movie: movie).render(frame: 0, scale: 0.5)
        // Through the same straight-alpha PNG round trip as the APNG's frame 0.
        let expected = try PNGDecoder.decode(PNGEncoder.encode(frame0))
        #expect(decoded.width == 150 && decoded.height == 150)
        #expect(decoded.data == expected.data)
    }

    @Test func sameBytesForAnyThreadCount() throws {
        let movie = try Self.animatedMovie()
        let one = try PreviewMaker.make(movie: movie, options: PreviewOptions(maxSize: 60, threads: 1))
        let four = try PreviewMaker.make(movie: movie, options: PreviewOptions(maxSize: 60, threads: 4))
        #expect(one.animation == four.animation)
        #expect(one.sheet == four.sheet)
        #expect(one.poster == four.poster)
    }
}
