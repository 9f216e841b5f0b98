import CZlib

// A defensive ZIP reader for 1.x / "1.5" SVGA files (spec A.1, B.1.2), after Go's archive/zip:
// - the end-of-central-directory record is found by scanning back from the end (its comment is
//   at most 65535 bytes), and every offset and size it or the central directory gives is checked
//   to lie inside the file before it is used;
// - the entry count is capped (`Limits`), and each entry's declared uncompressed size, their total,
//   and the ratio to its compressed size (deflate cannot exceed ~1032:1) are checked against the
//   budget *before* anything is inflated; nothing is preallocated from a count in the file;
// - entries whose bytes (local header through data) overlap another entry or the central
//   directory are rejected, as Go's archive/zip does since 1.19 for overlapping files: a small
//   archive must not make one body count many times (issue 14: 1000 entries over one 500 KiB
//   body);
// - only methods 0 (stored) and 8 (deflate) are read; sizes and CRC-32 come from the central
//   directory, so entries written with a data descriptor (flag bit 3, zero sizes in the local
//   header) read the same; each entry's CRC-32 and size are verified;
// - names containing `/`, `\` or `..` are ignored (A.1: `__MACOSX/…`, path traversal); of two
//   entries with the same name the first wins;
// - Zip64, multi-disk archives and encryption are rejected as unsupported.

public enum ZipError: Error, Sendable, Hashable, CustomStringConvertible {
    case noEndOfCentralDirectory(searchedFrom: Int, size: Int)
    case zip64Unsupported(name: String?)
    case multiDiskUnsupported
    case centralDirectoryOutsideArchive(offset: Int, size: Int)
    case badCentralDirectoryEntry(index: Int, offset: Int)
    case tooManyEntries(count: Int, limit: Int)
    case totalSizeOverCap(total: Int, limit: Int, name: String)
    /// One entry declares more than the budget (`deflateRatio` false), or more than its
    /// compressed size could inflate to (`deflateRatio` true; deflate's best is ~1032:1).
    case entryOverCap(name: String, declared: Int, limit: Int, deflateRatio: Bool)
    /// Two entries share bytes; `other` nil: the entry overlaps the central directory.
    case overlappingEntries(name: String, offset: Int, other: String?)
    case entryOutsideArchive(name: String)
    case badLocalHeader(name: String, offset: Int)
    case encrypted(name: String)
    case unsupportedMethod(name: String, method: UInt16)
    /// Stored data whose sizes disagree, or inflated data shorter than declared.
    case sizeMismatch(name: String, expected: Int, actual: Int)
    /// Deflate data that inflates past the declared uncompressed size.
    case largerThanDeclared(name: String, declared: Int)
    case crcMismatch(name: String, expected: UInt32, actual: UInt32)
    case inflate(name: String, error: ZlibError)

    public var description: String {
        switch self {
        case .noEndOfCentralDirectory(let from, let size):
            return "no end-of-central-directory record between offset \(from) and the end (\(size) bytes): not a ZIP archive, or truncated"
        case .zip64Unsupported(let name):
            return name.map { "entry \(q($0)): Zip64 is unsupported" } ?? "Zip64 archives are unsupported"
        case .multiDiskUnsupported:
            return "multi-disk archives are unsupported"
        case .centralDirectoryOutsideArchive(let o, let n):
            return "central directory (offset \(o), \(n) bytes) lies outside the archive"
        case .badCentralDirectoryEntry(let i, let o):
            return "central directory entry \(i) at offset \(o) is malformed"
        case .tooManyEntries(let n, let limit):
            return "\(n) entries > \(limit) entry limit"
        case .totalSizeOverCap(let total, let limit, let name):
            return "entry \(q(name)): total declared uncompressed size \(total) bytes > limit \(limit) (maxZipUncompressedBytes)"
        case .entryOverCap(let name, let declared, let limit, let ratio):
            return ratio
                ? "entry \(q(name)): declares \(declared) uncompressed bytes, more than its compressed size can inflate to (\(limit))"
                : "entry \(q(name)): declares \(declared) uncompressed bytes > limit \(limit) (maxZipUncompressedBytes)"
        case .overlappingEntries(let name, let o, let other):
            return "entry \(q(name)) at offset \(o) overlaps \(other.map { "entry " + q($0) } ?? "the central directory") (overlapping entries are rejected)"
        case .entryOutsideArchive(let name):
            return "entry \(q(name)): data lies outside the archive"
        case .badLocalHeader(let name, let o):
            return "entry \(q(name)): no local file header at offset \(o)"
        case .encrypted(let name):
            return "entry \(q(name)): encrypted entries are unsupported"
        case .unsupportedMethod(let name, let m):
            return "entry \(q(name)): compression method \(m) is unsupported (only 0 stored and 8 deflate)"
        case .sizeMismatch(let name, let e, let a):
            return "entry \(q(name)): \(a) bytes, the central directory says \(e)"
        case .largerThanDeclared(let name, let d):
            return "entry \(q(name)): inflates past its declared size of \(d) bytes"
        case .crcMismatch(let name, let e, let a):
            return "entry \(q(name)): CRC-32 \(hex(a)) does not match the recorded \(hex(e))"
        case .inflate(let name, let e):
            return "entry \(q(name)): \(e)"
        }
    }

