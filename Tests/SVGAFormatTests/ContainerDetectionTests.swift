import Testing
@testable import SVGAFormat

// Container detection and the public error (spec A.1, B.1.1, A.8): `PK\3\4` is a ZIP, anything
// else a zlib stream; each failure names its stage as "<stage>: <message>".

struct ContainerDetectionTests {
    static let movieMessage = TestProtobuf.build { m in
        m.string(1, "2.0.0")
        m.message(2) { p in p.float(1, 100); p.float(2, 50); p.int32(3, 30); p.int32(4, 3) }
        m.message(4) { s in s.string(1, "a.vector"); s.message(2) { f in f.float(1, 1) } }
    }

    static func failure(_ bytes: [UInt8]) -> DecodeError? {
        do { _ = try SVGADecoder.decode(bytes); return nil } catch { return error }
    }

    @Test func zlibProtobufDecodes() throws {
        let movie = try SVGADecoder.decode(FormatFixtures.zlib(Self.movieMessage))
        #expect(movie.container == .zlibProtobuf)
        #expect(movie.version == "2.0.0")
        #expect(movie.viewBox == Size(width: 100, height: 50))
        #expect(movie.drawList == [.sprite(0)])
    }

    @Test(arguments: [
        ([UInt8](), "container: empty input (0 bytes)"),
        (FormatFixtures.gzip([1, 2, 3]), "zlib: gzip header (1F 8B), expected a zlib stream (RFC 1950) at offset 0"),
        (Array("GIF89a".utf8), "container: not an SVGA file (neither zlib nor ZIP): it starts with 47 49 46 38"),
        ([0x78, 0x00], "zlib: incorrect header check at offset 0"),   // deflate method byte, damaged check
        (Array("PK\u{3}\u{4}".utf8), "zip: no end-of-central-directory record between offset 0 and the end (4 bytes): not a ZIP archive, or truncated"),
    ])
    func failuresNameTheirStage(_ bytes: [UInt8], _ description: String) {
        #expect(Self.failure(bytes)?.description == description)
    }

    @Test func rawDeflateIsRejected() {
        // Depending on its first byte, raw deflate is a damaged zlib header or not SVGA at all.
        #expect([.zlib, .container].contains(Self.failure(FormatFixtures.rawDeflate(Self.movieMessage))?.stage))
    }

    @Test func trailingGarbageIsRejected() {
        let stream = FormatFixtures.zlib(Self.movieMessage)
        #expect(Self.failure(stream + [0]) == DecodeError(stage: .zlib, message: "1 trailing byte after the end of the zlib stream at offset \(stream.count)"))
    }

    @Test func truncatedStreamIsRejected() {
        let stream = FormatFixtures.zlib(Self.movieMessage)
        #expect(Self.failure(Array(stream.dropLast(3)))?.stage == .zlib)
    }

    @Test func corruptProtobufInsideGoodZlib() {
        #expect(Self.failure(FormatFixtures.zlib([0x12, 0x40, 0x0D]))
                == DecodeError(stage: .protobuf, message: "length 64 at offset 1 runs past the end of its message"))
    }

    @Test func protobufCountLimitIsTheLimitsStage() {
        var m = TestProtobuf()
        for _ in 0 ... Limits.maxSprites { m.message(4) { _ in } }
        #expect(Self.failure(FormatFixtures.zlib(m.bytes))?.stage == .limits)
    }

    /// Exactly 4 bytes "PK\3\4" go to the ZIP reader; "PK" alone does not (it is not a ZIP
    /// local header, and not a zlib header either).
    @Test func onlyTheFullZipMagicSelectsZip() {
        #expect(Self.failure(Array("PK".utf8))?.stage == .container)
    }

    @Test func decodeRawKeepsTheFileForm() throws {
        let (raw, kind) = try SVGADecoder.decodeRaw(FormatFixtures.zlib(Self.movieMessage))
        #expect(kind == .zlibProtobuf)
        #expect(raw.params == RawParams(viewBoxWidth: 100, viewBoxHeight: 50, fps: 30, frames: 3))
        #expect(raw.sprites == [RawSprite(imageKey: "a.vector", frames: [RawFrame(alpha: 1)])])
    }
}
