// One FontFace shared by render threads (its documented contract): concurrent layouts of the same
// line, starting from a cold glyph cache, must all produce the same geometry, fallback faces and
// colour emoji included (those are shared process-wide).
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct ConcurrentLayoutTests {
    @Test func eightTasksGetIdenticalPaths() async throws {
        let face = try FontFace(path: FontFace.defaultPath)  // fresh: the cache fills under contention
        let text = "Happy birthday, Łukasz! ❤ 中 小明 🌹👍🏽 محمد עברית"
        let lines = await withTaskGroup(of: TextLine.self) { group in
            for _ in 0..<8 {
                group.addTask { face.layoutLine(text, size: 24, maxWidth: 480) }
            }
            var all: [TextLine] = []
            for await line in group { all.append(line) }
            return all
        }
        #expect(lines.count == 8)
        let reference = Fixture.face.layoutLine(text, size: 24, maxWidth: 480)
        #expect(!reference.colorGlyphs.isEmpty && reference.runs.count > 3, "emoji and fallback runs are in the line")
        for line in lines {
            #expect(line.path == reference.path)
            #expect(line.advance == reference.advance)
            #expect(line.text == reference.text)
            #expect(line.colorGlyphs.map(\.image) == reference.colorGlyphs.map(\.image))
            #expect(line.colorGlyphs.map(\.rect) == reference.colorGlyphs.map(\.rect))
        }
    }
}
