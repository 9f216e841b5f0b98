import SVGARaster

// The one entry point for "bytes of some image → premultiplied Pixmap": `--set-image`, hook
// avatars and the bitmaps inside .svga files all come through here. The format is sniffed from
// the bytes; each codec checks its header's size against `maxPixels` before allocating.

public enum ImageDecoder {
    /// Whether a JPEG's Exif orientation is applied. Photos (avatars, `--set-image`) are shown
    /// upright as browsers and phones show them; bitmaps inside .svga files are drawn as stored,
    /// as Android's `BitmapFactory` does and as the format layer's header size assumes.
    public enum Orientation: Sendable { case applyExif, ignoreExif }

    public static func decode(_ bytes: [UInt8], maxPixels: Int = Pixmap.maxPixelCount,
                              orientation: Orientation = .applyExif) throws(ImageDecodeError) -> Pixmap {
        switch EncodedImageFormat.sniff(bytes) {
        case .png?:
            do { return try PNGDecoder.decode(bytes, maxPixels: maxPixels) } catch { throw .png(error) }
        case .jpeg?:
            do { return try JPEGDecoder.decode(bytes, maxPixels: maxPixels, applyExifOrientation: orientation == .applyExif) } catch {
                throw .jpeg(error)
            }
        case .webp?:
            do { return try WebPDecoder.decode(bytes, maxPixels: maxPixels) } catch { throw .webp(error) }
        case nil:
            throw .unknownFormat(magic: bytes.prefix(8).map { hex($0) }.joined(separator: " "))
        }
    }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}
