import CPNG
import SVGARaster

/// zlib effort for PNG encoding: `.fast` maps to libpng's `PNG_IMAGE_FLAG_FAST`.
public enum PNGCompression: Sendable {
    case `default`, fast
}

// Premultiplied Pixmap → straight-alpha RGBA PNG via libpng's simplified writer. That writer emits
// no tIME chunk and no text, so the same pixels always give the same bytes.
public enum PNGEncoder {
    /// Straight-alpha RGBA PNG; deterministic bytes (no time chunk).
    public static func encode(_ pixmap: Pixmap, compression: PNGCompression = .default) throws(PNGError) -> [UInt8] {
        try encodeStraight(pixmap.straightRGBA(), width: pixmap.width,
                           height: pixmap.height, compression: compression)
    }

    /// Encodes straight RGBA8 rows (`width × height × 4` bytes).
    static func encodeStraight(_ straight: [UInt8], width: Int, height: Int,
                               compression: PNGCompression) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, straight.count == width * height * 4,
              width <= Int(Int32.max) / 4 else {
            throw .encodeFailed("bad pixel buffer for \(width)×\(height)")
        }
        let result: Result<[UInt8], PNGError> = straight.withUnsafeBytes { pixels in
            var image = LibPNG.makeImage()
            image.width = UInt32(width)
            image.height = UInt32(height)
            image.format = LibPNG.formatRGBA
            if compression == .fast { image.flags |= LibPNG.flagFast }
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