    private func q(_ s: String) -> String { UntrustedText.quoted(s) }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - s.count) + s
    }
}

public struct ZipArchive: Sendable {
    public struct Entry: Sendable, Hashable {
        public let name: String
        public let method: UInt16
        public let flags: UInt16
        public let crc32: UInt32
        public let compressedSize: Int
        public let uncompressedSize: Int
        public let localHeaderOffset: Int
    }

    public let bytes: [UInt8]
    /// Readable entries in central-directory order (ignored names excluded).
    public let entries: [Entry]
    /// Names skipped under A.1 (`/`, `\` or `..` in the name).
    public let ignoredNames: [String]
    private let index: [String: Int]

    static let eocdSignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let centralSignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50
    static let eocdSize = 22, centralSize = 46, localSize = 30

    public init(_ bytes: [UInt8], budget: DecodeBudget = .default) throws(ZipError) {
        let parsed = try withByteBuffer(bytes) { (raw: UnsafeRawBufferPointer) throws(ZipError) -> ([Entry], [String]) in
            let parsed = try Self.parseDirectory(raw, budget: budget)
            try Self.checkNoOverlap(parsed.0, raw, centralDirectory: parsed.2)
            return (parsed.0, parsed.1)
        }
        self.bytes = bytes
        self.entries = parsed.0
        self.ignoredNames = parsed.1
        var index: [String: Int] = [:]
        for (i, e) in parsed.0.enumerated() where index[e.name] == nil { index[e.name] = i }
        self.index = index
    }

    public func entry(named name: String) -> Entry? {
        index[name].map { entries[$0] }
    }

    /// The entry's bytes, or nil when there is no (readable) entry with that name.
    public func read(named name: String) throws(ZipError) -> [UInt8]? {
        guard let e = entry(named: name) else { return nil }
        return try read(e)
    }

    /// Reads and verifies one entry (size, CRC-32).
    public func read(_ entry: Entry) throws(ZipError) -> [UInt8] {
        try withByteBuffer(bytes) { (raw: UnsafeRawBufferPointer) throws(ZipError) -> [UInt8] in
            try Self.readEntry(entry, raw)
        }
    }

