import Testing
@testable import SVGAFormat

// The ZIP reader (spec A.1, B.1.2) on archives built byte by byte: stored and deflate entries,
// data descriptors, comments, ignored names, and the faults it must name.

private func zipError(_ body: () throws(ZipError) -> Void) -> ZipError? {
    do { try body(); return nil } catch { return error }
}

struct ZipReaderTests {
    static let spec = Array(#"{"ver":"1.1.0"}"#.utf8)
    static let image = FormatFixtures.noise(4000, seed: 5)

    @Test(arguments: [false, true])
    func readsStoredAndDeflatedEntries(deflate: Bool) throws {
        var zip = TestZip()
        zip.add("movie.spec", Self.spec, deflate: deflate)
        zip.add("a.png", Self.image, deflate: deflate)
        let archive = try ZipArchive(zip.bytes())
        #expect(archive.entries.map(\.name) == ["movie.spec", "a.png"])
        #expect(archive.entries.map(\.method) == (deflate ? [8, 8] : [0, 0]))
        #expect(try archive.read(named: "movie.spec") == Self.spec)
        #expect(try archive.read(named: "a.png") == Self.image)
        #expect(try archive.read(named: "b.png") == nil)
    }

    /// rose_1.5.0.svga writes sizes and CRC after the data (flag bit 3); the central directory has
    /// them, so the local header's zeros do not matter.
    @Test func toleratesDataDescriptors() throws {
        var zip = TestZip()
        zip.add("movie.binary", Self.image, dataDescriptor: true)
        zip.add("x.png", Self.spec, deflate: false, dataDescriptor: true)
        let archive = try ZipArchive(zip.bytes())
        #expect(try archive.read(named: "movie.binary") == Self.image)
        #expect(try archive.read(named: "x.png") == Self.spec)
    }

    /// Flag 3 set but the descriptor record itself missing: sizes and CRC come from the central
    /// directory, so the entry still reads (and is still CRC-checked).
    @Test func toleratesAMissingDataDescriptor() throws {
        var zip = TestZip()
        zip.add("movie.spec", Self.spec, dataDescriptor: true)
        zip.entries[0].omitDescriptor = true
        zip.add("a.png", Self.image)
        let archive = try ZipArchive(zip.bytes())
        #expect(try archive.read(named: "movie.spec") == Self.spec)
        #expect(try archive.read(named: "a.png") == Self.image)
    }

    @Test(arguments: [0, 1, 500, 65_535])
    func findsTheEndRecordBehindAComment(length: Int) throws {
        var zip = TestZip()
        zip.add("movie.spec", Self.spec)
        // A comment that itself contains a fake end-record signature must not confuse the scan.
        zip.comment = Array(FormatFixtures.le32(0x0605_4B50) + FormatFixtures.noise(max(0, length - 4), seed: 9)).prefix(length).map { $0 }
        let archive = try ZipArchive(zip.bytes())
        #expect(try archive.read(named: "movie.spec") == Self.spec)
    }

    @Test func namesWithSlashOrDotDotAreIgnored() throws {
        var zip = TestZip()
        zip.add("__MACOSX/._movie.spec", [1, 2, 3])
        zip.add("../evil.png", [4])
        zip.add("dir\\x.png", [5])
        zip.add("a..b", [6])
        zip.add("movie.spec", Self.spec)
        let archive = try ZipArchive(zip.bytes())
        #expect(archive.entries.map(\.name) == ["movie.spec"])
        #expect(archive.ignoredNames == ["__MACOSX/._movie.spec", "../evil.png", "dir\\x.png", "a..b"])
        #expect(try archive.read(named: "../evil.png") == nil)
    }

    @Test func crcMismatchNamesTheEntry() throws {
        var zip = TestZip()
        zip.add("a.png", Self.image)
        zip.entries[0].crc = 0x1234_5678
        let archive = try ZipArchive(zip.bytes())
        let error = zipError { () throws(ZipError) in _ = try archive.read(named: "a.png") }
        #expect(error == .crcMismatch(name: "a.png", expected: 0x1234_5678, actual: FormatFixtures.crc32(Self.image)))
        #expect(error?.description.hasPrefix("entry 'a.png': CRC-32") == true)
    }

    @Test func localHeaderOffsetOutsideTheFile() throws {
        var zip = TestZip()
        zip.add("a.png", Self.image)
        zip.entries[0].localOffset = 0x00FF_FFFF
        // Found when the archive is opened (every entry's span is checked for overlap then).
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes()) } == .entryOutsideArchive(name: "a.png"))
    }

    @Test func localOffsetPointingAtNoHeader() throws {
        var zip = TestZip()
        zip.add("a.png", Self.image, deflate: false)
        zip.entries[0].localOffset = 40
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes()) } == .badLocalHeader(name: "a.png", offset: 40))
    }

    @Test func centralDirectoryOutsideTheFile() {
        var bytes = TestZip().bytes()                       // just an end record
        bytes.replaceSubrange(16 ..< 20, with: FormatFixtures.le32(1000))   // cd offset
        bytes.replaceSubrange(12 ..< 16, with: FormatFixtures.le32(46))     // cd size
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(bytes) } == .centralDirectoryOutsideArchive(offset: 1000, size: 46))
    }

    @Test func entryCountOverTheLimit() {
        var bytes = TestZip().bytes()
        bytes.replaceSubrange(8 ..< 12, with: FormatFixtures.le16(0xFFFF) + FormatFixtures.le16(0xFFFF))
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(bytes) } == .tooManyEntries(count: 65_535, limit: Limits.maxZipEntries))
    }

    @Test func declaredSizeOverTheBudget() {
        let limit = DecodeBudget.default.maxZipUncompressedBytes
        var zip = TestZip()
        zip.add("a.png", Self.image)
        zip.entries[0].uncompressedSize = UInt32(limit + 1)
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes()) }
                == .entryOverCap(name: "a.png", declared: limit + 1, limit: limit, deflateRatio: false))
    }

    /// Deflate cannot expand past ~1032:1, so a 100-byte body declaring 1 MB is refused before
    /// inflating, with the most it could hold as the limit.
    @Test func declaredSizeBeyondDeflateRatio() {
        var zip = TestZip()
        zip.add("a.png", Self.image)
        let compressed = FormatFixtures.rawDeflate(Self.image).count
        zip.entries[0].uncompressedSize = UInt32(compressed * 1032 + 1025)
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes()) }
                == .entryOverCap(name: "a.png", declared: compressed * 1032 + 1025, limit: compressed * 1032 + 1024, deflateRatio: true))
    }

    /// Go's archive/zip rule: entries sharing bytes are refused (issue 14: 1000 entries over one
    /// 500 KiB body were each inflated).
    @Test func overlappingEntriesAreRejected() {
        var zip = TestZip()
        zip.add("a.png", Self.image)
        zip.add("b.png", Self.image)
        zip.entries[1].localOffset = 0
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes()) }
                == .overlappingEntries(name: "b.png", offset: 0, other: "a.png")
                || zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes()) }
                == .overlappingEntries(name: "a.png", offset: 0, other: "b.png"))
    }

    @Test func declaredSizesOverTheTotalBudget() {
        let budget = DecodeBudget.scaled(toMemory: DecodeBudget.nominalMemoryBytes / 1024)   // 32 KiB of ZIP
        var zip = TestZip()
        zip.add("a.png", Self.image)
        zip.add("b.png", Self.image)
        let each = budget.maxZipUncompressedBytes / 2 + 1
        zip.entries[0].uncompressedSize = UInt32(each)
        zip.entries[1].uncompressedSize = UInt32(each)
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(zip.bytes(), budget: budget) }
                == .totalSizeOverCap(total: 2 * each, limit: budget.maxZipUncompressedBytes, name: "b.png"))
    }

    @Test func inflatingPastTheDeclaredSize() throws {
        var zip = TestZip()
        zip.add("a.png", Self.image)
        zip.entries[0].uncompressedSize = 100
        let archive = try ZipArchive(zip.bytes())
        #expect(zipError { () throws(ZipError) in _ = try archive.read(named: "a.png") } == .largerThanDeclared(name: "a.png", declared: 100))
    }

    @Test func unsupportedMethodNamesTheEntry() throws {
        var zip = TestZip()
        zip.add("a.png", Self.image, deflate: false)
        zip.entries[0].method = 12                              // bzip2
        let archive = try ZipArchive(zip.bytes())
        #expect(zipError { () throws(ZipError) in _ = try archive.read(named: "a.png") } == .unsupportedMethod(name: "a.png", method: 12))
    }

    @Test func zip64IsUnsupported() {
        var bytes = TestZip().bytes()
        bytes.replaceSubrange(16 ..< 20, with: FormatFixtures.le32(0xFFFF_FFFF))
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(bytes) } == .zip64Unsupported(name: nil))
    }

    @Test(arguments: [[UInt8](), Array("PK\u{3}\u{4} not really a zip".utf8)])
    func missingEndRecord(_ bytes: [UInt8]) {
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(bytes) } == .noEndOfCentralDirectory(searchedFrom: 0, size: bytes.count))
    }

    @Test func truncatedArchiveLosesItsEndRecord() {
        var zip = TestZip()
        zip.add("movie.spec", Self.spec)
        let bytes = zip.bytes()
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(Array(bytes.dropLast(5))) }
                == .noEndOfCentralDirectory(searchedFrom: 0, size: bytes.count - 5))
    }

    @Test func firstOfDuplicateNamesWins() throws {
        var zip = TestZip()
        zip.add("a.png", [1])
        zip.add("a.png", [2])
        #expect(try ZipArchive(zip.bytes()).read(named: "a.png") == [1])
    }
}
