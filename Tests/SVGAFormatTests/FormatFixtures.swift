import CZlib
@testable import SVGAFormat

// Byte-level builders for the format tests: protobuf messages, zlib / raw deflate / gzip streams
// (the system zlib is the oracle, STYLE.md habit 7), ZIP archives and minimal image headers.
// Independent of SVGAWriter on purpose: these tests must not share an encoder's mistakes.

/// A protobuf message under construction (wire format of spec B.2).
struct TestProtobuf {
    var bytes: [UInt8] = []

    static func varintBytes(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
        return out
    }

    mutating func tag(_ field: UInt32, _ wire: UInt8) { bytes += Self.varintBytes(UInt64(field) << 3 | UInt64(wire)) }
    mutating func varint(_ field: UInt32, _ v: UInt64) { tag(field, 0); bytes += Self.varintBytes(v) }
    mutating func int32(_ field: UInt32, _ v: Int32) { varint(field, UInt64(bitPattern: Int64(v))) }
    mutating func float(_ field: UInt32, _ v: Float) {
        tag(field, 5)
        let b = v.bitPattern
        bytes += [UInt8(b & 0xFF), UInt8(b >> 8 & 0xFF), UInt8(b >> 16 & 0xFF), UInt8(b >> 24)]
    }
    mutating func fixed64(_ field: UInt32, _ v: UInt64) {
        tag(field, 1)
        for i in 0 ..< 8 { bytes.append(UInt8(v >> (8 * UInt64(i)) & 0xFF)) }
    }
    mutating func data(_ field: UInt32, _ v: [UInt8]) { tag(field, 2); bytes += Self.varintBytes(UInt64(v.count)) + v }
    mutating func string(_ field: UInt32, _ s: String) { data(field, Array(s.utf8)) }
    mutating func message(_ field: UInt32, _ build: (inout TestProtobuf) -> Void) {
        var sub = TestProtobuf()
        build(&sub)
        data(field, sub.bytes)
    }
    static func build(_ body: (inout TestProtobuf) -> Void) -> [UInt8] {
        var m = TestProtobuf()
        body(&m)
        return m.bytes
    }
}

enum FormatFixtures {
    /// zlib-wrapped (RFC 1950) deflate of `data`.
    static func zlib(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: 15) }
    /// Raw deflate (RFC 1951), as in a ZIP method-8 entry.
    static func rawDeflate(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: -15) }
    /// gzip (RFC 1952) wrapping.
    static func gzip(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: 31) }

    static func deflate(_ data: [UInt8], windowBits: Int32) -> [UInt8] {
        var stream = z_stream()
        precondition(deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        var input = data
        let produced: Int = input.withUnsafeMutableBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outBuf.count - Int(stream.avail_out)
            }
        }
        return Array(out[0 ..< produced])
    }

    static func crc32(_ data: [UInt8]) -> UInt32 { crc32Of(data) }

    /// Deterministic pseudo-random bytes (xorshift), compressible enough to be realistic.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var s = seed | 1
        return (0 ..< count).map { _ in
            s ^= s << 13; s ^= s >> 7; s ^= s << 17
            return UInt8(truncatingIfNeeded: s % 16)
        }
    }

    /// The smallest byte string that sniffs as a PNG of the given size: signature + IHDR chunk.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        var b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        b += Array("IHDR".utf8)
        b += be32(width) + be32(height) + [8, 6, 0, 0, 0]
        b += be32(crc32(Array(b[12...])))
        return b
    }

    /// A JPEG header up to its SOF segment: SOI, an APP0 segment, then SOFn with the size.
    static func jpeg(width: UInt16, height: UInt16, sof: UInt8 = 0xC0) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        b += [0xFF, sof, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        b += [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return b
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
}

/// Builds a ZIP archive entry by entry (PKWARE APPNOTE 4.3), with knobs for the faults the reader
/// must catch.
struct TestZip {
    struct Entry {
        var name: String
        var data: [UInt8]
        var deflate = true
        /// Write sizes and CRC as zero in the local header and append a data descriptor (flag 3).
        var dataDescriptor = false
        /// With `dataDescriptor`: set flag 3 and zero the local header but write no descriptor.
        var omitDescriptor = false
        /// Overrides for the recorded values (faults).
        var crc: UInt32?
        var uncompressedSize: UInt32?
        var localOffset: UInt32?
        var method: UInt16?
    }

    var entries: [Entry] = []
    var comment: [UInt8] = []

    mutating func add(_ name: String, _ data: [UInt8], deflate: Bool = true, dataDescriptor: Bool = false) {
        entries.append(Entry(name: name, data: data, deflate: deflate, dataDescriptor: dataDescriptor))
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for e in entries {
            let stored = e.deflate ? FormatFixtures.rawDeflate(e.data) : e.data
            let method: UInt16 = e.method ?? (e.deflate ? 8 : 0)
            let crc = e.crc ?? FormatFixtures.crc32(e.data)
            let usize = e.uncompressedSize ?? UInt32(e.data.count)
            let flags: Int = e.dataDescriptor ? 8 : 0
            let name = Array(e.name.utf8)
            let offset = e.localOffset ?? UInt32(out.count)
            // local header
            out += FormatFixtures.le32(0x0403_4B50) + FormatFixtures.le16(20) + FormatFixtures.le16(flags)
            out += FormatFixtures.le16(Int(method)) + FormatFixtures.le16(0) + FormatFixtures.le16(0)
            if e.dataDescriptor {
                out += FormatFixtures.le32(0) + FormatFixtures.le32(0) + FormatFixtures.le32(0)
            } else {
                out += FormatFixtures.le32(crc) + FormatFixtures.le32(UInt32(stored.count)) + FormatFixtures.le32(usize)
            }
            out += FormatFixtures.le16(name.count) + FormatFixtures.le16(0) + name + stored
            if e.dataDescriptor && !e.omitDescriptor {
                out += FormatFixtures.le32(0x0807_4B50) + FormatFixtures.le32(crc)
                out += FormatFixtures.le32(UInt32(stored.count)) + FormatFixtures.le32(usize)
            }
            // central directory record
            central += FormatFixtures.le32(0x0201_4B50) + FormatFixtures.le16(20) + FormatFixtures.le16(20)
            central += FormatFixtures.le16(flags) + FormatFixtures.le16(Int(method)) + FormatFixtures.le16(0) + FormatFixtures.le16(0)
            central += FormatFixtures.le32(crc) + FormatFixtures.le32(UInt32(stored.count)) + FormatFixtures.le32(usize)
            central += FormatFixtures.le16(name.count) + FormatFixtures.le16(0) + FormatFixtures.le16(0)
            central += FormatFixtures.le16(0) + FormatFixtures.le16(0) + FormatFixtures.le32(0) + FormatFixtures.le32(offset)
            central += name
        }
        let cdOffset = out.count
        out += central
        out += FormatFixtures.le32(0x0605_4B50) + FormatFixtures.le16(0) + FormatFixtures.le16(0)
        out += FormatFixtures.le16(entries.count) + FormatFixtures.le16(entries.count)
        out += FormatFixtures.le32(UInt32(central.count)) + FormatFixtures.le32(UInt32(cdOffset))
        out += FormatFixtures.le16(comment.count) + comment
        return out
    }
}
