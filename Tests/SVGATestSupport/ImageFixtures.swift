import CTurboJPEG
import CWebP

/// JPEG and WebP images made at test time with the system encoders (libturbojpeg's
/// `tjCompress2`, libwebp's `WebPEncode*`), small and deterministic, plus an Exif APP1 segment
/// built by hand. Colours are chosen as solid blocks aligned to 8×8 JPEG blocks, so a lossy
/// round trip keeps each block's colour within a few levels.
public enum ImageFixtures {
    public typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    public static let red: RGB = (255, 0, 0), green: RGB = (0, 255, 0), blue: RGB = (0, 0, 255), white: RGB = (255, 255, 255)

    /// `width` × `height` straight RGBA in four solid quadrants: top-left, top-right,
    /// bottom-left, bottom-right.
    public static func quadrants(width: Int, height: Int, _ tl: RGB, _ tr: RGB, _ bl: RGB, _ br: RGB, alpha: UInt8 = 255) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let c = y < height / 2 ? (x < width / 2 ? tl : tr) : (x < width / 2 ? bl : br)
                out += [c.r, c.g, c.b, alpha]
            }
        }
        return out
    }

    public struct EncodeError: Error, CustomStringConvertible { public let description: String }

    /// A JPEG of straight RGBA pixels (alpha ignored), 4:4:4, quality 95; progressive when asked.
    public static func jpeg(width: Int, height: Int, rgba: [UInt8], progressive: Bool = false) throws -> [UInt8] {
        try compress(width: width, height: height, pixels: rgba, format: TJPF_RGBA, flags: progressive ? TJFLAG_PROGRESSIVE : 0)
    }

    /// A YCCK JPEG (with the Adobe APP14 marker libjpeg writes) of CMYK pixels, 4 bytes each,
    /// stored in the inverted convention (255 = no ink) that Photoshop writes.
    public static func cmykJPEG(width: Int, height: Int, cmyk: [UInt8]) throws -> [UInt8] {
        try compress(width: width, height: height, pixels: cmyk, format: TJPF_CMYK, flags: 0)
    }

    static func compress(width: Int, height: Int, pixels: [UInt8], format: TJPF, flags: Int32) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw EncodeError(description: "tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), format.rawValue, &buffer, &size,
                        Int32(TJSAMP_444.rawValue), 95, flags)
        }
        defer { tjFree(buffer) }
        guard status == 0, let buffer else { throw EncodeError(description: String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// `jpeg` with an Exif APP1 segment right after SOI whose IFD0 holds one entry, Orientation
    /// (tag 0x0112, SHORT, count 1), in big-endian ("MM") or little-endian ("II") TIFF order.
    public static func withExifOrientation(_ jpeg: [UInt8], _ orientation: UInt16, littleEndian: Bool = false) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { littleEndian ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8)                                    // magic, IFD0 at offset 8
        tiff += u16(1)                                              // one entry
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u32(0)                                              // no next IFD
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0 ..< 2]) + segment + Array(jpeg[2...])
    }

    /// A WebP of straight RGBA pixels: lossless, or lossy at `quality` (alpha, if any, kept).
    public static func webp(width: Int, height: Int, rgba: [UInt8], lossless: Bool, quality: Float = 90) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer {
            lossless ? WebPEncodeLosslessRGBA($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
                : WebPEncodeRGBA($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), quality, &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { throw EncodeError(description: "WebPEncode failed") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
