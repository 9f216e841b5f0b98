import CZlib

// zlib (RFC 1950) and raw deflate (RFC 1951) inflation over the system zlib, with a hard output
// cap (spec A.8: "an inflated size above a cap" is rejected; STYLE.md habit 3).
//
// - The output buffer starts small (a few times the input, which we hold, so it is a trusted
//   size) and doubles, never past `limit + 1` bytes: one byte over the cap proves the stream
//   is too large without allocating what it claims. Nothing is preallocated from sizes found
//   inside the data.
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
    /// The stream inflates to more than `limit` bytes.
    case outputOverCap(limit: Int)
    /// Bytes after the end of the zlib stream (spec A.1).
    case trailingBytes(offset: Int, count: Int)
    case outOfMemory
    case internalError(code: Int32)

    public var description: String {
        switch self {
        case .badHeader(let reason, let o): return "\(reason) at offset \(o)"
        case .truncated(let o): return "stream truncated: input ends at offset \(o) before the end of the compressed data"
        case .dataError(let m, let o): return "\(m) at offset \(o)"
        case .outputOverCap(let limit): return "inflated size exceeds the limit of \(limit) bytes"
        case .trailingBytes(let o, let n): return "\(n) trailing byte\(n == 1 ? "" : "s") after the end of the zlib stream at offset \(o)"
        case .outOfMemory: return "out of memory while inflating"
        case .internalError(let c): return "zlib internal error \(c)"
        }
    }
}

public enum Inflate {
    /// Inflates a complete zlib stream (RFC 1950): header, deflate data, Adler-32, nothing after.
    public static func zlib(_ input: [UInt8], limit: Int = Limits.maxInflatedBytes) throws(ZlibError) -> [UInt8] {
        try withByteBuffer(input) { (raw: UnsafeRawBufferPointer) throws(ZlibError) -> [UInt8] in
            try checkZlibHeader(raw)
            return try run(raw, windowBits: 15, limit: limit, allowTrailing: false)
        }
    }

    /// Inflates raw deflate data (RFC 1951, no header), as in a ZIP method-8 entry. With
    /// `allowTrailing`, bytes after the final block are ignored (ZIP writers may pad).
    public static func raw(_ input: [UInt8], limit: Int = Limits.maxInflatedBytes,
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

    private static func run(_ input: UnsafeRawBufferPointer, windowBits: Int32, limit: Int,
                            allowTrailing: Bool) throws(ZlibError) -> [UInt8] {
        precondition(limit >= 0)
        var stream = z_stream()
        let initStatus = inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else {
            throw initStatus == Z_MEM_ERROR ? .outOfMemory : .internalError(code: initStatus)
        }
        defer { inflateEnd(&stream) }

        let hardCap = limit &+ 1   // one byte over the limit proves the stream is too big
        var out = [UInt8](repeating: 0, count: min(max(input.count &* 4, 1 << 16), hardCap))
        // Growth and the final trim copy with memcpy: generic append/remove run per element in
        // a debug build (over a second for a 3 MiB movie).
        var produced = 0
        var consumed = 0
        let inBase = input.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self)) }

        while true {
            if produced == out.count {
                if produced > limit { throw .outputOverCap(limit: limit) }
                let grown = min(max(out.count &* 2, 1 << 16), hardCap)
                out = out.withUnsafeBytes { old in
                    [UInt8](unsafeUninitializedCapacity: grown) { buffer, initialized in
                        let raw = UnsafeMutableRawBufferPointer(buffer)
                        raw.copyMemory(from: old)
                        raw.baseAddress!.advanced(by: old.count).initializeMemory(as: UInt8.self, repeating: 0,
                                                                                   count: grown - old.count)
                        initialized = grown
                    }
                }
            }
            let inChunk = min(input.count - consumed, Int(UInt32.max))
            stream.next_in = inBase.map { $0 + consumed }
            stream.avail_in = UInt32(inChunk)
            let outRoom = min(out.count - produced, Int(UInt32.max))
            let status: Int32 = out.withUnsafeMutableBytes { ob in
                stream.next_out = ob.baseAddress!.assumingMemoryBound(to: Bytef.self) + produced
                stream.avail_out = UInt32(outRoom)
                return inflate(&stream, Z_NO_FLUSH)
            }
            consumed += inChunk - Int(stream.avail_in)
            produced += outRoom - Int(stream.avail_out)

            switch status {
            case Z_STREAM_END:
                if produced > limit { throw .outputOverCap(limit: limit) }
                if consumed < input.count && !allowTrailing {
                    throw .trailingBytes(offset: consumed, count: input.count - consumed)
                }
                return out.withUnsafeBytes { copyBytes($0, count: produced) }
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress: either the input is exhausted (truncated) or the output is full
                // (grown at the top of the loop).
                if consumed == input.count { throw .truncated(offset: input.count) }
                if produced < out.count { throw .internalError(code: status) }
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
