import CZlib

// zlib (RFC 1950) and raw deflate (RFC 1951) inflation over the system zlib, with a hard output
// cap (spec A.8: "an inflated size above a cap" is rejected; STYLE.md habit 3).
//
// - Output streams through a 64 KiB scratch buffer and stops at the first chunk over the limit,
//   so a bomb costs at most 4× its own size and milliseconds; the result is allocated once (at
//   4× the input, or at its exact size counted by a first pass, or at a ZIP size already checked
//   against the budget). Nothing is preallocated from sizes found inside the data.
// - Spec A.1 / B.1.1: a 2.x file is a zlib-wrapped stream; raw deflate, gzip and trailing
//   garbage after the stream end are errors. We check the two-byte header ourselves first so
//   the message is precise (gzip is named as such), then let zlib verify the rest, including
//   the Adler-32 trailer.
// - Raw mode (windowBits −15) serves ZIP method 8 entries; the ZIP reader passes the central
//   directory's uncompressed size as the limit and tolerates padding after the stream.

public enum ZlibError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The two-byte zlib header is wrong (`reason` says how); the offset is 0.
    case badHeader(reason: String, offset: Int)
    /// The input ended before the deflate stream (and, for zlib, its Adler-32 trailer) did.
    case truncated(offset: Int)
    /// zlib rejected the data: its message and the input offset it had reached.
    case dataError(message: String, offset: Int)
    /// The stream inflates to more than `limit` bytes; `offset` is how far into the input
    /// inflation had got when the output passed the limit.
    case outputOverCap(limit: Int, offset: Int)
    /// Bytes after the end of the zlib stream (spec A.1).
    case trailingBytes(offset: Int, count: Int)
    case outOfMemory
    case internalError(code: Int32)

    public var description: String {
        switch self {
        case .badHeader(let reason, let o): return "\(reason) at offset \(o)"
        case .truncated(let o): return "stream truncated: input ends at offset \(o) before the end of the compressed data"
        case .dataError(let m, let o): return "\(m) at offset \(o)"
        case .outputOverCap(let limit, let o): return "inflates past \(limit) bytes (maxInflatedBytes) at input offset \(o)"
        case .trailingBytes(let o, let n): return "\(n) trailing byte\(n == 1 ? "" : "s") after the end of the zlib stream at offset \(o)"
        case .outOfMemory: return "out of memory while inflating"
        case .internalError(let c): return "zlib internal error \(c)"
        }
    }
}

public enum Inflate {
    /// Inflates a complete zlib stream (RFC 1950): header, deflate data, Adler-32, nothing after.
    public static func zlib(_ input: [UInt8], limit: Int = DecodeBudget.default.maxInflatedBytes) throws(ZlibError) -> [UInt8] {
        try withByteBuffer(input) { (raw: UnsafeRawBufferPointer) throws(ZlibError) -> [UInt8] in
            try checkZlibHeader(raw)
            return try run(raw, windowBits: 15, limit: limit, allowTrailing: false)
        }
    }

    /// Inflates raw deflate data (RFC 1951, no header), as in a ZIP method-8 entry. With
    /// `allowTrailing`, bytes after the final block are ignored (ZIP writers may pad).
    public static func raw(_ input: [UInt8], limit: Int = DecodeBudget.default.maxInflatedBytes,
                           allowTrailing: Bool = false) throws(ZlibError) -> [UInt8] {
        try withByteBuffer(input) { (raw: UnsafeRawBufferPointer) throws(ZlibError) -> [UInt8] in
            try run(raw, windowBits: -15, limit: limit, allowTrailing: allowTrailing)
        }
    }

    static func raw(_ input: UnsafeRawBufferPointer, limit: Int, allowTrailing: Bool) throws(ZlibError) -> [UInt8] {
        try run(input, windowBits: -15, limit: limit, allowTrailing: allowTrailing)
    }

