import SVGAImageIO
import SVGARaster
import SVGATestSupport
import Testing

// Each Exif orientation turns a 32 × 16 four-colour JPEG upright. The expected corners are
// written out by hand from the TIFF 6.0 definitions ("0th row / 0th column" for each value),
// not derived from the decoder's own mapping.
@Suite struct ExifOrientationTests {
    typealias RGB = ImageFixtures.RGB
    static let (r, g, b, w) = (ImageFixtures.red, ImageFixtures.green, ImageFixtures.blue, ImageFixtures.white)

    /// orientation → (width, height, [top-left, top-right, bottom-left, bottom-right]) of the
    /// upright image; the stored image is red | green over blue | white.
    static let cases: [(UInt16, Int, Int, [RGB])] = [
        (1, 32, 16, [r, g, b, w]),   // as stored
        (2, 32, 16, [g, r, w, b]),   // mirrored left–right
        (3, 32, 16, [w, b, g, r]),   // turned 180°
        (4, 32, 16, [b, w, r, g]),   // mirrored top–bottom
        (5, 16, 32, [r, b, g, w]),   // transposed
        (6, 16, 32, [b, r, w, g]),   // turned 90° clockwise (portrait phone photo)
        (7, 16, 32, [w, g, b, r]),   // transversed
        (8, 16, 32, [g, w, r, b]),   // turned 90° anticlockwise
    ]

    static let stored: [UInt8] = ImageFixtures.quadrants(width: 32, height: 16, r, g, b, w)

    @Test(arguments: cases.map(\.0), [false, true])
    func orientationIsApplied(orientation: UInt16, littleEndian: Bool) throws {
        let (_, width, height, corners) = try #require(Self.cases.first { $0.0 == orientation })
        let jpeg = ImageFixtures.withExifOrientation(try ImageFixtures.jpeg(width: 32, height: 16, rgba: Self.stored),
                                                     orientation, littleEndian: littleEndian)
        #expect(ExifOrientation.read(fromJPEG: jpeg).rawValue == Int(orientation))
        let pixmap = try ImageDecoder.decode(jpeg)
        #expect(pixmap.width == width && pixmap.height == height)
        for ((x, y), colour) in zip(pixmap.quadrantCentres(), corners) {
            #expect(pixmap.isClose(x, y, to: colour), "orientation \(orientation) at (\(x), \(y)): \(pixmap.rgba(x, y))")
        }
        // Inside a .svga the bitmap is drawn as stored (Android's BitmapFactory ignores Exif).
        let asStored = try ImageDecoder.decode(jpeg, orientation: .ignoreExif)
        #expect(asStored.width == 32 && asStored.height == 16 && asStored.isClose(4, 4, to: Self.r))
    }

    /// Malformed Exif blocks read as "as stored", never as an error and never out of bounds.
    /// Offsets: SOI (2) + FF E1 + length (4) + "Exif\0\0" (6) put the TIFF header at 12.
    @Test(arguments: ["orientation 0", "orientation 9", "IFD offset past the end", "entry count past the end",
                      "bad byte order", "wrong type", "segment length past the end"])
    func malformedExifMeansAsStored(name: String) throws {
        let plain = try ImageFixtures.jpeg(width: 32, height: 16, rgba: Self.stored)
        var jpeg = ImageFixtures.withExifOrientation(plain, 6)
        switch name {
        case "orientation 0": jpeg = ImageFixtures.withExifOrientation(plain, 0)
        case "orientation 9": jpeg = ImageFixtures.withExifOrientation(plain, 9)
        case "IFD offset past the end": jpeg[17] = 0xF0            // MM: low byte of the IFD0 offset
        case "entry count past the end": jpeg[20] = 0x7F; jpeg[23] = 0x13   // 32 513 entries, none Orientation
        case "bad byte order": jpeg[12] = 0x41
        case "wrong type": jpeg[25] = 4                             // LONG instead of SHORT
        default: jpeg = Array(plain[0 ..< 2]) + [0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif".utf8)
        }
        #expect(ExifOrientation.read(fromJPEG: jpeg) == .up, "\(name)")
        if name != "segment length past the end" { #expect(try ImageDecoder.decode(jpeg).width == 32, "\(name)") }
    }
}
