import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender
import SVGATestSupport
import SVGAWriter
import Testing

// An SVGA whose bitmap is a JPEG (the spec allows it; Android and iOS decode any format)
// renders it, in every container our writer produces, without a warning. The hook fixture's
// 40 × 40 gift has a 20 × 20 `avatar` slot at (10, 0); its image becomes a 32 × 32 JPEG of four
// colours, so the slot's quadrant centres (15|25, 5|15) show them. The JPEG carries Exif
// orientation 6, which a bitmap inside a .svga ignores (drawn as stored, as Android's
// BitmapFactory does, and as the header size the format layer reports assumes).
// Tolerance 8: JPEG quantisation plus bilinear sampling 3 source pixels from a colour edge.
@Suite struct JPEGBitmapTests {
    typealias RGB = ImageFixtures.RGB
    static let stored = ImageFixtures.quadrants(width: 32, height: 32, ImageFixtures.red, ImageFixtures.green,
                                                ImageFixtures.blue, ImageFixtures.white)

    static func movie() throws -> RawMovie {
        var raw = HookFixtures.giftMovie(frames: 2)
        let jpeg = ImageFixtures.withExifOrientation(try ImageFixtures.jpeg(width: 32, height: 32, rgba: stored), 6)
        raw.images = [RawImageEntry(key: "avatar", value: jpeg)]
        return raw
    }

    @Test(arguments: ["zlib-protobuf", "zip-binary", "zip-spec"])
    func jpegBitmapRenders(container: String) throws {
        let raw = try Self.movie()
        let bytes: [UInt8]
        switch container {
        case "zlib-protobuf": bytes = SVGAEncoder.encodeZlibProtobuf(raw)
        case "zip-binary": bytes = SVGAEncoder.encodeZipBinary(raw)
        default: bytes = try SVGAEncoder.encodeZipSpec(raw)
        }
        let movie = try SVGADecoder.decode(bytes)
        let image = try #require(movie.image(forKey: "avatar"))
        #expect(image.format == .jpeg && image.pixelWidth == 32 && image.pixelHeight == 32)
        let renderer = try MovieRenderer(movie: movie)
        #expect(renderer.warnings.isEmpty, "\(renderer.warnings)")
        let frame = try renderer.render(frame: 0)
        let expected = [ImageFixtures.red, ImageFixtures.green, ImageFixtures.blue, ImageFixtures.white]
        for ((x, y), c) in zip([(15, 5), (25, 5), (15, 15), (25, 15)], expected) {
            let p = frame.pixel(x: x, y: y)
            let close = abs(Int(p.r) - Int(c.r)) <= 8 && abs(Int(p.g) - Int(c.g)) <= 8 && abs(Int(p.b) - Int(c.b)) <= 8 && p.a == 255
            #expect(close, "\(container) at (\(x), \(y)): \(p)")
        }
    }

    /// A JPEG whose scan is cut short is a render error naming the image and the jpeg stage.
    @Test func corruptJPEGBitmapIsAStageNamedError() throws {
        var raw = try Self.movie()
        let busy = (0 ..< 32 * 32 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let jpeg = try ImageFixtures.jpeg(width: 32, height: 32, rgba: busy)
        raw.images = [RawImageEntry(key: "avatar", value: Array(jpeg.prefix(jpeg.count - jpeg.count / 4)))]
        let movie = try SVGADecoder.decode(SVGAEncoder.encodeZlibProtobuf(raw))
        let error = try #require(throws: RenderError.self) { _ = try MovieRenderer(movie: movie) }
        #expect(error.description.hasPrefix("image 'avatar' cannot be decoded: jpeg: decode failed: "), "\(error)")
    }
}
