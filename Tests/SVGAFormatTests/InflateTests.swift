import Testing
@testable import SVGAFormat

// zlib inflation (spec A.1, A.8) against the system zlib as the oracle: round trips, the cap,
// trailing garbage, truncation, and the two look-alike formats that must be refused.

private func zlibError(_ body: () throws(ZlibError) -> Void) -> ZlibError? {
    do { try body(); return nil } catch { return error }
}

struct InflateTests {
    @Test(arguments: [0, 1, 1000, 300_000], [UInt64(1), 99])
    func roundTripsThroughSystemDeflate(size: Int, seed: UInt64) throws {
        let data = FormatFixtures.noise(size, seed: seed)
        #expect(try Inflate.zlib(FormatFixtures.zlib(data)) == data)
        #expect(try Inflate.raw(FormatFixtures.rawDeflate(data)) == data)
    }

    /// Streams that inflate within 4× their size take the one-pass buffer; more compressible ones
    /// (zeros: ~1000×) take the counting fallback. Both give the exact bytes, and the cap holds
    /// on either side of the switch.
    @Test(arguments: [1_000, 70_000, 300_000, 3_000_000])
    func bothInflatePathsGiveTheSameBytes(size: Int) throws {
        for data in [FormatFixtures.noise(size, seed: 5), [UInt8](repeating: 0, count: size)] {
            let stream = FormatFixtures.zlib(data)
            #expect(try Inflate.zlib(stream) == data)
            #expect(try Inflate.zlib(stream, limit: size) == data)
            #expect(overCapLimit(zlibError { () throws(ZlibError) in _ = try Inflate.zlib(stream, limit: size - 1) }) == size - 1)
        }
    }

    @Test func outputOverTheCapIsRejected() {
        let data = [UInt8](repeating: 7, count: 100_000)
        let stream = FormatFixtures.zlib(data)
        #expect(overCapLimit(zlibError { () throws(ZlibError) in _ = try Inflate.zlib(stream, limit: 99_999) }) == 99_999)
        #expect(zlibError { () throws(ZlibError) in _ = try Inflate.zlib(stream, limit: 100_000) } == nil)
    }

    /// A zip bomb stops at the cap: 64 MiB of zeros deflates to ~64 KiB; with a 1 MiB cap the
    /// inflater stops at the first 64 KiB chunk past 1 MiB, reporting how far into the input it got
    /// (about 1/1000 of it: deflate's ratio on zeros).
    @Test func bombStopsAtTheCap() {
        let stream = FormatFixtures.zlib([UInt8](repeating: 0, count: 64 << 20))
        #expect(stream.count < 100_000)
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib(stream, limit: 1 << 20) }
        #expect(overCapLimit(error) == 1 << 20)
        if case .outputOverCap(_, let offset)? = error { #expect(offset > 0 && offset < stream.count / 32) }
    }

    func overCapLimit(_ e: ZlibError?) -> Int? {
        if case .outputOverCap(let limit, _)? = e { return limit }
        return nil
    }

    @Test func trailingGarbageIsRejected() {
        let stream = FormatFixtures.zlib(Array("hello".utf8))
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib(stream + [0xDE, 0xAD]) }
        #expect(error == .trailingBytes(offset: stream.count, count: 2))
        #expect(error?.description == "2 trailing bytes after the end of the zlib stream at offset \(stream.count)")
    }

    @Test func truncatedStreamIsRejected() {
        let stream = FormatFixtures.zlib(FormatFixtures.noise(5000, seed: 3))
        let cut = Array(stream.dropLast(10))
        #expect(zlibError { () throws(ZlibError) in _ = try Inflate.zlib(cut) } == .truncated(offset: cut.count))
        #expect(zlibError { () throws(ZlibError) in _ = try Inflate.zlib([0x78]) } == .truncated(offset: 1))
    }

    /// Raw deflate where a zlib stream belongs fails the RFC 1950 header check (spec B.1.1).
    @Test func rawDeflateIsRejected() {
        let raw = FormatFixtures.rawDeflate(Array("hello hello hello".utf8))
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib(raw) }
        guard case .badHeader(_, let offset)? = error else {
            Issue.record("expected a header error, got \(String(describing: error))"); return
        }
        #expect(offset == 0)
    }

    @Test func gzipIsRejectedByName() {
        let gz = FormatFixtures.gzip(Array("hello".utf8))
        #expect(Array(gz.prefix(2)) == [0x1F, 0x8B])
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib(gz) }
        #expect(error == .badHeader(reason: "gzip header (1F 8B), expected a zlib stream (RFC 1950)", offset: 0))
    }

    @Test(arguments: [
        ([UInt8(0x78), 0x9D], "incorrect header check"),            // FCHECK off by one
        ([UInt8(0x79), 0x18], "unknown compression method 9"),      // CM = 9, FCHECK valid
        ([UInt8(0x88), 0x98], "invalid window size"),               // CINFO = 8, FCHECK valid
    ])
    func headerChecks(_ header: [UInt8], _ reason: String) {
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib(header + [0, 0, 0, 0]) }
        #expect(error == .badHeader(reason: reason, offset: 0))
    }

    @Test func corruptDataReportsZlibMessageAndOffset() {
        // A valid header, then block type 3 (reserved): zlib says "invalid block type".
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib([0x78, 0x9C, 0x07, 0x00]) }
        guard case .dataError(let message, let offset)? = error else {
            Issue.record("expected a data error, got \(String(describing: error))"); return
        }
        #expect(message == "invalid block type")
        #expect(offset >= 2)
    }

    @Test func corruptAdlerIsADataError() {
        var stream = FormatFixtures.zlib(Array("checksum me".utf8))
        stream[stream.count - 1] ^= 0xFF
        let error = zlibError { () throws(ZlibError) in _ = try Inflate.zlib(stream) }
        #expect(error == .dataError(message: "incorrect data check", offset: stream.count))
    }
}
