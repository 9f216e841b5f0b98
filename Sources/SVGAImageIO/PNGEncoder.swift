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
            // First call with no buffer asks for the size; the second writes.
            var needed = 0
            guard png_image_write_to_memory(&image, nil, &needed, 0, pixels.baseAddress, stride, nil) != 0,
                  needed > 0 else {
                let message = LibPNG.message(image)
                png_image_free(&image)
                return .failure(.encodeFailed(message))
            }
            var out = [UInt8](repeating: 0, count: needed)
            var written = needed
            let ok = out.withUnsafeMutableBytes { buffer in
                png_image_write_to_memory(&image, buffer.baseAddress, &written, 0, pixels.baseAddress, stride, nil)
            }
            guard ok != 0, written <= needed else {
                let message = LibPNG.message(image)
                png_image_free(&image)
                return .failure(.encodeFailed(message))
            }
            png_image_free(&image)
            out.removeLast(needed - written)
            return .success(out)
        }
        return try result.get()
    }
}
