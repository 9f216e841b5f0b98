// Protobuf wire format (the encoding under every MovieEntity, spec B.2), hand-written after
// swift-protobuf's BinaryDecoder: a bounds-checked cursor, varint/tag/length handling, unknown
// fields skipped by wire type (spec A.1).
//
// Decisions, each enforced below:
// - Varints are at most 10 bytes and at most 64 bits: an 11th byte, or a 10th byte carrying bits
//   above bit 63, is `varintTooLong`. (The 10-byte form is how a negative int32 is written.)
// - Lengths are checked against what remains *before* anything is sliced or allocated.
// - Groups (wire types 3/4, deprecated, unused by the SVGA schema) are **skipped** when they are
//   unknown fields, nesting at most `Limits.maxGroupDepth` deep; a stray end-group is an error.
//   A known field arriving as a group is a wrong wire type like any other.
// - Wire types 6 and 7 do not exist; field number 0 is invalid.
// Every error carries the byte offset (into the inflated message) where the problem starts.

public enum WireType: UInt8, Sendable, Hashable, CustomStringConvertible {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5

    public var description: String {
        switch self {
        case .varint: return "varint (0)"
        case .fixed64: return "fixed64 (1)"
        case .lengthDelimited: return "length-delimited (2)"
        case .startGroup: return "start-group (3)"
        case .endGroup: return "end-group (4)"
        case .fixed32: return "fixed32 (5)"
        }
    }
}

public enum WireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data ended inside a tag, a value or a group.
    case truncated(offset: Int)
    /// A varint with an 11th byte, or with bits beyond 64 in its 10th byte.
    case varintTooLong(offset: Int)
    /// A length-delimited field whose length exceeds what remains of its message.
    case lengthPastEnd(offset: Int, length: UInt64)
    /// A known field with a wire type the schema does not allow (spec A.1: an error).
    case wrongWireType(field: String, expected: WireType, got: WireType, offset: Int)
    /// Groups nested deeper than `Limits.maxGroupDepth`.
    case nestingTooDeep(offset: Int)
    /// Field number 0 or above 2^29 − 1.
    case invalidFieldNumber(offset: Int, number: UInt64)
    /// Wire type 6 or 7.
    case invalidWireType(offset: Int, type: UInt8)
    /// An end-group tag with no open group, or closing a different field than the open one.
    case unexpectedEndGroup(offset: Int, field: UInt32)
    /// A count over one of the `Limits` (sprites, frames, shapes, images, audios).
    case limitExceeded(what: String, count: Int, limit: Int, offset: Int)

    public var description: String {
        switch self {
        case .truncated(let o):
            return "message truncated at offset \(o)"
        case .varintTooLong(let o):
            return "varint longer than 10 bytes or 64 bits at offset \(o)"
        case .lengthPastEnd(let o, let n):
            return "length \(n) at offset \(o) runs past the end of its message"
        case .wrongWireType(let f, let e, let g, let o):
            return "field \(f) has wire type \(g), expected \(e), at offset \(o)"
        case .nestingTooDeep(let o):
            return "groups nested deeper than \(Limits.maxGroupDepth) at offset \(o)"
        case .invalidFieldNumber(let o, let n):
            return "invalid field number \(n) at offset \(o)"
        case .invalidWireType(let o, let t):
            return "invalid wire type \(t) at offset \(o)"
        case .unexpectedEndGroup(let o, let f):
            return "unexpected end-group tag for field \(f) at offset \(o)"
        case .limitExceeded(let what, let n, let limit, let o):
            return "\(what): \(n) > \(limit) at offset \(o)"
        }
    }

    /// The offset the error is reported at.
    public var offset: Int {
        switch self {
        case .truncated(let o), .varintTooLong(let o), .lengthPastEnd(let o, _),
             .wrongWireType(_, _, _, let o), .nestingTooDeep(let o), .invalidFieldNumber(let o, _),
             .invalidWireType(let o, _), .unexpectedEndGroup(let o, _), .limitExceeded(_, _, _, let o):
            return o
        }
    }
}

/// One field key: number, wire type, and where the key started.
struct WireTag {
    let field: UInt32
    let wireType: WireType
    let offset: Int
}

/// What one decode may still spend, shared by a message's reader and all its sub-readers (one
/// per decode, so a class): fields read at any depth, and bytes copied out of string and bytes
/// fields (DecodeBudget).
final class WireBudget {
    let decode: DecodeBudget
    let maxFields: Int
    let maxStringBytes: Int
    let maxCopiedBytes: Int
    var fields = 0
    var copiedBytes = 0

    init(_ budget: DecodeBudget, messageBytes: Int) {
        decode = budget
        maxFields = budget.maxProtobufFields
        maxStringBytes = budget.maxStringBytes
        // Image and audio bodies are the movie's data: together they may take what the
        // inflated stream may, never more than the message itself holds.
        maxCopiedBytes = min(budget.maxInflatedBytes, messageBytes)
    }

    static func unlimited() -> WireBudget {
        WireBudget(DecodeBudget.scaled(toMemory: Int.max / 4), messageBytes: Int.max)
    }
}

/// Reads protobuf fields from a message held in a `ByteReader`.
struct WireReader {
    var bytes: ByteReader
    let budget: WireBudget

    init(_ bytes: ByteReader, budget: WireBudget = .unlimited()) {
        self.bytes = bytes
        self.budget = budget
    }

    var isAtEnd: Bool { bytes.isAtEnd }
    var offset: Int { bytes.offset }