    private static func parseDirectory(_ raw: UnsafeRawBufferPointer,
                                       budget: DecodeBudget) throws(ZipError) -> ([Entry], [String], Range<Int>) {
        let count = raw.count
        guard count >= eocdSize else { throw .noEndOfCentralDirectory(searchedFrom: 0, size: count) }
        // Scan back for the EOCD signature. A comment may itself contain the signature, so the
        // record whose comment ends exactly at the end of the file wins; failing that (junk
        // appended after the archive), the last record whose comment fits in the file.
        var eocd = -1
        var pos = count - eocdSize
        let lowest = max(0, count - eocdSize - 0xFFFF)
        while pos >= lowest {
            var r = ByteReader(raw, range: pos ..< count)
            if r.readUInt32LE() == eocdSignature {
                _ = r.skip(16)
                let end = pos + eocdSize + Int(r.readUInt16LE()!)
                if end == count { eocd = pos; break }
                if end < count && eocd < 0 { eocd = pos }
            }
            pos -= 1
        }
        guard eocd >= 0 else { throw .noEndOfCentralDirectory(searchedFrom: lowest, size: count) }

        var r = ByteReader(raw, range: eocd + 4 ..< eocd + eocdSize)
        let disk = r.readUInt16LE()!, cdDisk = r.readUInt16LE()!
        let entriesHere = r.readUInt16LE()!, entriesTotal = r.readUInt16LE()!
        let cdSize = r.readUInt32LE()!, cdOffset = r.readUInt32LE()!
        if eocd >= 20 {
            var locator = ByteReader(raw, range: eocd - 20 ..< eocd)
            if locator.readUInt32LE() == zip64LocatorSignature { throw .zip64Unsupported(name: nil) }
        }
        if cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF { throw .zip64Unsupported(name: nil) }
        guard disk == 0, cdDisk == 0, entriesHere == entriesTotal else { throw .multiDiskUnsupported }
        guard Int(entriesTotal) <= Limits.maxZipEntries else {
            throw .tooManyEntries(count: Int(entriesTotal), limit: Limits.maxZipEntries)
        }
        let cdStart = Int(cdOffset), cdEnd = Int(cdOffset) + Int(cdSize)
        guard cdEnd <= eocd else { throw .centralDirectoryOutsideArchive(offset: cdStart, size: Int(cdSize)) }

        var cd = ByteReader(raw, range: cdStart ..< cdEnd)
        var entries: [Entry] = []
        var ignored: [String] = []
        var total = 0
        for i in 0 ..< Int(entriesTotal) {
            let at = cd.offset
            guard cd.remaining >= centralSize, cd.readUInt32LE() == centralSignature else {
                throw .badCentralDirectoryEntry(index: i, offset: at)
            }
            _ = cd.skip(4)                               // version made by, version needed
            let flags = cd.readUInt16LE()!, method = cd.readUInt16LE()!
            _ = cd.skip(4)                               // time, date
            let crc = cd.readUInt32LE()!, csize = cd.readUInt32LE()!, usize = cd.readUInt32LE()!
            let nameLength = Int(cd.readUInt16LE()!), extraLength = Int(cd.readUInt16LE()!)
            let commentLength = Int(cd.readUInt16LE()!)
            _ = cd.skip(8)                               // disk, internal and external attributes
            let localOffset = cd.readUInt32LE()!
            guard let nameBytes = cd.readBytes(nameLength), cd.skip(extraLength), cd.skip(commentLength) else {
                throw .badCentralDirectoryEntry(index: i, offset: at)
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if name.contains("/") || name.contains("\\") || name.contains("..") {
                ignored.append(name)
                continue
            }
            if csize == 0xFFFF_FFFF || usize == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
                throw .zip64Unsupported(name: name)
            }
            // Deflate's best ratio is 1032:1 (258-byte matches in 2-bit codes); a stored entry is
            // its own size. A declaration beyond that, or beyond the budget, is rejected here,
            // before any byte is inflated.
            let possible = method == 0 ? Int(csize) : Int(csize) * 1032 + 1024
            guard Int(usize) <= budget.maxZipUncompressedBytes else {
                throw .entryOverCap(name: name, declared: Int(usize), limit: budget.maxZipUncompressedBytes, deflateRatio: false)
            }
            guard method != 0 && method != 8 || Int(usize) <= possible else {
                throw .entryOverCap(name: name, declared: Int(usize), limit: possible, deflateRatio: true)
            }
            total += Int(usize)
            guard total <= budget.maxZipUncompressedBytes else {
                throw .totalSizeOverCap(total: total, limit: budget.maxZipUncompressedBytes, name: name)
            }
            entries.append(Entry(name: name, method: method, flags: flags, crc32: crc, compressedSize: Int(csize),
                                 uncompressedSize: Int(usize), localHeaderOffset: Int(localOffset)))
        }
        return (entries, ignored, cdStart ..< max(cdEnd, eocd + eocdSize))
    }

