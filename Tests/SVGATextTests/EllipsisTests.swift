// Ellipsis at the layout width (spec A.7: "ellipsis at the layout width on request"): drop whole
// grapheme clusters until text + "…" fits, or return the full line for the caller to clip.
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct EllipsisTests {
    static let long = "The quick brown fox jumps over the lazy dog"

    @Test func longLineIsTruncatedToFit() {
        let line = Fixture.face.layoutLine(Self.long, size: 40, maxWidth: 200)
        #expect(line.isTruncated)
        #expect(line.advance <= 200)
        #expect(line.text.hasSuffix("\u{2026}"))
        let kept = String(line.text.dropLast())
        #expect(Self.long.hasPrefix(kept))
        #expect(!kept.isEmpty && kept.last?.isWhitespace == false)
        // Nothing is dropped that would have fit: one more character no longer fits.
        let next = Self.long[Self.long.index(Self.long.startIndex, offsetBy: kept.count)]
        if !next.isWhitespace {
            let longer = Fixture.face.layoutLine(kept + String(next) + "\u{2026}", size: 40)
            #expect(longer.advance > 200)
        }
        // The truncated line is exactly the layout of its own text.
        let again = Fixture.face.layoutLine(line.text, size: 40)
        #expect(again.path == line.path)
        #expect(again.advance == line.advance)
        #expect(again.glyphCount == line.glyphCount)
    }

    @Test func shortLineIsUntouched() {
        let plain = Fixture.face.layoutLine("Bob", size: 40)
        let capped = Fixture.face.layoutLine("Bob", size: 40, maxWidth: 200)
        #expect(!capped.isTruncated)
        #expect(capped.text == "Bob")
        #expect(capped.path == plain.path)
        #expect(capped.advance == plain.advance)
    }

    @Test func ellipsisOffReturnsTheFullLine() {
        let full = Fixture.face.layoutLine(Self.long, size: 40)
        let line = Fixture.face.layoutLine(Self.long, size: 40, maxWidth: 200, ellipsis: false)
        #expect(!line.isTruncated)
        #expect(line.advance == full.advance)
        #expect(line.advance > 200)
        #expect(line.path == full.path)
    }

    /// "e" + COMBINING ACUTE is one Character: truncation must never split it.
    @Test func truncationKeepsGraphemeClustersWhole() {
        let text = String(repeating: "e\u{301}", count: 40)
        let line = Fixture.face.layoutLine(text, size: 40, maxWidth: 150)
        #expect(line.isTruncated)
        #expect(line.advance <= 150)
        let kept = line.text.dropLast()
        #expect(kept.unicodeScalars.count == 2 * kept.count)
        #expect(kept.allSatisfy { $0 == "e\u{301}" })
    }

    @Test func widthTooSmallForAnythingLeavesTheEllipsisAlone() {
        let line = Fixture.face.layoutLine(Self.long, size: 40, maxWidth: 1)
        #expect(line.isTruncated)
        #expect(line.text == "\u{2026}")
        #expect(line.glyphCount == 1)
        #expect(line.path == Fixture.face.layoutLine("\u{2026}", size: 40).path)
    }

    @Test func emptyTextIsNeverTruncated() {
        let line = Fixture.face.layoutLine("", size: 40, maxWidth: -5)
        #expect(!line.isTruncated)
        #expect(line.path.isEmpty)
    }
}
