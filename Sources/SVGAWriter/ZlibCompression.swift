import CZlib

// Deflate through the system zlib, at level 9. zlib's output depends only on its input, level and
// parameters, so our files are byte-identical run to run (for one zlib build).
enum ZlibCompression {
    /// A zlib (RFC 1950) stream, the 2.x container (spec B.1.1). Level 9 gives the header `78 DA`
    /// where the converter's files show `78 9C`; every player accepts any zlib header.
    static func zlibWrapped(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: 15)
    }

    /// Raw deflate (RFC 1951), as ZIP method 8 stores it.
    static func raw(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: -15)
    }

    private static func deflate(_ input: [UInt8], windowBits: Int32) -> [UInt8] {
        var stream = z_stream()
        // deflateInit2 is a macro over deflateInit2_; pass the library's own version string.
        let initStatus = deflateInit2_(&stream, 9, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                                       zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(initStatus == Z_OK, "zlib deflateInit2 failed: \(initStatus)")
        defer { deflateEnd(&stream) }
        // deflateBound is an upper bound for a single Z_FINISH call, so one pass always completes.
        let bound = Int(deflateBound(&stream, UInt(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var input = input
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = UInt32(outBuf.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "zlib deflate did not finish: \(status)")
        output.removeLast(Int(stream.avail_out))
        return output
    }
}
