// Glyph outlines are meant to be filled nonzero (TrueType winding). After the y flip, a hole
// must still wind opposite to its outer contour, or nonzero would fill the counter of an "o".
import SVGAGeometry
import Testing
@testable import SVGAText

@Suite struct GlyphWindingTests {
    /// Signed area of each contour from its on-curve and control points (sign is all we need).
    static func contourAreas(_ path: Path) -> [Double] {
        var areas: [Double] = [], points: [Point] = []
        func flush() {
            guard points.count > 2 else { points = []; return }
            var a = 0.0
            for i in points.indices { a += points[i].cross(points[(i + 1) % points.count]) }
            areas.append(a / 2)
            points = []
        }
        for seg in path.segments {
            switch seg {
            case .move(let p): flush(); points.append(p)
            case .line(let p): points.append(p)
            case .quad(let c, let p): points.append(c); points.append(p)
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: flush()
            }
        }
        flush()
        return areas
    }

    @Test(arguments: ["o", "O", "0", "D"])
    func holeWindsOppositeToOutline(_ glyph: String) {
        let path = Fixture.face.layoutLine(glyph, size: 100).path
        let areas = Self.contourAreas(path)
        #expect(areas.count == 2)
        guard areas.count == 2 else { return }
        #expect(areas[0].sign != areas[1].sign)
    }

    @Test func everyContourIsClosedAndFinite() {
        let path = Fixture.face.layoutLine("Quartz & gift", size: 64).path
        #expect(path.isFinite)
        let moves = path.segments.filter { if case .move = $0 { return true } else { return false } }.count
        let closes = path.segments.filter { $0 == .close }.count
        #expect(moves > 0 && moves == closes)
    }

    @Test func outlinesUseQuadsForTrueType() {
        // DejaVu Sans is TrueType: curves arrive as conics, i.e. quads, never cubics.
        let path = Fixture.face.layoutLine("Sog", size: 64).path
        #expect(path.segments.contains { if case .quad = $0 { return true } else { return false } })
        #expect(!path.segments.contains { if case .cubic = $0 { return true } else { return false } })
    }
}
