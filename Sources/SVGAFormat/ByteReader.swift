// The one bounds-checked byte cursor every binary stage reads through (STYLE.md habit 3).
//
// It works over an `UnsafeRawBufferPointer`, so it lives only inside a `withUnsafeBytes` scope
// (`withByteBuffer` below); that keeps reads to index arithmetic with no per-byte array
// bounds-check or copy-on-write traffic. Every read checks what remains first and returns nil
// past the end: the caller turns nil into its own stage's error (`WireError.truncated`,
// `ZipError…`) with `offset`, so this type needs no error enum of its own.

struct ByteReader {
    /// The whole underlying buffer; `position ..< end` is what this reader may still read.
    let base: UnsafeRawBufferPointer
    private(set) var position: Int
    let end: Int

    /// A reader over `base[range]` (the whole buffer by default).
    init(_ base: UnsafeRawBufferPointer, range: Range<Int>? = nil) {
        let r = range ?? 0 ..< base.count
        precondition(r.lowerBound >= 0 && r.upperBound <= base.count, "ByteReader range outside buffer")
        self.base = base
        self.position = r.lowerBound
        self.end = r.upperBound
    }

    /// Offset of the next byte from the start of the underlying buffer (for error messages).
    var offset: Int { position }
    var remaining: Int { end - position }
    var isAtEnd: Bool { position >= end }

    func peekByte() -> UInt8? {
        position < end ? base[position] : nil
    }

    mutating func readByte() -> UInt8? {
        guard position < end else { return nil }
        let b = base[position]
        position += 1
        return b
    }

    mutating func readUInt16LE() -> UInt16? {
        guard remaining >= 2 else { return nil }
        let v = UInt16(base[position]) | UInt16(base[position + 1]) << 8
        position += 2
        return v
    }

    mutating func readUInt32LE() -> UInt32? {
        guard remaining >= 4 else { return nil }
        let v = base.loadUnaligned(fromByteOffset: position, as: UInt32.self)
        position += 4
        return UInt32(littleEndian: v)
    }

    mutating func readUInt64LE() -> UInt64? {
        guard remaining >= 8 else { return nil }
        let v = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        position += 8
        return UInt64(littleEndian: v)
    }

    mutating func readUInt32BE() -> UInt32? {
        guard let v = readUInt32LE() else { return nil }
        return v.byteSwapped
    }

    /// Copies the next `count` bytes out; nil (and nothing consumed) when fewer remain.
    mutating func readBytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= remaining else { return nil }
        let out = copyBytes(UnsafeRawBufferPointer(rebasing: base[position ..< position + count]))
        position += count
        return out
    }

    /// A reader over the next `count` bytes, which this reader then skips; nil when fewer remain.
    mutating func readSubReader(_ count: Int) -> ByteReader? {
        guard count >= 0, count <= remaining else { return nil }
        let sub = ByteReader(base, range: position ..< position + count)
        position += count
        return sub
    }

    /// Skips `count` bytes; false (and nothing consumed) when fewer remain.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        position += count
        return true
    }

    /// The unread bytes as a buffer (valid as long as `base` is).
    var remainingBuffer: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: base[position ..< end])
    }
}

/// `bytes.withUnsafeBytes` with a typed error: the standard library's version is untyped, which
/// would erase every stage error to `any Error`.
@inline(__always)
func withByteBuffer<R, Failure: Error>(_ bytes: [UInt8],
                                      _ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
    let result: Result<R, Failure> = bytes.withUnsafeBytes { raw in
        Result { () throws(Failure) -> R in try body(raw) }
    }
    return try result.get()
}

/// An array copy of `source` by one memory copy. (`[UInt8](buffer)` goes through the generic
/// Sequence initialiser, element by element in a debug build: seconds for a few MiB.)
func copyBytes(_ source: UnsafeRawBufferPointer, count: Int? = nil) -> [UInt8] {
    let n = count ?? source.count
    precondition(n <= source.count)
    return [UInt8](unsafeUninitializedCapacity: n) { buffer, initialized in
        if n > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[0 ..< n])) }
        initialized = n
    }
}