    /// Each entry's span (local header, name, extra, data) must lie inside the archive and share
    /// no byte with another entry's or with the central directory (Go's archive/zip rejects
    /// overlapping files the same way). Sorting by offset makes this O(n log n).
    private static func checkNoOverlap(_ entries: [Entry], _ raw: UnsafeRawBufferPointer,
                                       centralDirectory: Range<Int>) throws(ZipError) {
        var spans: [(range: Range<Int>, name: String)] = []
        spans.reserveCapacity(entries.count)
        for e in entries {
            let span = try dataRange(e, raw)
            spans.append((e.localHeaderOffset ..< span.upperBound, e.name))
        }
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        for i in spans.indices {
            if spans[i].range.overlaps(centralDirectory) {
                throw .overlappingEntries(name: spans[i].name, offset: spans[i].range.lowerBound, other: nil)
            }
            if i > 0 && spans[i].range.lowerBound < spans[i - 1].range.upperBound {
                throw .overlappingEntries(name: spans[i].name, offset: spans[i].range.lowerBound, other: spans[i - 1].name)
            }
        }
    }

    /// Where an entry's data lies, from its local header (whose name/extra lengths may differ
    /// from the central directory's; only they locate the data).
    private static func dataRange(_ e: Entry, _ raw: UnsafeRawBufferPointer) throws(ZipError) -> Range<Int> {
        guard e.localHeaderOffset + localSize <= raw.count else { throw .entryOutsideArchive(name: e.name) }
        var local = ByteReader(raw, range: e.localHeaderOffset ..< raw.count)
        guard local.readUInt32LE() == localSignature else {
            throw .badLocalHeader(name: e.name, offset: e.localHeaderOffset)
        }
        _ = local.skip(22)
        let nameLength = Int(local.readUInt16LE()!), extraLength = Int(local.readUInt16LE()!)
        let dataStart = e.localHeaderOffset + localSize + nameLength + extraLength
        guard dataStart + e.compressedSize <= raw.count else { throw .entryOutsideArchive(name: e.name) }
        return dataStart ..< dataStart + e.compressedSize
    }

    private static func readEntry(_ e: Entry, _ raw: UnsafeRawBufferPointer) throws(ZipError) -> [UInt8] {
        let range = try dataRange(e, raw)
        if e.flags & 1 != 0 { throw .encrypted(name: e.name) }
        let data = UnsafeRawBufferPointer(rebasing: raw[range])

        let out: [UInt8]
        switch e.method {
        case 0:
            guard e.compressedSize == e.uncompressedSize else {
                throw .sizeMismatch(name: e.name, expected: e.uncompressedSize, actual: e.compressedSize)
            }
            out = copyBytes(data)
        case 8:
            do {
                // Straight into an array of the declared size (already within the budget): no
                // growth, and the first byte past the declaration stops it.
                out = try Inflate.exactly(e.uncompressedSize, data, windowBits: -15, allowTrailing: true)
            } catch .outputOverCap {
                throw .largerThanDeclared(name: e.name, declared: e.uncompressedSize)
            } catch {
                throw .inflate(name: e.name, error: error)
            }
            guard out.count == e.uncompressedSize else {
                throw .sizeMismatch(name: e.name, expected: e.uncompressedSize, actual: out.count)
            }
        default:
            throw .unsupportedMethod(name: e.name, method: e.method)
        }
        let actual = crc32Of(out)
        guard actual == e.crc32 else { throw .crcMismatch(name: e.name, expected: e.crc32, actual: actual) }
        return out
    }
}

/// zlib's CRC-32 (the ZIP checksum) over a whole buffer.
func crc32Of(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buf -> UInt32 in
        var crc: uLong = crc32(0, nil, 0)
        var offset = 0
        while offset < buf.count {
            let n = min(buf.count - offset, Int(UInt32.max))
            crc = crc32(crc, buf.baseAddress! + offset, uInt(n))
            offset += n
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
