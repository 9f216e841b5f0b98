import CTurboJPEG
import SVGARaster

// JPEG bytes → premultiplied Pixmap through libjpeg-turbo's TurboJPEG API. Debian 12 ships
// libturbojpeg 2.1.5, whose header has the `tjDecompressHeader3` / `tjDecompress2` API (the
// `tj3*` API arrived in 3.0), so that is what is used here.
//
// - Baseline, extended and progressive JPEGs; greyscale and YCbCr come out as RGB.
// - The frame header's size is checked against the cap before the pixel buffer exists; the
//   number of progressive scans is limited (TJFLAG_LIMITSCANS) so a crafted file cannot spin.
// - CMYK and YCCK JPEGs (print exports from Photoshop) are converted, not rejected: without a
//   colour profile the only portable conversion is the one browsers use, treating the stored
//   values as Adobe's inverted CMYK (APP14, which Photoshop always writes): R = C·K/255,
//   G = M·K/255, B = Y·K/255. No ICC colour management, so print colours shift a little.
// - libjpeg-turbo's warnings (premature end of data, corrupt entropy data) are errors: the
//   library would otherwise return an image padded with grey.
// - Exif orientation is applied when asked (ExifOrientation).
public enum JPEGDecoder {
    public static func decode(_ bytes: [UInt8], maxPixels: Int = Pixmap.maxPixelCount,
                              applyExifOrientation: Bool = true) throws(JPEGError) -> Pixmap {
        guard EncodedImageFormat.sniff(bytes) == .jpeg else { throw .notJPEG }
        guard let handle = tjInitDecompress() else { throw .decodeFailed("cannot create a TurboJPEG decompressor") }
        defer { tjDestroy(handle) }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .header(message(handle)) }
        let w = Int(width), h = Int(height)
        guard w > 0, h > 0 else { throw .header("frame size \(w)×\(h) is empty") }
        let (count, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, count <= maxPixels, count <= Pixmap.maxPixelCount else { throw .tooLarge(width: w, height: h) }

        let isCMYK = colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue
        let pixelFormat = isCMYK ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: count * 4)
        let flags = TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(handle, input.baseAddress, UInt(input.count), output.baseAddress,
                              width, 0, height, pixelFormat.rawValue, Int32(flags))
            }
        }
        guard status == 0 else { throw .decodeFailed(message(handle)) }
        if isCMYK { convertInvertedCMYKToRGBA(&pixels) }

        var upright = (pixels: pixels, width: w, height: h)
        if applyExifOrientation {
            upright = ExifOrientation.read(fromJPEG: bytes).apply(pixels, width: w, height: h)
        }
        // Every pixel is opaque, so these bytes are already premultiplied.
        guard let pixmap = Pixmap(width: upright.width, height: upright.height, premultipliedRGBA: upright.pixels) else {
            throw .tooLarge(width: w, height: h)
        }
        return pixmap
    }

    /// In place: C M Y K (Adobe-inverted, 255 = no ink) → R G B 255.
    static func convertInvertedCMYKToRGBA(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let k = UInt32(p[i + 3])
                p[i] = UInt8((UInt32(p[i]) * k + 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) * k + 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown libjpeg-turbo error" }
        let s = String(cString: text)
        return s.isEmpty ? "unknown libjpeg-turbo error" : s
    }
}
