import CZlib

// PNG chunk framing (PNG spec 5.3): big-endian length, 4-byte type, data, CRC-32 over type +
// data. Used by the PNG writer, and by the APNG encoder to take single-frame PNGs apart and put them back
// together; the CRC is zlib's `crc32`.
struct PNGChunk {
    var type: [UInt8]
    var data: [UInt8]

    var typeName: String { String(decoding: type, as: UTF8.self) }

    /// Splits a whole PNG file into chunks, checking every length against what remains.
    static func parse(_ png: [UInt8]) throws(PNGError) -> [PNGChunk] {
        guard png.count >= 8, png.prefix(8).elementsEqual(PNGDecoder.signature) else { throw .notPNG }
        var chunks: [PNGChunk] = []
        var offset = 8
        while offset < png.count {
            guard png.count - offset >= 12 else { throw .decodeFailed("truncated chunk at offset \(offset)") }
            let length = Int(PNGDecoder.readBigEndian32(png, at: offset))
            guard length <= png.count - offset - 12 else {
                throw .decodeFailed("chunk length \(length) past end at offset \(offset)")
            }
            let type = Array(png[(offset + 4)..<(offset + 8)])
            let data = Array(png[(offset + 8)..<(offset + 8 + length)])
            chunks.append(PNGChunk(type: type, data: data))
            offset += 12 + length
        }
        return chunks
    }

    /// Appends the framed chunk (length, type, data, CRC) to `out`.
    func write(to out: inout [UInt8]) {
        PNGChunk.appendBigEndian32(UInt32(data.count), to: &out)
        out += type
        out += data
        var crc = type.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        PNGChunk.appendBigEndian32(UInt32(truncatingIfNeeded: crc), to: &out)
    }

    static func appendBigEndian32(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 24)); out.append(UInt8(truncatingIfNeeded: value >> 16))
        out.append(UInt8(truncatingIfNeeded: value >> 8)); out.append(UInt8(truncatingIfNeeded: value))
    }

    static func appendBigEndian16(_ value: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 8)); out.append(UInt8(truncatingIfNeeded: value))
    }
}
