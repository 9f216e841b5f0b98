// Shaping checked against HarfBuzz's own `hb-shape` (issue 9): for names as live rooms carry
// them, every run's glyph IDs, clusters, advances and offsets in the chosen font equal hb-shape's
// for the same font file, and no glyph is .notdef (every character found a font). The expected
// font family per name pins the fallback chain: a name drawn by a wrong but covering font would
// still shape "correctly".
import Foundation
import SVGATestSupport
import Testing
@testable import SVGAText

@Suite struct ShapingOracleTests {
    typealias Name = InternationalName
    static let names = InternationalName.table

    @Test(arguments: names)
    func glyphsEqualHBShape(_ name: Name) throws {
        let line = Fixture.face.layoutLine(name.text, size: 40)
        #expect(line.hasNoMissingGlyphs, "\(name.label): .notdef drawn")
        #expect(line.missingCharacters.isEmpty)
        #expect(!line.runs.isEmpty)
        let families = Set(line.runs.map(\.face.familyName))
        for family in name.families {
            #expect(families.contains(family), "\(name.label): no run in \(family); runs in \(families.sorted())")
        }
        guard let tool = HBShapeOracle.path else {
            if HBShapeOracle.isCI {
                Issue.record("hb-shape (Debian libharfbuzz-bin) is required with CI set; run scripts/install-deps.sh")
            } else {
                print("ShapingOracleTests: hb-shape not installed (libharfbuzz-bin); skipping the comparison for \(name.label)")
            }
            return
        }
        for run in line.runs {
            let expected = try #require(try HBShapeOracle.shape(run, tool: tool))
            #expect(run.oracleGlyphs == expected,
                    "\(name.label): run '\(run.text)' in \(run.face.sourceName) \(run.script) \(run.isRightToLeft ? "rtl" : "ltr")")
        }
        // The line's advance is the runs' advances at this size.
        let sum = line.runs.reduce(0.0) { $0 + Double($1.advanceUnits) * 40 / Double($1.face.unitsPerEm) }
        #expect(abs(line.advance - sum) < 1e-9)
    }

    @Test func table_hasAtLeastTwentyNames() {
        #expect(Self.names.count >= 20)
    }

    /// Right-to-left runs come out in visual order: in "Alice سلام" the Latin run is left of the
    /// Arabic one; in "سلام Alice" (base direction from the first strong character: RTL) the
    /// Arabic run is the rightmost.
    @Test func bidiOrdersRunsVisually() {
        let ltr = Fixture.face.layoutLine("Alice سلام", size: 40)
        #expect(ltr.runs.map(\.isRightToLeft) == [false, true])
        #expect(ltr.runs.first?.text.hasPrefix("Alice") == true)
        let rtl = Fixture.face.layoutLine("سلام Alice", size: 40)
        #expect(rtl.runs.last?.isRightToLeft == true)
        #expect(rtl.runs.last?.text.hasPrefix("سلام") == true)
        #expect(rtl.runs.first?.text.hasPrefix("Alice") == true)
    }

    /// Emoji come out as colour images, one per shaped sequence, scaled to the text size.
    @Test func emojiAreColourImagesScaledToTheSize() throws {
        let line = Fixture.face.layoutLine("👨‍👩‍👧👍🏽🇯🇵", size: 50)
        #expect(line.glyphCount == 3)
        #expect(line.colorGlyphs.count == 3)
        #expect(line.path.isEmpty)
        let first = try #require(line.colorGlyphs.first)
        // Noto Color Emoji: 136 × 128 pixels at 109 pixels per em.
        #expect(abs(first.rect.height - 50 * 128 / 109) < 1e-9)
        #expect(first.image.width == 136 && first.image.height == 128)
        // Premultiplied: no channel above alpha.
        let d = first.image.data
        var overAlpha = 0
        for i in stride(from: 0, to: d.count, by: 4) {
            let a = d[i + 3]
            if d[i] > a || d[i + 1] > a || d[i + 2] > a { overAlpha += 1 }
        }
        #expect(overAlpha == 0)
        let again = Fixture.face.layoutLine("👨‍👩‍👧👍🏽🇯🇵", size: 50)
        #expect(again.colorGlyphs.map(\.image) == line.colorGlyphs.map(\.image))
    }
}
