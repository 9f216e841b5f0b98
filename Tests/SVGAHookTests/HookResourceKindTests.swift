import SVGAHook
import SVGAKit
import SVGATestSupport
import SVGAWriter
import Testing

// SVGA or not, decided by content (spec A.1): zlib streams and ZIPs with a descriptor go to the
// decoder; anything else is skipped with a reason that says what it looks like.
struct HookResourceKindTests {
    @Test func zlibAndZipSVGAAreCandidates() throws {
        let movie = HookFixtures.giftMovie(frames: 1)
        #expect(ResourceKind.classify(SVGAEncoder.encodeZlibProtobuf(movie)) == .svgaCandidate)
        #expect(ResourceKind.classify(try SVGAEncoder.encodeZipSpec(movie)) == .svgaCandidate)
        #expect(ResourceKind.classify(SVGAEncoder.encodeZipBinary(movie)) == .svgaCandidate)
        // A truncated zlib stream still looks like one: the decoder reports it as corrupt.
        #expect(ResourceKind.classify([0x78, 0x9C, 0x00]) == .svgaCandidate)
    }

    @Test(arguments: [
        (HookFixtures.solidPNG(width: 2, height: 2, r: 1, g: 2, b: 3), "PNG image"),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0], "JPEG image"),
        (Array("GIF89a....".utf8), "GIF image"),
        ([0, 0, 0, 0x18] + Array("ftypmp42".utf8), "MP4"),
        (Array("  <!DOCTYPE html><html>".utf8), "HTML"),
        (Array(#"{"error": "not found"}"#.utf8), "JSON"),
        ([0x1F, 0x8B, 0x08, 0x00], "gzip"),
        ([], "empty"),
        ([0x01, 0x02, 0x03], "unrecognised"),
    ] as [([UInt8], String)])
    func otherContentIsNotSVGA(bytes: [UInt8], expected: String) {
        guard case .notSVGA(let reason) = ResourceKind.classify(bytes) else {
            Issue.record("classified as an SVGA"); return
        }
        #expect(reason.contains(expected), "\(reason)")
    }

    @Test func zipWithoutDescriptorIsNotSVGA() {
        // A ZIP holding only a PNG: the ZIP writer of the test support, without movie.*.
        var raw = HookFixtures.giftMovie(frames: 1)
        raw.sprites = []
        let zip = SVGAEncoder.encodeZipBinary(raw)
        // Rename the descriptor in place (same length) so the archive stays well formed.
        var bytes = zip
        let name = Array("movie.binary".utf8), other = Array("readme.txt!!".utf8)
        var i = 0
        while i + name.count <= bytes.count {
            if Array(bytes[i..<(i + name.count)]) == name { bytes.replaceSubrange(i..<(i + name.count), with: other) }
            i += 1
        }
        guard case .notSVGA(let reason) = ResourceKind.classify(bytes) else { Issue.record("accepted"); return }
        #expect(reason.contains("ZIP archive without movie.spec or movie.binary"))
    }
}
