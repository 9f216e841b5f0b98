// Ellipsis on shaped text (issue 9): truncation keeps whole grapheme clusters in every script, the
// ellipsis sits at the logical end (the left of a right-to-left line), and shrink-to-fit lowers
// the size down to the minimum before anything is cut.
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct ClusterEllipsisTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String, unit: String, repeats: Int, maxWidth: Double
        var text: String { String(repeating: unit, count: repeats) }
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Latin e + combining acute", unit: "e\u{301}", repeats: 40, maxWidth: 150),
        Case(label: "Vietnamese stacked marks", unit: "e\u{302}\u{303}", repeats: 30, maxWidth: 140),
        Case(label: "emoji ZWJ family", unit: "👨‍👩‍👧", repeats: 10, maxWidth: 170),
        Case(label: "skin tones", unit: "👍🏽", repeats: 10, maxWidth: 130),
        Case(label: "flags", unit: "🇯🇵🇧🇷", repeats: 6, maxWidth: 190),
        Case(label: "Thai with marks", unit: "น้ำ", repeats: 20, maxWidth: 120),
        Case(label: "Devanagari conjunct", unit: "क्ष", repeats: 20, maxWidth: 160),
        Case(label: "Hangul jamo", unit: "\u{1100}\u{1161}\u{11A8}", repeats: 20, maxWidth: 150),
        Case(label: "Arabic", unit: "محمد ", repeats: 8, maxWidth: 180),
        Case(label: "keycaps", unit: "1️⃣", repeats: 12, maxWidth: 150),
    ]

    @Test(arguments: cases)
    func truncationNeverSplitsAGraphemeCluster(_ c: Case) throws {
        let line = Fixture.face.layoutLine(c.text, size: 40, maxWidth: c.maxWidth)
        #expect(line.isTruncated)
        #expect(line.advance <= c.maxWidth)
        #expect(line.hasNoMissingGlyphs)
        try #require(line.text.hasSuffix("\u{2026}"))
        let kept = Array(line.text.dropLast())
        let original = Array(c.text)
        #expect(!kept.isEmpty, "\(c.label): something fits")
        // Kept is a prefix of the original's Characters: no cluster was cut or changed.
        #expect(original.starts(with: kept), "\(c.label): \(kept.map { String($0).unicodeScalars.map { String($0.value, radix: 16) } })")
        // Scalars too (a cut cluster could still compare equal as a Character only by accident).
        #expect(String(kept).unicodeScalars.elementsEqual(c.text.unicodeScalars.prefix(String(kept).unicodeScalars.count)))
        // The truncated line is exactly the layout of its own text.
        let again = Fixture.face.layoutLine(line.text, size: 40)
        #expect(again.path == line.path)
        #expect(again.advance == line.advance)
    }

    /// The ellipsis is at the logical end: the rightmost glyph of a left-to-right line, the
    /// leftmost of a right-to-left one.
    @Test(arguments: [("Maximilian Alexander von Hohenberg", false), ("محمد بن عبد الله بن عبد المطلب", true),
                      ("דוד בן ישי מבית לחם יהודה", true)])
    func ellipsisSitsAtTheLogicalEnd(_ text: String, _ rightToLeft: Bool) throws {
        let line = Fixture.face.layoutLine(text, size: 30, maxWidth: 150)
        #expect(line.isTruncated)
        #expect(line.advance <= 150)
        let edgeRun = try #require(rightToLeft ? line.runs.first : line.runs.last)
        let edgeGlyph = try #require(rightToLeft ? edgeRun.glyphs.first : edgeRun.glyphs.last)
        #expect(edgeRun.isRightToLeft == rightToLeft)
        let scalars = Array(edgeRun.text.unicodeScalars)
        #expect(edgeGlyph.cluster == scalars.count - 1)
        #expect(scalars.last == "\u{2026}")
    }

    @Test func shrinkFitsBeforeEllipsizing() {
        let text = "Maximilian von Hohenberg"
        let natural = Fixture.face.layoutLine(text, size: 40)
        #expect(natural.advance > 300)
        let shrunk = Fixture.face.layoutLine(text, size: 40, maxWidth: 300, minimumSize: 20)
        #expect(!shrunk.isTruncated)
        #expect(shrunk.text == text)
        #expect(shrunk.size < 40 && shrunk.size >= 20)
        #expect(shrunk.advance <= 300 && shrunk.advance > 299.99)
        // The same glyphs, only scaled.
        #expect(shrunk.glyphCount == natural.glyphCount)
        #expect(abs(shrunk.advance / natural.advance - shrunk.size / 40) < 1e-12)
    }

    @Test func shrinkStopsAtTheMinimumThenEllipsizes() {
        let text = "Maximilian Alexander von Hohenberg-Wittelsbach"
        let line = Fixture.face.layoutLine(text, size: 40, maxWidth: 300, minimumSize: 30)
        #expect(line.size == 30)
        #expect(line.isTruncated)
        #expect(line.advance <= 300)
        #expect(line.text.hasSuffix("\u{2026}"))
        // Without the ellipsis it stays whole at the minimum, for the caller to clip.
        let clipped = Fixture.face.layoutLine(text, size: 40, maxWidth: 300, ellipsis: false, minimumSize: 30)
        #expect(clipped.size == 30 && !clipped.isTruncated && clipped.advance > 300)
    }

    @Test func shortTextDoesNotShrink() {
        let line = Fixture.face.layoutLine("Bob", size: 40, maxWidth: 300, minimumSize: 10)
        #expect(line.size == 40)
        #expect(line.path == Fixture.face.layoutLine("Bob", size: 40).path)
    }
}
