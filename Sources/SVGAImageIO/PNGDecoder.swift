import CPNG
import SVGARaster

// PNG bytes → premultiplied Pixmap, through libpng's simplified API (any PNG colour type and
// depth comes out as 8-bit straight RGBA, with gamma handled by libpng). The header is read by
// hand first so an absurd size is refused before libpng allocates anything (spec A.8: an image
// whose pixel count is above a cap is rejected; STYLE habit 3: check sizes before allocating).
public enum PNGDecoder {
    /// The 8-byte PNG signature (PNG spec 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes PNG bytes to a premultiplied Pixmap. Checks the header's size against
    /// `maxPixels` (overflow-checked) before allocating.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = Pixmap.maxPixelCount) throws(PNGError) -> Pixmap {
        let (width, height, straight) = try decodeStraightRGBA(bytes, maxPixels: maxPixels)
        // Premultiply with rounding (SVGARaster owns the conversion, spec A.2).
        guard let pixmap = Pixmap(width: width, height: height, straightRGBA: straight) else {
            throw .tooLarge(width: width, height: height)
        }
        return pixmap
    }

    /// Decodes PNG bytes to straight RGBA8 as libpng gives them (the oracle for our PNG writer).
    public static func decodeStraightRGBA(_ bytes: [UInt8], maxPixels: Int = Pixmap.maxPixelCount)
        throws(PNGError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let (width, height) = try size(of: bytes)
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maxPixels, count <= Pixmap.maxPixelCount else {
            throw .tooLarge(width: width, height: height)
        }
        let result: Result<[UInt8], PNGError> = bytes.withUnsafeBytes { raw in
            var image = LibPNG.makeImage()
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                let message = LibPNG.message(image)
                png_image_free(&image)
                return .failure(.decodeFailed(message))
            }
            // libpng read the same IHDR; a mismatch would mean our header parse is wrong.
            guard Int(image.width) == width, Int(image.height) == height else {
                png_image_free(&image)
                return .failure(.decodeFailed("IHDR size disagrees with libpng"))
            }
            image.format = LibPNG.formatRGBA
            var straight = [UInt8](repeating: 0, count: count * 4)
            let ok = straight.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            // finish_read releases libpng's state on success and on error alike.
            guard ok != 0 else {
                let message = LibPNG.message(image)
                png_image_free(&image)
                return .failure(.decodeFailed(message))
            }
            return .success(straight)
        }
        return (width, height, try result.get())
    }

    /// The size stated by the IHDR chunk, read without libpng. Throws `.notPNG` when the
    /// signature or the leading IHDR is missing, `.decodeFailed` for a zero or over-2³¹ side
    /// (PNG spec 11.2.2).
    public static func size(of bytes: [UInt8]) throws(PNGError) -> (width: Int, height: Int) {
        // signature (8) + IHDR length (4) + type (4) + data (13) + CRC (4)
        guard bytes.count >= 33, bytes.prefix(8).elementsEqual(signature) else { throw .notPNG }
        let length = readBigEndian32(bytes, at: 8)
        guard length == 13, bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52 else {
            throw .notPNG
        }
        let width = Int(readBigEndian32(bytes, at: 16))
        let height = Int(readBigEndian32(bytes, at: 20))
        let maxSide = Int(Int32.max)
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            throw .decodeFailed("IHDR size \(width)×\(height) is invalid")
        }
        return (width, height)
    }

    static func readBigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
