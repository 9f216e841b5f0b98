import SVGAImageIO
import SVGARaster
import Testing

/// The PNG writer's grey, grey + alpha and palette colour types (issue 11), against libpng as
/// the oracle: every file decodes to exactly the straight pixels it was given, the header says
/// the colour type and bit depth chosen, and a colour type that cannot hold the pixels is refused.
@Suite struct PNGColorTypeTests {
    /// Straight RGBA of `count` pixels cycling through `colors`.
    static func pixels(_ colors: [[UInt8]], count: Int) -> [UInt8] {
        (0..<count).flatMap { colors[$0 % colors.count] }
    }

    static func header(_ png: [UInt8]) -> (depth: UInt8, colorType: UInt8) { (png[24], png[25]) }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String, colors: [[UInt8]], width: Int, height: Int, type: PNGColorType
        /// IHDR colour type and bit depth, nil when the type must refuse the pixels.
        let expected: (colorType: UInt8, depth: UInt8)?
        var testDescription: String { "\(name) as \(type)" }
    }

    static let greysWithAlpha: [[UInt8]] = [[0, 0, 0, 0], [90, 90, 90, 128], [200, 200, 200, 255]]
    static let sixteen: [[UInt8]] = (0..<16).map { (i: Int) -> [UInt8] in
        let alpha: UInt8 = i % 3 == 0 ? 255 : UInt8(i * 10)
        return [UInt8(i * 16), UInt8(255 - i * 16), 7, alpha]
    }
    static let twoHundred: [[UInt8]] = (0..<200).map { (i: Int) -> [UInt8] in
        let r = UInt8(i), g = UInt8(i / 2), b = UInt8(255 - i)
        return [r, g, b, 255]
    }
    static let twoFiftySix: [[UInt8]] = (0..<256).map { (i: Int) -> [UInt8] in
        let r = UInt8(i), b = UInt8(255 - i), a = UInt8(i | 1)
        return [r, 0, b, a]
    }
    static let twoFiftySeven: [[UInt8]] = (0..<257).map { (i: Int) -> [UInt8] in
        let r = UInt8(i % 256), g = UInt8(i / 256)
        return [r, g, 9, 255]
    }
    static let many: [[UInt8]] = (0..<300).map { (i: Int) -> [UInt8] in
        let r = UInt8(i % 256), g = UInt8(i / 3 % 256), a = UInt8(i % 200)
        return [r, g, 9, a]
    }

    static let cases: [Case] = [
        Case(name: "opaque greys", colors: [[0, 0, 0, 255], [90, 90, 90, 255], [255, 255, 255, 255]], width: 13, height: 5, type: .grey, expected: (0, 8)),
        Case(name: "greys with alpha", colors: greysWithAlpha, width: 13, height: 5, type: .grey, expected: nil),
        Case(name: "greys with alpha", colors: greysWithAlpha, width: 13, height: 5, type: .greyAlpha, expected: (4, 8)),
        Case(name: "a colour", colors: [[10, 20, 30, 255], [90, 90, 90, 255]], width: 4, height: 4, type: .grey, expected: nil),
        Case(name: "two colours", colors: [[255, 0, 0, 255], [0, 0, 0, 0]], width: 9, height: 3, type: .palette, expected: (3, 1)),
        Case(name: "four colours", colors: [[255, 0, 0, 255], [0, 255, 0, 40], [0, 0, 255, 255], [1, 2, 3, 4]], width: 7, height: 7,
             type: .palette, expected: (3, 2)),
        Case(name: "sixteen colours", colors: sixteen, width: 31, height: 3, type: .palette, expected: (3, 4)),
        Case(name: "200 colours", colors: twoHundred, width: 40, height: 10, type: .palette, expected: (3, 8)),
        Case(name: "256 colours", colors: twoFiftySix, width: 64, height: 8, type: .palette, expected: (3, 8)),
        Case(name: "257 colours", colors: twoFiftySeven, width: 257, height: 2, type: .palette, expected: nil),
        Case(name: "any pixels", colors: many, width: 30, height: 10, type: .rgba, expected: (6, 8)),
    ]

    @Test(arguments: cases)
    func encodesExactlyOrRefuses(_ c: Case) throws {
        try Self.check(name: c.name, colors: c.colors, width: c.width, height: c.height, type: c.type, expected: c.expected)
    }

    static func check(name: String, colors: [[UInt8]], width: Int, height: Int, type: PNGColorType,
                      expected: (colorType: UInt8, depth: UInt8)?) throws {
        let straight = Self.pixels(colors, count: width * height)
        let png = try PNGEncoder.encode(straightRGBA: straight, width: width, height: height, as: type)
        guard let expected = expected.map({ ($0.colorType, $0.depth) }) else {
            #expect(png == nil, "\(name) cannot be \(type)")
            return
        }
        let bytes = try #require(png, "\(name) as \(type)")
        #expect(Self.header(bytes).colorType == expected.0 && Self.header(bytes).depth == expected.1,
                "\(name): IHDR depth \(Self.header(bytes).depth), type \(Self.header(bytes).colorType)")
        let decoded = try PNGDecoder.decodeStraightRGBA(bytes)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.rgba == straight, "\(name) as \(type) decodes through libpng to its pixels")
    }

    /// The smallest exact encoding of a premultiplied pixmap decodes to the same pixmap, and is
    /// never larger than the RGBA one: 20 colours (or greys) scattered at random, where one
    /// index byte per pixel beats four RGBA bytes.
    @Test(arguments: [false, true])
    func smallestExactRoundTrips(grey: Bool) throws {
        var straight: [UInt8] = []
        var state: UInt64 = 3
        for _ in 0..<(120 * 80) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let k = Int(state >> 59) % 20, v = UInt8(k * 12)
            straight += grey ? [v, v, v, k < 3 ? 0 : 255] : [v, UInt8(k % 4 * 60), 30, k < 3 ? 0 : 200]
        }
        let pixmap = try #require(Pixmap(width: 120, height: 80, straightRGBA: straight))
        let best = try PNGEncoder.encodeSmallestExact(pixmap)
        #expect(best.bytes.count <= (try PNGEncoder.encode(pixmap, compression: .max)).count)
        #expect(best.colorType != .rgba, "\(best.colorType)")
        #expect(try PNGDecoder.decode(best.bytes) == pixmap)
        #expect(try PNGEncoder.encodeSmallestExact(pixmap).bytes == best.bytes, "deterministic")
    }

    /// libimagequant: a smooth image with thousands of colours comes back as at most 256, close
    /// to the original, the same bytes every time.
    @Test func quantizerIsCloseAndDeterministic() throws {
        var straight: [UInt8] = []
        for y in 0..<64 { for x in 0..<64 { straight += [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), 255] } }
        let pixmap = try #require(Pixmap(width: 64, height: 64, straightRGBA: straight))
        let quantised = try #require(PaletteQuantizer.quantize(pixmap, quality: 80))
        #expect(quantised.palette.count <= 256)
        let png = try PNGEncoder.encode(quantised)
        let decoded = try PNGDecoder.decode(png)
        let c = try #require(ImageComparison.compare(decoded, pixmap))
        #expect(c.psnr >= 35, "\(c.psnr) dB")
        #expect(PaletteQuantizer.quantize(pixmap, quality: 80) == quantised, "deterministic")
        #expect(PaletteQuantizer.quantize(pixmap, quality: 101) == nil)
    }
}
