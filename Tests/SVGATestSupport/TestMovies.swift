import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGAWriter

/// Small crafted movies for the validation, preview and optimize tests, built as RawMovies and encoded with the
/// project's own writer. `clean()` passes every rule of every profile; each rule's test changes
/// one thing so exactly that rule trips.
public enum TestMovies {
    /// An opaque solid PNG (compresses to a few hundred bytes at any size).
    public static func png(width: Int, height: Int, gray: UInt8 = 128) -> [UInt8] {
        var data = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: data.count, by: 4) { data[i] = gray; data[i + 1] = gray; data[i + 2] = gray; data[i + 3] = 255 }
        return try! PNGEncoder.encode(Pixmap(width: width, height: height, premultipliedRGBA: data)!)
    }

    /// A PNG of seeded noise: deflate cannot shrink it, so the file is about w × h × 4 bytes.
    public static func noisePNG(width: Int, height: Int, seed: UInt64 = 1) -> [UInt8] {
        var state = seed
        var data = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            data[i * 4] = UInt8(truncatingIfNeeded: state >> 56)
            data[i * 4 + 1] = UInt8(truncatingIfNeeded: state >> 48)
            data[i * 4 + 2] = UInt8(truncatingIfNeeded: state >> 40)
        }
        return try! PNGEncoder.encode(Pixmap(width: width, height: height, premultipliedRGBA: data)!)
    }

    /// A baseline-JPEG header (SOI, SOF0 with the size, EOI): enough for the decoder's sniffer.
    public static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
         UInt8(width >> 8), UInt8(width & 0xFF), 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
    }

    public static let mp3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 32)

    public static func translate(_ x: Float, _ y: Float, scale: Float = 1) -> RawTransform {
        RawTransform(a: scale, b: 0, c: 0, d: scale, tx: x, ty: y)
    }

    /// A bitmap sprite: `frames` frames at `alpha`, layout = size, under `transform`.
    public static func bitmapSprite(_ key: String, width: Float = 100, height: Float = 100, frames: Int = 20,
                             alpha: Float = 1, transform: RawTransform = translate(100, 100),
                             matteKey: String = "") -> RawSprite {
        let frame = RawFrame(alpha: alpha, layout: RawLayout(width: width, height: height), transform: transform)
        return RawSprite(imageKey: key, frames: Array(repeating: frame, count: frames), matteKey: matteKey)
    }

    public static func rect(x: Float = 0, y: Float = 0, width: Float = 50, height: Float = 50,
                     fill: RawColor? = RawColor(r: 1, g: 0, b: 0, a: 1)) -> RawShape {
        RawShape(type: .rect, args: .rect(x: x, y: y, width: width, height: height, cornerRadius: 0),
                 styles: RawShapeStyle(fill: fill))
    }

    public static func pathShape(_ d: String?, fill: RawColor? = RawColor(r: 0, g: 0, b: 1, a: 1)) -> RawShape {
        RawShape(type: .shape, args: d.map { .shape(d: $0) }, styles: RawShapeStyle(fill: fill))
    }

    /// A vector sprite with the same shapes in every frame.
    public static func vectorSprite(_ key: String = "shape.vector", shapes: [RawShape] = [rect()], frames: Int = 20,
                             alpha: Float = 1, transform: RawTransform = translate(20, 20),
                             matteKey: String = "") -> RawSprite {
        let frame = RawFrame(alpha: alpha, layout: RawLayout(width: 300, height: 300), transform: transform, shapes: shapes)
        return RawSprite(imageKey: key, frames: Array(repeating: frame, count: frames), matteKey: matteKey)
    }

    /// 300 × 300 (small enough for every profile), 20 fps, 20 frames (1 s); one 100 × 100 image
    /// drawn at its size; one rectangle.
    public static func clean() -> RawMovie {
        RawMovie(version: "2.0.0",
                 params: RawParams(viewBoxWidth: 300, viewBoxHeight: 300, fps: 20, frames: 20),
                 images: [RawImageEntry(key: "star", value: png(width: 100, height: 100))],
                 sprites: [bitmapSprite("star"), vectorSprite()])
    }

    public static func zlib(_ movie: RawMovie) -> [UInt8] { SVGAEncoder.encodeZlibProtobuf(movie) }

    /// A zlib stream of `payload` in one stored deflate block (RFC 1950/1951), for feeding the
    /// decoder arbitrary protobuf bytes without depending on the writer.
    public static func storedZlib(_ payload: [UInt8]) -> [UInt8] {
        precondition(payload.count < 65536)
        let n = UInt16(payload.count)
        var out: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)]
        out += payload
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in payload { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        out += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        return out
    }
}
