// Characters DejaVu Sans lacks (CJK, emoji) must draw glyph 0, the .notdef box, never crash
// (spec A.8 spirit: bad input draws something predictable, not a trap).
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct MissingGlyphTests {
    @Test(arguments: ["中", "🫠", "\u{10FFFD}"])
    func missingCharacterDrawsNotdef(_ text: String) throws {
        let oracle = FreeTypeOracle()
        try #require(oracle.glyphIndex(text.unicodeScalars.first!) == 0, "fixture assumes DejaVu lacks it")

        let line = Fixture.face.layoutLine(text, size: 100)
        #expect(line.glyphCount == 1)
        #expect(!line.path.isEmpty)
        let notdefAdvance = Double(oracle.advance(0)) * 100 / Double(oracle.unitsPerEm)
        #expect(abs(line.advance - notdefAdvance) < 1e-9)
        // Every missing character is the same box: compare with another missing one.
        #expect(line.path == Fixture.face.layoutLine("\u{4E00}", size: 100).path)
    }

    @Test func notdefSitsBetweenKnownGlyphs() {
        let line = Fixture.face.layoutLine("a中b", size: 50)
        #expect(line.glyphCount == 3)
        let a = Fixture.face.layoutLine("a", size: 50).advance
        let box = Fixture.face.layoutLine("中", size: 50).advance
        let b = Fixture.face.layoutLine("b", size: 50).advance
        #expect(abs(line.advance - (a + box + b)) < 1e-9)
    }

    /// A default-ignorable code point the font lacks (TAG SPACE, U+E0020) is skipped rather
    /// than drawn as a box.
    @Test func missingDefaultIgnorableIsSkipped() throws {
        try #require(FreeTypeOracle().glyphIndex("\u{E0020}") == 0, "fixture assumes DejaVu lacks it")
        let line = Fixture.face.layoutLine("\u{E0020}", size: 40)
        #expect(line.glyphCount == 0)
        #expect(line.path.isEmpty)
        #expect(line.advance == 0)
        #expect(Fixture.face.layoutLine("A\u{E0020}", size: 40).path == Fixture.face.layoutLine("A", size: 40).path)
    }
}
