import CDeflate

// zlib-wrapped deflate (RFC 1950/1951) through libdeflate: whole-buffer compression, which is all
// a PNG IDAT needs, several times faster than zlib at the same level. libdeflate's output depends
// only on the input, the level and the library version, so the bytes are deterministic.
enum ZlibDeflater {
    /// Compresses `input` into a zlib stream at libdeflate `level` (1…12).
    static func compress(_ input: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .encodeFailed("libdeflate could not allocate a level-\(level) compressor")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var written = 0
        let output = input.withUnsafeBytes { source in
            [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                written = libdeflate_zlib_compress(compressor, source.baseAddress, source.count,
                                                   buffer.baseAddress, bound)
                count = written
            }
        }
        // The bound is the worst case, so 0 ("did not fit") cannot happen; refuse it rather than
        // write an empty IDAT if it ever does.
        guard written > 0 else { throw .encodeFailed("libdeflate output exceeded its own bound") }
        return output
    }
}
