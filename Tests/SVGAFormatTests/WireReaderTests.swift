import Testing
@testable import SVGAFormat

// The protobuf wire layer (spec B.2, A.1): varints of every length, fixed32/64, lengths checked
// against what remains, unknown fields skipped by wire type, wrong wire types rejected with the
// offset.

private func withWire<R>(_ bytes: [UInt8], _ body: (inout WireReader) throws(WireError) -> R) throws(WireError) -> R {
    try withByteBuffer(bytes) { (raw: UnsafeRawBufferPointer) throws(WireError) -> R in
        var r = WireReader(ByteReader(raw))
        return try body(&r)
    }
}

/// The error `body` throws, or nil.
private func caught(_ body: () throws(WireError) -> Void) -> WireError? {
    do { try body(); return nil } catch { return error }
}

private func readVarint(_ bytes: [UInt8]) -> Result<UInt64, WireError> {
    Result { () throws(WireError) -> UInt64 in try withWire(bytes) { (r: inout WireReader) throws(WireError) in try r.readVarint() } }
}

struct WireReaderTests {
    static let varints: [(UInt64, Int)] = [
        (0, 1), (1, 1), (127, 1), (128, 2), (300, 2), (16_383, 2), (16_384, 3), (1 << 21, 4), (1 << 28, 5),
        (1 << 35, 6), (1 << 42, 7), (1 << 49, 8), (1 << 56, 9), (1 << 63, 10), (UInt64.max, 10),
    ]

    @Test(arguments: varints)
    func varintRoundTripsAtEveryLength(value: UInt64, length: Int) throws {
        let encoded = TestProtobuf.varintBytes(value)
        #expect(encoded.count == length)
        #expect(try readVarint(encoded).get() == value)
    }

    @Test func maxUInt64IsTenBytesEndingInOne() {
        #expect(TestProtobuf.varintBytes(.max) == Array(repeating: 0xFF, count: 9) + [0x01])
    }

    /// A negative int32 is sign-extended to 64 bits on the wire: 10 bytes.
    @Test func negativeInt32UsesTenBytes() throws {
        let bytes = TestProtobuf.build { $0.int32(3, -2) }
        #expect(bytes.count == 11)
        let v = try withWire(bytes) { (r: inout WireReader) throws(WireError) -> Int32 in
            let tag = try r.nextTag()!
            return try r.int32(tag, "T.f")
        }
        #expect(v == -2)
    }

    @Test func elevenByteVarintIsRejected() {
        let bytes: [UInt8] = Array(repeating: 0x80, count: 10) + [0x01]
        #expect(readVarint(bytes) == .failure(.varintTooLong(offset: 0)))
    }

    @Test func tenthByteBeyondBit63IsOverflow() {
        let bytes: [UInt8] = Array(repeating: 0xFF, count: 9) + [0x02]
        #expect(readVarint(bytes) == .failure(.varintTooLong(offset: 0)))
    }

    @Test(arguments: [[UInt8](), [0x80], [0xFF, 0xFF], Array(repeating: 0x80, count: 9)])
    func truncatedVarint(_ bytes: [UInt8]) {
        #expect(readVarint(bytes) == .failure(.truncated(offset: 0)))
    }

    @Test func fixed32AndFixed64AreLittleEndian() throws {
        let bytes = TestProtobuf.build { $0.float(1, 1.5); $0.fixed64(2, 0x0102_0304_0506_0708) }
        let (f, d) = try withWire(bytes) { (r: inout WireReader) throws(WireError) -> (Float, UInt64) in
            let t1 = try r.nextTag()!
            let f = try r.float(t1, "T.a")
            let t2 = try r.nextTag()!
            #expect(t2.wireType == .fixed64)
            return (f, try r.readFixed64())
        }
        #expect(f == 1.5)
        #expect(d == 0x0102_0304_0506_0708)
    }

