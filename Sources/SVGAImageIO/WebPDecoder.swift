import CWebP
import SVGARaster

// WebP bytes → premultiplied Pixmap through libwebp: lossy (VP8), lossless (VP8L) and the
// extended format (VP8X) with alpha. The bitstream header's size is read by libwebp's
// `WebPGetFeatures` (headers only, no allocation) and checked against the cap before the
// pixel buffer exists; libwebp then decodes straight RGBA into our buffer, which SVGARaster
// premultiplies (spec A.2). Animated WebP is refused (WebPError.animated).
public enum WebPDecoder {
    public static func decode(_ bytes: [UInt8], maxPixels: Int = Pixmap.maxPixelCount) throws(WebPError) -> Pixmap {
        guard EncodedImageFormat.sniff(bytes) == .webp else { throw .notWebP }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .decodeFailed("libwebp version mismatch") }
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
        guard status == VP8_STATUS_OK else { throw .header(describe(status)) }
        guard config.input.has_animation == 0 else { throw .animated }
        let w = Int(config.input.width), h = Int(config.input.height)
        guard w > 0, h > 0 else { throw .header("size \(w)×\(h) is empty") }
        let (count, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, count <= maxPixels, count <= Pixmap.maxPixelCount else { throw .tooLarge(width: w, height: h) }

        // The advanced API decodes into our buffer (external memory) and reports a status.
        var straight = [UInt8](repeating: 0, count: count * 4)
        let decoded = bytes.withUnsafeBufferPointer { input in
            straight.withUnsafeMutableBufferPointer { output -> VP8StatusCode in
                config.output.colorspace = MODE_RGBA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = output.baseAddress
                config.output.u.RGBA.stride = Int32(w * 4)
                config.output.u.RGBA.size = output.count
                defer { WebPFreeDecBuffer(&config.output) }   // frees nothing of ours (external memory)
                return WebPDecode(input.baseAddress, input.count, &config)
            }
        }
        guard decoded == VP8_STATUS_OK else { throw .decodeFailed(describe(decoded)) }
        guard let pixmap = Pixmap(width: w, height: h, straightRGBA: straight) else { throw .tooLarge(width: w, height: h) }
        return pixmap
    }

    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error (not a valid VP8/VP8L/VP8X header)"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (truncated file)"
        default: return "libwebp status \(status.rawValue)"
        }
    }
}
