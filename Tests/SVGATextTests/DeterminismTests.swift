// Output must be bit-for-bit reproducible (golden images depend on it): independent faces, and
// repeated calls served from the glyph cache, give equal paths.
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct DeterminismTests {
    @Test(arguments: ["Hi", "Zoë ♥ Ǆ", "The quick brown fox"])
    func twoFacesGiveEqualPaths(_ text: String) throws {
        let a = try FontFace(path: FontFace.defaultPath)
        let b = try FontFace(path: FontFace.defaultPath)
        let la = a.layoutLine(text, size: 37.5, maxWidth: 120)
        let lb = b.layoutLine(text, size: 37.5, maxWidth: 120)
        #expect(la.path == lb.path)
        #expect(la.advance == lb.advance)
        #expect(la.isTruncated == lb.isTruncated)
        // Second call on the same face comes from the cache.
        #expect(a.layoutLine(text, size: 37.5, maxWidth: 120).path == la.path)
    }
}
