// Test-side PNG byte tools, written independently of SVGAImageIO so they can act as an oracle:
// a chunk splitter that checks CRCs, a builder for hand-made PNGs (zlib "stored" blocks, no
// compressor involved), and bitwise CRC-32 / Adler-32.
enum PNGTestBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        var type: String
        var data: [UInt8]
        var crcValid: Bool
    }

    /// Splits a PNG into chunks; nil when the framing is broken.
    static func chunks(_ png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var out: [Chunk] = []
        var i = 8
        while i < png.count {
            guard png.count - i >= 12 else { return nil }
            let length = Int(be32(png, i))
            guard length <= png.count - i - 12 else { return nil }
            let typeBytes = Array(png[(i + 4)..<(i + 8)])
            let data = Array(png[(i + 8)..<(i + 8 + length)])
            let stored = be32(png, i + 8 + length)
            out.append(Chunk(type: String(decoding: typeBytes, as: UTF8.self), data: data,
                             crcValid: crc32(typeBytes + data) == stored))
            i += 12 + length
        }
        return out
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func be16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }

    static func appendBE32(_ v: UInt32, _ out: inout [UInt8]) {
        out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        appendBE32(UInt32(data.count), &out)
        let typeBytes = Array(type.utf8)
        out += typeBytes + data
        appendBE32(crc32(typeBytes + data), &out)
        return out
    }

    static func ihdr(width: UInt32, height: UInt32, colorType: UInt8 = 6) -> [UInt8] {
        var data: [UInt8] = []
        appendBE32(width, &data); appendBE32(height, &data)
        data += [8, colorType, 0, 0, 0]  // depth 8, colour type, deflate, filter 0, no interlace
        return chunk("IHDR", data)
    }

    /// A complete 8-bit RGBA PNG of straight pixels, each row with filter byte 0, the image data
    /// in one zlib stream of stored blocks.
    static func rgbaPNG(width: Int, height: Int, straight: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            raw += straight[(y * width * 4)..<((y + 1) * width * 4)]
        }
        return signature + ihdr(width: UInt32(width), height: UInt32(height))
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// RFC 1950 header 78 01, RFC 1951 stored blocks (≤ 65535 bytes each), Adler-32 trailer.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        appendBE32(adler32(data), &out)
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }
}