    @Test func truncatedFixed32() {
        let error = caught { () throws(WireError) in
            try withWire([0x0D, 0x00, 0x00]) { (r: inout WireReader) throws(WireError) in
                let tag = try r.nextTag()!
                _ = try r.float(tag, "T.a")
            }
        }
        #expect(error == .truncated(offset: 1))
    }

    @Test func lengthPastEndIsRejectedBeforeSlicing() {
        // field 1, length-delimited, length 2^63 with 2 bytes left.
        let bytes: [UInt8] = [0x0A] + TestProtobuf.varintBytes(1 << 63) + [1, 2]
        let error = caught { () throws(WireError) in
            try withWire(bytes) { (r: inout WireReader) throws(WireError) in
                _ = try r.nextTag()
                _ = try r.readLengthDelimited()
            }
        }
        #expect(error == .lengthPastEnd(offset: 1, length: 1 << 63))
    }

    /// Unknown fields of every wire type (including a nested group) are skipped and the known
    /// field after them is still read.
    @Test func unknownFieldsOfEachWireTypeAreSkipped() throws {
        var m = TestProtobuf()
        m.varint(20, 12345)
        m.fixed64(21, 7)
        m.data(22, [1, 2, 3])
        m.float(23, 2)
        m.tag(24, 3); m.varint(1, 5); m.tag(25, 3); m.float(2, 1); m.tag(25, 4); m.tag(24, 4)   // groups
        m.string(1, "2.0.0")
        let movie = try ProtobufMovieDecoder.decode(m.bytes)
        #expect(movie.version == "2.0.0")
    }

    @Test func groupsNestedTooDeepAreRejected() {
        var m = TestProtobuf()
        for _ in 0 ... Limits.maxGroupDepth { m.tag(30, 3) }   // each key is 2 bytes
        #expect(throws: WireError.nestingTooDeep(offset: 2 * Limits.maxGroupDepth)) {
            try ProtobufMovieDecoder.decode(m.bytes)
        }
    }

    @Test func strayEndGroupIsRejected() {
        var m = TestProtobuf()
        m.tag(30, 4)
        #expect(throws: WireError.unexpectedEndGroup(offset: 0, field: 30)) { try ProtobufMovieDecoder.decode(m.bytes) }
    }

    @Test func unterminatedGroupIsTruncated() {
        var m = TestProtobuf()
        m.tag(30, 3); m.varint(1, 1)                           // 2 + 2 bytes, then the end
        #expect(throws: WireError.truncated(offset: 4)) { try ProtobufMovieDecoder.decode(m.bytes) }
    }

    @Test(arguments: [(UInt8(0x06), "wire type 6"), (UInt8(0x07), "wire type 7")])
    func invalidWireTypes(_ key: UInt8, _ label: String) {
        #expect(throws: WireError.invalidWireType(offset: 0, type: key & 7), "\(label)") {
            try ProtobufMovieDecoder.decode([key | 0x08, 0])
        }
    }

    @Test func fieldNumberZeroIsRejected() {
        #expect(throws: WireError.invalidFieldNumber(offset: 0, number: 0)) { try ProtobufMovieDecoder.decode([0x00, 0x00]) }
    }

    /// MovieParams.viewBoxWidth (float, fixed32) sent as a varint: an error naming the field and
    /// the offset of its key (spec A.1).
    @Test func wrongWireTypeForKnownFieldNamesFieldAndOffset() {
        let bytes = TestProtobuf.build { m in
            m.string(1, "2.0.0")                         // 7 bytes
            m.message(2) { p in p.varint(1, 400) }       // key at 7, length at 8, inner key at 9
        }
        #expect(throws: WireError.wrongWireType(field: "MovieParams.viewBoxWidth (1)", expected: .fixed32,
                                                got: .varint, offset: 9)) {
            try ProtobufMovieDecoder.decode(bytes)
        }
        let e = WireError.wrongWireType(field: "MovieParams.viewBoxWidth (1)", expected: .fixed32, got: .varint, offset: 9)
        #expect(e.description == "field MovieParams.viewBoxWidth (1) has wire type varint (0), expected fixed32 (5), at offset 9")
    }
}
