// One line's advance and bounds against a direct FreeType query (spec A.7: text is centred in the
// layout rectangle by its advance, so the advance must be the font's, kerning included).
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct LineMetricsTests {
    @Test func hiAtSize100MatchesFreeType() {
        let line = Fixture.face.layoutLine("Hi", size: 100)
        let oracle = FreeTypeOracle()
        let expected = Double(oracle.width(of: "Hi")) * 100 / Double(oracle.unitsPerEm)
        #expect(abs(line.advance - expected) < 1e-9)
        #expect(line.glyphCount == 2)
        #expect(line.text == "Hi")
        #expect(!line.isTruncated)
        #expect(line.ascent > 0 && line.descent > 0)

        let bounds = try! #require(line.path.controlBounds)
        #expect(bounds.minX >= 0 && bounds.maxX <= line.advance)
        #expect(bounds.minY >= -line.ascent && bounds.maxY <= line.descent)
        // "Hi" stands on the baseline: nothing below y = 0 (y down), the H's top well above it.
        #expect(bounds.maxY <= 1e-9)
        #expect(bounds.minY < -50)
    }

    /// Pairs a kerning table usually adjusts; each must match the oracle exactly.
    @Test(arguments: ["AV", "To", "Wa", "LT", "Hi Mom", "Yo."])
    func advanceIncludesKerning(_ text: String) {
        let line = Fixture.face.layoutLine(text, size: 40)
        let oracle = FreeTypeOracle()
        let expected = Double(oracle.width(of: text)) * 40 / Double(oracle.unitsPerEm)
        #expect(abs(line.advance - expected) < 1e-9, "\(text): \(line.advance) vs \(expected)")
    }

    @Test func kerningIsAppliedWhenTheFaceHasIt() {
        let oracle = FreeTypeOracle()
        #expect(Fixture.face.hasKerning == oracle.hasKerning)
        guard oracle.hasKerning else { return }
        let kern = oracle.kerning(oracle.glyphIndex("A"), oracle.glyphIndex("V"))
        #expect(kern < 0, "DejaVu Sans kerns A/V tighter")
        let pair = Fixture.face.layoutLine("AV", size: 2048).advance
        let apart = Fixture.face.layoutLine("A", size: 2048).advance + Fixture.face.layoutLine("V", size: 2048).advance
        // At size = unitsPerEm, output units are font units.
        #expect(abs(pair - (apart + Double(kern))) < 1e-9)
    }

    @Test func ascentAndDescentComeFromTheFace() {
        let line = Fixture.face.layoutLine("x", size: 2048)
        // DejaVu Sans hhea: ascender 1901, descender -483, 2048 units per em.
        #expect(line.ascent == 1901)
        #expect(line.descent == 483)
        #expect(Fixture.face.unitsPerEm == 2048)
        #expect(Fixture.face.familyName == "DejaVu Sans")
    }

    @Test func outlineScalesLinearlyWithSize() {
        let small = Fixture.face.layoutLine("Kg", size: 10)
        let big = Fixture.face.layoutLine("Kg", size: 30)
        let b1 = try! #require(small.path.controlBounds)
        let b3 = try! #require(big.path.controlBounds)
        #expect(abs(b3.width - 3 * b1.width) < 1e-9)
        #expect(abs(b3.maxY - 3 * b1.maxY) < 1e-9)
        #expect(abs(big.advance - 3 * small.advance) < 1e-9)
        // "g" descends below the baseline (y down: positive y).
        #expect(b1.maxY > 0 && b1.maxY <= small.descent)
    }
}
