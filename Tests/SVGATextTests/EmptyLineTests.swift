// Degenerate input lays out to nothing rather than failing.
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct EmptyLineTests {
    @Test func emptyStringGivesEmptyPath() {
        let line = Fixture.face.layoutLine("", size: 100)
        #expect(line.path.isEmpty)
        #expect(line.advance == 0)
        #expect(line.glyphCount == 0)
        #expect(!line.isTruncated)
        // Metrics still come from the face, so a renderer can centre an empty slot.
        #expect(line.ascent > 0 && line.descent > 0)
    }

    @Test(arguments: [0.0, -12, .nan, .infinity])
    func unusableSizeGivesEmptyLine(_ size: Double) {
        let line = Fixture.face.layoutLine("Hi", size: size)
        #expect(line.path.isEmpty)
        #expect(line.advance == 0)
        #expect(line.glyphCount == 0)
    }

    @Test func spaceHasAdvanceButNoOutline() {
        let line = Fixture.face.layoutLine(" ", size: 100)
        #expect(line.path.isEmpty)
        #expect(line.advance > 0)
        #expect(line.glyphCount == 1)
    }
}
