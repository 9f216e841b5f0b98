import CZlib

// A minimal, deterministic ZIP writer (PKWARE APPNOTE 6.3.x, sections 4.3.7, 4.3.12, 4.3.16):
// local headers + data, central directory, end record. No Zip64, no extra fields, no data
// descriptors, one fixed DOS timestamp (1980-01-01 00:00, the earliest DOS date), so the same
// entries always give the same bytes. Names are flat, as 1.x SVGA requires (spec B.1.2);
// a non-ASCII name sets the UTF-8 flag (bit 11).
public struct ZipWriter: Sendable {
    public enum Method: Sendable {
        case stored, deflate
    }

    /// DOS date 1980-01-01 (day 1, month 1, year 0 since 1980) and time 00:00:00.
    static let dosDate: UInt16 = (1 << 5) | 1
    static let dosTime: UInt16 = 0

    private struct Entry: Sendable {
        var name: [UInt8]
        var method: UInt16
        var crc: UInt32
        var compressedSize: UInt32
        var size: UInt32
        var flags: UInt16
        var offset: UInt32
    }

    private var body: [UInt8] = []
    private var entries: [Entry] = []

    public init() {}

    /// Appends a file. Sizes and count must stay within classic ZIP limits (4 GiB, 65535
    /// entries); beyond them is a programming error here, since we only write our own samples.
    public mutating func add(name: String, data: [UInt8], method: Method = .deflate) {
        let nameBytes = Array(name.utf8)
        precondition(nameBytes.count <= Int(UInt16.max), "ZIP entry name too long")
        precondition(entries.count < Int(UInt16.max), "too many ZIP entries (Zip64 unsupported)")
        let payload = method == .deflate ? ZlibCompression.raw(data) : data
        precondition(data.count <= Int(UInt32.max) && payload.count <= Int(UInt32.max)
                     && body.count <= Int(UInt32.max), "ZIP entry too large (Zip64 unsupported)")
        let crc = data.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, UInt32($0.count))) }
        let entry = Entry(name: nameBytes, method: method == .deflate ? 8 : 0, crc: crc,
                          compressedSize: UInt32(payload.count), size: UInt32(data.count),
                          flags: nameBytes.allSatisfy { $0 < 0x80 } ? 0 : 0x0800,
                          offset: UInt32(body.count))
        // Local file header (APPNOTE 4.3.7).
        append32(0x0403_4B50, to: &body)
        append16(20, to: &body)  // version needed: 2.0 (deflate)
        appendCommon(entry, to: &body)
        append16(0, to: &body)  // extra field length
        body += nameBytes
        body += payload
        entries.append(entry)
    }

    /// The whole archive: entries, central directory (APPNOTE 4.3.12) and end record (4.3.16).
    public func finish() -> [UInt8] {
        var out = body
        let directoryOffset = out.count
        for entry in entries {
            append32(0x0201_4B50, to: &out)
            append16(20, to: &out)  // version made by: MS-DOS, 2.0 (no Unix attributes)
            append16(20, to: &out)  // version needed
            appendCommon(entry, to: &out)
            append16(0, to: &out)  // extra field length
            append16(0, to: &out)  // comment length
            append16(0, to: &out)  // disk number start
            append16(0, to: &out)  // internal attributes
            append32(0, to: &out)  // external attributes
            append32(entry.offset, to: &out)
            out += entry.name
        }
        let directorySize = out.count - directoryOffset
        precondition(out.count <= Int(UInt32.max), "ZIP too large (Zip64 unsupported)")
        append32(0x0605_4B50, to: &out)
        append16(0, to: &out)  // this disk
        append16(0, to: &out)  // disk with the central directory
        append16(UInt16(entries.count), to: &out)
        append16(UInt16(entries.count), to: &out)
        append32(UInt32(directorySize), to: &out)
        append32(UInt32(directoryOffset), to: &out)
        append16(0, to: &out)  // comment length
        return out
    }

    /// Fields shared by the local and central headers, from "general purpose flag" to "name length".
    private func appendCommon(_ entry: Entry, to out: inout [UInt8]) {
        append16(entry.flags, to: &out)
        append16(entry.method, to: &out)
        append16(ZipWriter.dosTime, to: &out)
        append16(ZipWriter.dosDate, to: &out)
        append32(entry.crc, to: &out)
        append32(entry.compressedSize, to: &out)
        append32(entry.size, to: &out)
        append16(UInt16(entry.name.count), to: &out)
    }

    private func append16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v)); out.append(UInt8(truncatingIfNeeded: v >> 8))
    }

    private func append32(_ v: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v)); out.append(UInt8(truncatingIfNeeded: v >> 8))
        out.append(UInt8(truncatingIfNeeded: v >> 16)); out.append(UInt8(truncatingIfNeeded: v >> 24))
    }
}
