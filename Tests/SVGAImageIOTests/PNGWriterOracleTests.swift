import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGATestSupport
import Testing

// The PNG writer against its oracles (STYLE habit 7): libpng decodes every file we write to exactly
// the straight pixels `Pixmap.straightRGBA()` defines, at every level; the vector scanline filter
// equals its byte-by-byte twin; and the bytes are a pure function of pixels and level.
@Suite struct PNGWriterOracleTests {
    /// Shapes that stress the row code: 1×1, widths that are not a multiple of the 16-byte vector,
    /// one-row and one-column images, wide rows that flush the 16-bit lane sums.
    static let sizes: [(Int, Int)] = [(1, 1), (1, 7), (7, 1), (3, 5), (4, 4), (5, 3), (17, 9), (33, 2), (1200, 3)]

    static func check(_ pixmap: Pixmap, _ what: String) throws {
        for level in PNGCompression.allCases {
            let png = try PNGEncoder.encode(pixmap, compression: level)
            let decoded = try PNGDecoder.decodeStraightRGBA(png)
            #expect(decoded.width == pixmap.width && decoded.height == pixmap.height, "\(what) \(level)")
            #expect(firstDifference(decoded.rgba, pixmap.straightRGBA()) == nil, "\(what) at level \(level) does not decode to its pixels")
        }
        #expect(firstDifference(PNGScanlines.filter(pixmap), PNGScanlines.filterReference(pixmap)) == nil,
                "\(what): filter differs from its twin")
    }

    /// nil when equal, else where they first differ (never the whole arrays: they are large).
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        if a.count != b.count { return "sizes \(a.count) and \(b.count)" }
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "byte \(i): \(a[i]) vs \(b[i])"
    }

    @Test func seededRandomImagesAtEverySize() throws {
        for (index, size) in Self.sizes.enumerated() {
            for opaque in [false, true] {
                let pixmap = PNGRoundTripTests.randomPixmap(width: size.0, height: size.1, seed: UInt64(index + 11), opaque: opaque)
                try Self.check(pixmap, "\(size.0)×\(size.1) opaque=\(opaque)")
            }
        }
    }

    @Test func fullyTransparentAndSolidImages() throws {
        try Self.check(Pixmap(width: 19, height: 13)!, "transparent")
        var solid = Pixmap(width: 21, height: 11)!
        for i in stride(from: 0, to: solid.data.count, by: 4) { solid.data[i] = 40; solid.data[i + 1] = 80; solid.data[i + 3] = 128 }
        try Self.check(solid, "solid translucent")
    }

    /// Rows that repeat the row above favour `up`; rows of one flat colour favour `sub`. Both
    /// branches of the choice are then exercised (and libpng still decodes the result exactly).
    @Test func gradientsUseBothFilters() throws {
        var pixmap = Pixmap(width: 64, height: 64)!
        for y in 0..<64 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                let flat = y % 8 == 0
                let a: UInt8 = flat ? 200 : UInt8(128 + (x * 37) % 128)
                pixmap.data[i] = flat ? UInt8(y) : UInt8(Int(a) * ((x * 91) % 256) / 255)
                pixmap.data[i + 1] = flat ? 50 : UInt8(Int(a) * ((x * 53) % 256) / 255)
                pixmap.data[i + 3] = a
            }
        }
        let filtered = PNGScanlines.filter(pixmap)
        let types = Set((0..<64).map { filtered[$0 * (64 * 4 + 1)] })
        #expect(types == [1, 2], "expected both sub (1) and up (2) rows, got \(types.sorted())")
        try Self.check(pixmap, "gradient")
    }

    @Test func sameBytesForSameInput() throws {
        let pixmap = PNGRoundTripTests.randomPixmap(width: 40, height: 30, seed: 99, opaque: false)
        for level in PNGCompression.allCases {
            #expect(try PNGEncoder.encode(pixmap, compression: level) == PNGEncoder.encode(pixmap, compression: level))
        }
    }

    /// Real frames: the conformance references of a few corpus files, premultiplied and rewritten.
    @Test func corpusFramesRoundTrip() throws {
        guard Fixtures.hasCorpus else {
            print("PNGWriterOracleTests: ../shared is absent; corpus frames not checked")
            return
        }
        let root = Fixtures.conformance
        var checked = 0
        for name in ["angel", "rose", "matteBitmap", "bubble"] {
            let folder = root.appendingPathComponent(name)
            guard let frames = try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".png") }).sorted(),
                  let first = frames.first else { continue }
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(first)))
            try Self.check(try PNGDecoder.decode(bytes), "\(name)/\(first)")
            checked += 1
        }
        #expect(checked > 0, "no conformance frames found under \(root.path)")
    }
}