    /// The next field key, or nil at the end of the message.
    mutating func nextTag() throws(WireError) -> WireTag? {
        if bytes.isAtEnd { return nil }
        let start = bytes.offset
        budget.fields &+= 1
        guard budget.fields <= budget.maxFields else {
            throw .limitExceeded(what: "protobuf fields (maxProtobufFields)", count: budget.fields,
                                 limit: budget.maxFields, offset: start)
        }
        let key = try readVarint()
        let number = key >> 3
        guard number >= 1, number <= 0x1FFF_FFFF else { throw .invalidFieldNumber(offset: start, number: number) }
        let raw = UInt8(key & 7)
        guard let type = WireType(rawValue: raw) else { throw .invalidWireType(offset: start, type: raw) }
        return WireTag(field: UInt32(number), wireType: type, offset: start)
    }

    mutating func readVarint() throws(WireError) -> UInt64 {
        let start = bytes.offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        // At most 10 bytes: 9 × 7 = 63 bits, then the 10th may add only bit 63.
        for index in 0 ..< 10 {
            guard let b = bytes.readByte() else { throw .truncated(offset: start) }
            if index == 9 {
                // Continuation here would be an 11th byte; a value above 1 would pass bit 63.
                guard b <= 1 else { throw .varintTooLong(offset: start) }
                return result | UInt64(b) << 63
            }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
        throw .varintTooLong(offset: start)   // not reached: the loop returns or throws
    }

    mutating func readFixed32() throws(WireError) -> UInt32 {
        let start = bytes.offset
        guard let v = bytes.readUInt32LE() else { throw .truncated(offset: start) }
        return v
    }

    mutating func readFixed64() throws(WireError) -> UInt64 {
        let start = bytes.offset
        guard let v = bytes.readUInt64LE() else { throw .truncated(offset: start) }
        return v
    }

    /// The payload of a length-delimited field, as a reader over the same buffer (no copy).
    mutating func readLengthDelimited() throws(WireError) -> ByteReader {
        let start = bytes.offset
        let length = try readVarint()
        // Check against what remains before converting or slicing (a length can be 2^64 − 1).
        guard length <= UInt64(bytes.remaining) else { throw .lengthPastEnd(offset: start, length: length) }
        guard let sub = bytes.readSubReader(Int(length)) else { throw .lengthPastEnd(offset: start, length: length) }
        return sub
    }

    /// Skips the value of an unknown field (spec A.1: unknown fields are skipped by wire type).
    mutating func skip(_ tag: WireTag) throws(WireError) {
        try skip(tag, depth: 0)
    }

    private mutating func skip(_ tag: WireTag, depth: Int) throws(WireError) {
        switch tag.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        case .startGroup:
            guard depth < Limits.maxGroupDepth else { throw .nestingTooDeep(offset: tag.offset) }
            while true {
                guard let inner = try nextTag() else { throw .truncated(offset: bytes.offset) }
                if inner.wireType == .endGroup {
                    guard inner.field == tag.field else {
                        throw .unexpectedEndGroup(offset: inner.offset, field: inner.field)
                    }
                    return
                }
                try skip(inner, depth: depth + 1)
            }
        case .endGroup:
            throw .unexpectedEndGroup(offset: tag.offset, field: tag.field)
        }
    }

    // MARK: typed values of known fields (the wire type is checked first, spec A.1)

    /// Throws `wrongWireType` unless `tag` has `expected`; `name` is "Message.field".
    func expect(_ tag: WireTag, _ expected: WireType, _ name: String) throws(WireError) {
        guard tag.wireType == expected else {
            throw .wrongWireType(field: "\(name) (\(tag.field))", expected: expected, got: tag.wireType,
                                 offset: tag.offset)
        }
    }

    mutating func float(_ tag: WireTag, _ name: String) throws(WireError) -> Float {
        try expect(tag, .fixed32, name)
        return Float(bitPattern: try readFixed32())
    }

    /// int32 and enums: a varint whose low 32 bits are the value (negatives use 10 bytes).
    mutating func int32(_ tag: WireTag, _ name: String) throws(WireError) -> Int32 {
        try expect(tag, .varint, name)
        return Int32(truncatingIfNeeded: try readVarint())
    }

    mutating func message(_ tag: WireTag, _ name: String) throws(WireError) -> WireReader {
        try expect(tag, .lengthDelimited, name)
        return WireReader(try readLengthDelimited(), budget: budget)
    }

    /// Image and audio bodies: checked against what remains of the copy budget before copying.
    mutating func bytesValue(_ tag: WireTag, _ name: String) throws(WireError) -> [UInt8] {
        try expect(tag, .lengthDelimited, name)
        let sub = try readLengthDelimited()
        let n = sub.remaining
        guard n <= budget.maxCopiedBytes - budget.copiedBytes else {
            throw .limitExceeded(what: "\(name): bytes copied (maxInflatedBytes)", count: budget.copiedBytes + n,
                                 limit: budget.maxCopiedBytes, offset: tag.offset)
        }
        budget.copiedBytes += n
        return copyBytes(sub.remainingBuffer)
    }

    /// proto3 strings should be UTF-8; invalid sequences become U+FFFD rather than failing, as
    /// the players' decoders do not reject them either.
    mutating func string(_ tag: WireTag, _ name: String) throws(WireError) -> String {
        try expect(tag, .lengthDelimited, name)
        let sub = try readLengthDelimited()
        // Checked before the copy: keys, names and path data are small in every real file.
        guard sub.remaining <= budget.maxStringBytes else {
            throw .limitExceeded(what: "\(name): string of \(sub.remaining) bytes (maxStringBytes)", count: sub.remaining,
                                 limit: budget.maxStringBytes, offset: tag.offset)
        }
        return String(decoding: sub.remainingBuffer, as: UTF8.self)
    }
}