    /// RFC 1950 §2.2: CMF·256 + FLG is a multiple of 31, CM = 8 (deflate), CINFO ≤ 7, no preset
    /// dictionary (SVGA never uses one). Checked in zlib's own order and with its wording.
    static func checkZlibHeader(_ input: UnsafeRawBufferPointer) throws(ZlibError) {
        guard input.count >= 2 else { throw .truncated(offset: input.count) }
        let cmf = input[0], flg = input[1]
        if cmf == 0x1F && flg == 0x8B {
            throw .badHeader(reason: "gzip header (1F 8B), expected a zlib stream (RFC 1950)", offset: 0)
        }
        guard (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else {
            throw .badHeader(reason: "incorrect header check", offset: 0)
        }
        guard cmf & 0x0F == 8 else {
            throw .badHeader(reason: "unknown compression method \(cmf & 0x0F)", offset: 0)
        }
        guard cmf >> 4 <= 7 else { throw .badHeader(reason: "invalid window size", offset: 0) }
        guard flg & 0x20 == 0 else { throw .badHeader(reason: "preset dictionary not supported", offset: 1) }
    }

    /// A stream whose size is unknown (a zlib 2.x file). One pass into a buffer sized from the
    /// input (4× its size, at least 64 KiB, at most `limit`): SVGA movies inflate 1–4× (their
    /// images are already compressed), so this is the only pass for real files. A stream that
    /// outgrows the buffer falls back to two passes: the first counts the output through a
    /// 64 KiB scratch buffer and stops at the first chunk over `limit`, the second fills an array
    /// of exactly that size. Either way a bomb is rejected having held at most 4× its own size
    /// (never the limit), and an accepted stream is never in a doubling buffer (issue 14).
    /// Inflating twice was half of every decode of a large file (and of each fuzzing run on one).
    private static func run(_ input: UnsafeRawBufferPointer, windowBits: Int32, limit: Int,
                            allowTrailing: Bool) throws(ZlibError) -> [UInt8] {
        let (fourTimes, overflow) = input.count.multipliedReportingOverflow(by: 4)
        let guess = min(limit, max(1 << 16, overflow ? Int.max : fourTimes))
        do throws(ZlibError) {
            return try exactly(guess, input, windowBits: windowBits, allowTrailing: allowTrailing)
        } catch {
            guard case .outputOverCap = error, guess < limit else { throw error }
        }
        let size = try stream(input, windowBits: windowBits, limit: limit, allowTrailing: allowTrailing) { _, _ in }
        return try exactly(size, input, windowBits: windowBits, allowTrailing: allowTrailing)
    }

    /// Inflates a stream known to produce `size` bytes (counted, or declared by a ZIP central
    /// directory and already checked against the budget) into one array of that size. More
    /// output than `size` is `outputOverCap(limit: size)`; less is reported by the caller from
    /// the returned array's count being short (the array is trimmed to what came).
    static func exactly(_ size: Int, _ input: UnsafeRawBufferPointer, windowBits: Int32,
                        allowTrailing: Bool) throws(ZlibError) -> [UInt8] {
        var failure: ZlibError?
        let out = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let base = UnsafeMutableRawBufferPointer(buffer)
            do throws(ZlibError) {
                initialized = try stream(input, windowBits: windowBits, limit: size, allowTrailing: allowTrailing) {
                    (chunk: UnsafeRawBufferPointer, at: Int) in
                    base.baseAddress!.advanced(by: at).copyMemory(from: chunk.baseAddress!, byteCount: chunk.count)
                }
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return out
    }

    /// The streaming core: inflates through a 64 KiB scratch buffer, handing each chunk and its
    /// output offset to `sink` only once the running total is known to be within `limit`.
    /// Returns the total. Stops with `outputOverCap` at the first chunk that passes `limit`.
    static func stream(_ input: UnsafeRawBufferPointer, windowBits: Int32, limit: Int, allowTrailing: Bool,
                       sink: (UnsafeRawBufferPointer, Int) -> Void) throws(ZlibError) -> Int {
        precondition(limit >= 0)
        var stream = z_stream()
        let initStatus = inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else {
            throw initStatus == Z_MEM_ERROR ? .outOfMemory : .internalError(code: initStatus)
        }
        defer { inflateEnd(&stream) }

        let chunkSize = 1 << 16
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { scratch.deallocate() }
        var produced = 0
        var consumed = 0
        let inBase = input.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self)) }

        while true {
            let inChunk = min(input.count - consumed, Int(UInt32.max))
            stream.next_in = inBase.map { $0 + consumed }
            stream.avail_in = UInt32(inChunk)
            stream.next_out = scratch.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = UInt32(chunkSize)
            let status = inflate(&stream, Z_NO_FLUSH)
            consumed += inChunk - Int(stream.avail_in)
            let got = chunkSize - Int(stream.avail_out)
            if got > 0 {
                guard got <= limit - produced else { throw .outputOverCap(limit: limit, offset: consumed) }
                sink(UnsafeRawBufferPointer(start: scratch.baseAddress, count: got), produced)
                produced += got
            }

            switch status {
            case Z_STREAM_END:
                if consumed < input.count && !allowTrailing {
                    throw .trailingBytes(offset: consumed, count: input.count - consumed)
                }
                return produced
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress with a free output buffer: the input is exhausted.
                if consumed == input.count { throw .truncated(offset: input.count) }
                if got == chunkSize { continue }
                throw .internalError(code: status)
            case Z_NEED_DICT:
                throw .badHeader(reason: "preset dictionary not supported", offset: 1)
            case Z_DATA_ERROR:
                let message = stream.msg.map { String(cString: $0) } ?? "invalid deflate data"
                throw .dataError(message: message, offset: consumed)
            case Z_MEM_ERROR:
                throw .outOfMemory
            default:
                throw .internalError(code: status)
            }
        }
    }
}
