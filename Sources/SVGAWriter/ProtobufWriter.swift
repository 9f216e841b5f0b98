// Protobuf wire-format output (https://protobuf.dev/programming-guides/encoding/), only what the
// SVGA schema uses (spec B.2): varint (wire type 0), length-delimited (2) and fixed32 (5).
//
// Presence follows proto3 exactly: a scalar or string field is written only when it differs from
// its default (0, "", empty), floats compared by bit pattern as the C++ and Java runtimes do (so
// -0.0 and NaN are written). Sub-messages are written by the caller whenever they are present.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    mutating func appendVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func appendTag(_ field: Int, _ wire: WireType) {
        appendVarint(UInt64(field) << 3 | wire.rawValue)
    }

    /// int32 / enum: negative values are sign-extended to 10 bytes (protobuf int32 rule).
    mutating func int32(_ field: Int, _ value: Int32) {
        guard value != 0 else { return }
        appendTag(field, .varint)
        appendVarint(UInt64(bitPattern: Int64(value)))
    }

    /// float as fixed32 little-endian.
    mutating func float(_ field: Int, _ value: Float) {
        guard value.bitPattern != 0 else { return }
        appendTag(field, .fixed32)
        let bits = value.bitPattern
        bytes.append(UInt8(truncatingIfNeeded: bits)); bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        bytes.append(UInt8(truncatingIfNeeded: bits >> 16)); bytes.append(UInt8(truncatingIfNeeded: bits >> 24))
    }

    mutating func string(_ field: Int, _ value: String) {
        guard !value.isEmpty else { return }
        lengthDelimited(field, Array(value.utf8))
    }

    mutating func bytesField(_ field: Int, _ value: [UInt8]) {
        guard !value.isEmpty else { return }
        lengthDelimited(field, value)
    }

    /// A sub-message: always written, even when its encoding is empty (the caller decides presence).
    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        lengthDelimited(field, inner.bytes)
    }

    private mutating func lengthDelimited(_ field: Int, _ payload: [UInt8]) {
        appendTag(field, .lengthDelimited)
        appendVarint(UInt64(payload.count))
        bytes += payload
    }
}
