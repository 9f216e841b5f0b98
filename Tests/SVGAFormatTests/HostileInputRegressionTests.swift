import SVGAFormat
import SVGAWriter
import Testing

/// Inputs that once broke the decoder (found by review with crafted files), kept forever
/// (STYLE.md habit 10). Each must end in a clean DecodeError, never a trap or a huge allocation.
struct HostileInputRegressionTests {
    /// A PNG that is only a signature and an IHDR claiming `width × height` (enough for the
    /// resolver, which reads sizes from headers and leaves decoding to the renderer).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + body + be(~crc)
    }

    @Test("viewBox 4e9 × 4e9: over the canvas cap, reported without converting 1.6e19 to Int",
          arguments: [(Float(4e9), Float(4e9)), (Float(1e20), Float(1e20)), (Float(3e38), Float(1))])
    func hugeViewBoxDoesNotTrap(_ w: Float, _ h: Float) {
        let bytes = SVGAEncoder.encodeZlibProtobuf(RawMovie(params: RawParams(viewBoxWidth: w, viewBoxHeight: h, fps: 20, frames: 1)))
        #expect {
            try SVGADecoder.decode(bytes)
        } throws: { error in
            guard let e = error as? DecodeError else { return false }
            return e.stage == .limits && e.description.contains("viewBox")
        }
    }

    @Test("many image keys on one 4096² image: the total decoded-pixel cap stops it")
    func totalImagePixelsAreCapped() {
        let header = Self.pngHeader(width: 4096, height: 4096)
        let images = (0..<5).map { RawImageEntry(key: "k\($0)", value: header) }
        let sprites = images.map { RawSprite(imageKey: $0.key, frames: [RawFrame(alpha: 1)]) }
        let raw = RawMovie(params: RawParams(viewBoxWidth: 10, viewBoxHeight: 10, fps: 20, frames: 1), images: images, sprites: sprites)
        #expect {
            try SVGADecoder.decode(SVGAEncoder.encodeZlibProtobuf(raw))
        } throws: { error in
            guard let e = error as? DecodeError else { return false }
            return e.stage == .limits && e.description.contains("decoded pixels")
        }
        // Four of them (64 Mpx) are exactly at the cap and decode.
        let four = RawMovie(params: raw.params, images: Array(images.prefix(4)), sprites: Array(sprites.prefix(4)))
        #expect(throws: Never.self) { try SVGADecoder.decode(SVGAEncoder.encodeZlibProtobuf(four)) }
    }

    @Test("ZIP + movie.binary with 64 keys naming one file: decodes, every key gets the same bytes")
    func zipEntryReusedByManyKeys() throws {
        let png = Self.pngHeader(width: 4, height: 4)
        var raw = RawMovie(params: RawParams(viewBoxWidth: 10, viewBoxHeight: 10, fps: 20, frames: 1))
        raw.images = (0..<64).map { RawImageEntry(key: "k\($0)", value: png) }
        raw.images.append(RawImageEntry(key: "a", value: png))
        // encodeZipBinary writes each image as <key>.png; point every key at "a".
        var zip = ZipWriter()
        var binary = raw
        binary.images = raw.images.map { RawImageEntry(key: $0.key, value: Array("a".utf8)) }
        zip.add(name: "movie.binary", data: SVGAEncoder.encodeProtobuf(binary), method: .deflate)
        zip.add(name: "a.png", data: png, method: .deflate)
        let movie = try SVGADecoder.decode(zip.finish())
        #expect(movie.images.count == 65)
        #expect(movie.images.allSatisfy { $0.data == png })
    }
}
