import SVGARaster

// The PNG writer: premultiplied Pixmap → straight-alpha RGBA8 PNG (colour type 6, depth 8, no
// interlace). Chunks are written by hand (PNG spec 5: signature, IHDR, one IDAT, IEND); the
// scanlines are unpremultiplied and filtered row by row (`PNGScanlines`) and deflated by
// libdeflate at the chosen level (`ZlibDeflater`). No time, text or gamma chunk, so the same
// pixels and level always give the same bytes. libpng is the oracle: every file we write decodes
// through libpng to exactly the straight pixels we meant (PNGWriterOracleTests).
public enum PNGEncoder {
    /// Straight-alpha RGBA PNG of `pixmap`.
    public static func encode(_ pixmap: Pixmap, compression: PNGCompression = .default) throws(PNGError) -> [UInt8] {
        let scanlines = PNGScanlines.filter(pixmap)
        let zlib = try ZlibDeflater.compress(scanlines, level: compression.deflateLevel)
        var out = PNGDecoder.signature
        out.reserveCapacity(8 + 25 + 12 + zlib.count + 12)
        var header: [UInt8] = []
        PNGChunk.appendBigEndian32(UInt32(pixmap.width), to: &header)
        PNGChunk.appendBigEndian32(UInt32(pixmap.height), to: &header)
        // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, 6, 0, 0, 0]
        PNGChunk(type: Array("IHDR".utf8), data: header).write(to: &out)
        // Pixmap.maxPixelCount × 4 bytes stays far below the 2³¹ − 1 chunk length limit.
        PNGChunk(type: Array("IDAT".utf8), data: zlib).write(to: &out)
        PNGChunk(type: Array("IEND".utf8), data: []).write(to: &out)
        return out
    }
}
