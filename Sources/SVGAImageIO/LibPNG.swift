import CPNG

// Thin helpers over libpng's simplified `png_image` API, the only libpng API we use: it reports
// errors through `png_image.message` instead of longjmp, so no C shim is needed.
//
// The format macros are compound (`PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA`) and the version macro
// sits inside a conditional block, so the values are spelled out here from png.h (1.6).
enum LibPNG {
    /// `PNG_IMAGE_VERSION`.
    static let imageVersion: UInt32 = 1
    /// `PNG_FORMAT_RGBA` = COLOR (0x02) | ALPHA (0x01): 8-bit straight-alpha R G B A.
    static let formatRGBA: UInt32 = 3
    /// `PNG_IMAGE_FLAG_FAST`: faster, larger encodes.
    static let flagFast: UInt32 = 0x02
    /// `PNG_IMAGE_ERROR`: `warning_or_error & 3` above 1 is a failure.
    static let imageError: UInt32 = 2

    static func makeImage() -> png_image {
        var image = png_image()
        image.version = imageVersion
        return image
    }

    /// libpng's NUL-terminated message (a 64-byte C array imported as a tuple).
    static func message(_ image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}
