// A colour glyph (emoji) as an image: Noto Color Emoji stores CBDT bitmaps, one strike of
// premultiplied BGRA pixels, which FreeType hands out with FT_LOAD_COLOR. We convert them once to
// our premultiplied RGBA Pixmap; the renderer scales them to the text size with its bilinear image
// path, like any other bitmap, so frame alpha and the clip apply as they do to sprites.
import CFreeType
import SVGARaster

struct ColorGlyph: Sendable {
    /// Premultiplied RGBA, `pixelsPerEm` pixels to the em.
    let image: Pixmap
    /// Bitmap origin relative to the pen on the baseline, in strike pixels: left bearing, and
    /// the top of the bitmap above the baseline (y up, as FreeType reports it).
    let left: Double
    let top: Double
    let pixelsPerEm: Double

    /// Larger strikes are not emoji; refusing them bounds the memory a hostile font can ask for.
    static let maxSide = 1024

    /// Loads `glyph` from the face's selected strike; nil when it has no BGRA bitmap there.
    static func load(_ glyph: UInt32, from face: FT_Face, pixelsPerEm: Double) -> ColorGlyph? {
        // FT_LOAD_COLOR is (1L << 20), a macro that does not import into Swift.
        let flags: FT_Int32 = 1 << 20
        guard pixelsPerEm > 0, FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0, let slot = face.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_BITMAP else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        // FT_PIXEL_MODE_BGRA (7): premultiplied blue, green, red, alpha.
        guard bitmap.pixel_mode == 7, width > 0, rows > 0, width <= maxSide, rows <= maxSide,
              abs(pitch) >= width * 4, let buffer = bitmap.buffer else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        for y in 0..<rows {
            // A negative pitch means the rows run bottom-up (FreeType's "flow").
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * -pitch
            for x in 0..<width {
                let s = row + x * 4, d = (y * width + x) * 4
                rgba[d] = s[2]; rgba[d + 1] = s[1]; rgba[d + 2] = s[0]; rgba[d + 3] = s[3]
            }
        }
        guard let image = Pixmap(width: width, height: rows, premultipliedRGBA: rgba) else { return nil }
        return ColorGlyph(image: image, left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top),
                          pixelsPerEm: pixelsPerEm)
    }
}
