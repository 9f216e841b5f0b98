import CPNG
import SVGARaster

// The baseline the PNG writer is measured against: libpng's simplified writer (zlib level 6, or
// libpng's "fast" setting, and every filter tried on every row). SVGAKit writes its PNGs with
// `PNGEncoder` (libdeflate); this one stays for `svga-bench`, which reports the writer's speed and
// size as ratios to it in the same process, and for tests that compare the two. That writer emits
// no tIME chunk and no text, so the same pixels give the same bytes.
public enum LibPNGEncoder {
    /// Straight-alpha RGBA PNG through libpng; `fast` sets `PNG_IMAGE_FLAG_FAST`.
    public static func encode(_ pixmap: Pixmap, fast: Bool = false) throws(PNGError) -> [UInt8] {
        let straight = pixmap.straightRGBA()
        let width = pixmap.width, height = pixmap.height
        guard width <= Int(Int32.max) / 4 else { throw .encodeFailed("width \(width) is too large for libpng") }
        let result: Result<[UInt8], PNGError> = straight.withUnsafeBytes { pixels in
            var image = LibPNG.makeImage()
            image.width = UInt32(width)
            image.height = UInt32(height)
            image.format = LibPNG.formatRGBA
            if fast { image.flags |= LibPNG.flagFast }
            let stride = Int32(width * 4)
            // One compression pass into a buffer sized for incompressible data (raw filtered rows
            // plus deflate's stored-block and chunk overhead). libpng reports a larger size if it
            // ever needs one, and only then is the image compressed a second time.
            let raw = (width * 4 + 1) * height
            var capacity = raw + raw / 16_000 * 5 + 4096
            for _ in 0..<2 {
                var written = capacity
                let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                    let ok = png_image_write_to_memory(&image, buffer.baseAddress, &written, 0, pixels.baseAddress, stride, nil)
                    count = ok != 0 && written <= capacity ? written : 0
                }
                if !out.isEmpty {
                    png_image_free(&image)
                    return .success(out)
                }
                // Failure with a larger size reported: the buffer was too small; otherwise an error.
                guard written > capacity else { break }
                capacity = written
            }
            let message = LibPNG.message(image)
            png_image_free(&image)
            return .failure(.encodeFailed(message))
        }
        return try result.get()
    }
}
