// A character that no installed font covers is drawn as the primary face's glyph 0, the .notdef
// box, never a crash (spec A.8 spirit: bad input draws something predictable, not a trap), and is
// reported in `missingCharacters`. (Before fallback existed, "中" and "🫠" were the examples here;
// with fontconfig fallback they now find Noto Sans CJK and Noto Color Emoji, so these cases use
// private-use and unassigned code points that no font has.)
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct MissingGlyphTests {
    @Test(arguments: ["\u{10FFFD}", "\u{0378}", "\u{EFFFD}"])
    func missingCharacterDrawsNotdef(_ text: String) throws {
        let oracle = FreeTypeOracle()
        try #require(oracle.glyphIndex(text.unicodeScalars.first!) == 0, "fixture assumes DejaVu lacks it")

        let line = Fixture.face.layoutLine(text, size: 100)
        #expect(line.glyphCount == 1)
        #expect(!line.path.isEmpty)
        #expect(line.runs.first?.glyphs.first?.id == 0)
        #expect(!line.hasNoMissingGlyphs)
        #expect(line.missingCharacters == Array(text.unicodeScalars))
        #expect(Fixture.face.missingCharacters(in: text) == Array(text.unicodeScalars))
        let notdefAdvance = Double(oracle.advance(0)) * 100 / Double(oracle.unitsPerEm)
        #expect(abs(line.advance - notdefAdvance) < 1e-9)
        // Every missing character is the same box: compare with another missing one.
        #expect(line.path == Fixture.face.layoutLine("\u{10FFFE}", size: 100).path)
    }

    @Test func notdefSitsBetweenKnownGlyphs() {
        let line = Fixture.face.layoutLine("a\u{10FFFD}b", size: 50)
        #expect(line.glyphCount == 3)
        let a = Fixture.face.layoutLine("a", size: 50).advance
        let box = Fixture.face.layoutLine("\u{10FFFD}", size: 50).advance
        let b = Fixture.face.layoutLine("b", size: 50).advance
        #expect(abs(line.advance - (a + box + b)) < 1e-9)
        #expect(line.missingCharacters == ["\u{10FFFD}"])
    }

    /// Each missing character is listed once, in order of first appearance; covered ones never.
    @Test func missingCharactersAreListedOnce() {
        let text = "x\u{10FFFD}中\u{0378}\u{10FFFD}🌹"
        #expect(Fixture.face.missingCharacters(in: text) == ["\u{10FFFD}", "\u{0378}"])
    }

    /// A default-ignorable code point (TAG SPACE, U+E0020) is removed after shaping rather than
    /// drawn as a box, and is not reported.
    @Test func missingDefaultIgnorableIsSkipped() throws {
        let line = Fixture.face.layoutLine("\u{E0020}", size: 40)
        #expect(line.glyphCount == 0)
        #expect(line.path.isEmpty)
        #expect(line.advance == 0)
        #expect(line.missingCharacters.isEmpty)
        #expect(Fixture.face.layoutLine("A\u{E0020}", size: 40).path == Fixture.face.layoutLine("A", size: 40).path)
    }
}
