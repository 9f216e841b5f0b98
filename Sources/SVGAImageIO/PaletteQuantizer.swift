import CImageQuant
import SVGARaster

// Lossy palette quantisation for `svga optimize --lossy` (issue 11), over libimagequant
// (pngquant's library): straight RGBA → at most 256 colours chosen for the image, remapped with
// libimagequant's default Floyd–Steinberg dithering, written by our indexed PNG writer.
// Deterministic: one OpenMP thread per call (see CImageQuant/shim.h), fixed speed.

public enum PaletteQuantizer {
    /// libimagequant's speed setting (1 slowest/best … 10 fastest): its default.
    static let speed: Int32 = 4

    /// A palette image of `pixmap` at `quality` (0...100: the most colours libimagequant may
    /// save by staying above it, as pngquant's `--quality 0-Q`); nil when libimagequant cannot
    /// reach it or fails.
    public static func quantize(_ pixmap: Pixmap, quality: Int) -> PNGIndexedImage? {
        guard (0...100).contains(quality), let attr = liq_attr_create() else { return nil }
        defer { liq_attr_destroy(attr) }
        omp_set_num_threads(1)
        guard liq_set_quality(attr, 0, Int32(quality)) == LIQ_OK, liq_set_speed(attr, speed) == LIQ_OK else { return nil }
        let straight = pixmap.straightRGBA()
        let width = pixmap.width, height = pixmap.height
        return straight.withUnsafeBytes { bitmap -> PNGIndexedImage? in
            guard let image = liq_image_create_rgba(attr, bitmap.baseAddress!, Int32(width), Int32(height), 0) else { return nil }
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            guard liq_image_quantize(image, attr, &result) == LIQ_OK, let result else { return nil }
            defer { liq_result_destroy(result) }
            guard liq_set_dithering_level(result, 1) == LIQ_OK else { return nil }
            var indices = [UInt8](repeating: 0, count: width * height)
            let written = indices.withUnsafeMutableBytes { liq_write_remapped_image(result, image, $0.baseAddress!, $0.count) }
            guard written == LIQ_OK, let palette = liq_get_palette(result) else { return nil }
            let count = Int(palette.pointee.count)
            let entries = withUnsafeBytes(of: palette.pointee.entries) { raw in
                (0..<count).map { i in SIMD4<UInt8>(raw[i * 4], raw[i * 4 + 1], raw[i * 4 + 2], raw[i * 4 + 3]) }
            }
            return PNGIndexedImage(width: width, height: height, palette: entries, indices: indices)
        }
    }
}
