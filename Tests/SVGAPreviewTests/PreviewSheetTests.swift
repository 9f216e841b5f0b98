import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGAPreview
import SVGARaster
import SVGATestSupport
import SVGAText
import Testing

/// sheet.png: a grid sized from the cell aspect, cells on a checkerboard where the frame is
/// transparent, each with a frame label drawn from glyph outlines.
struct PreviewSheetTests {
    static func movie(frames: Int, width: Float = 300, height: Float = 300, hidden: Bool = false) throws -> Movie {
        var m = TestMovies.clean()
        m.params = RawParams(viewBoxWidth: width, viewBoxHeight: height, fps: 20, frames: Int32(frames))
        m.sprites = m.sprites.map { s in
            var s = s
            var f = s.frames[0]
            if hidden { f.alpha = 0 }
            s.frames = Array(repeating: f, count: frames)
            return s
        }
        return try SVGADecoder.decode(TestMovies.zlib(m))
    }

    static func rgba(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
        let v = p.pixel(x: x, y: y)
        return [v.r, v.g, v.b, v.a]
    }

    @Test func squareCellsMakeASquareishGrid() throws {
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 40), options: PreviewOptions(maxSize: 150))
        // 16 cells of 150 × 150 (+ an 18 px label band, 8 px padding): 4 × 4.
        let expected: [Int] = [8 + 4 * 158, 8 + 4 * 176]
        #expect([preview.sheetSize.width, preview.sheetSize.height] == expected)
        let sheet = try PNGDecoder.decode(preview.sheet)
        #expect(sheet.width == preview.sheetSize.width && sheet.height == preview.sheetSize.height)
    }

    @Test func wideBannerGetsFewColumns() throws {
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 40, width: 750, height: 80), options: PreviewOptions(maxSize: 360))
        // Cells are 360 × 39 (65 px pitch with the label): 2 columns of 8 keep the sheet squarish.
        #expect(preview.sheetSize.width == 8 + 2 * (360 + 8))
        #expect(preview.sheetSize.height == 8 + 8 * (39 + 18 + 8))
    }

    @Test func transparentCellsShowTheCheckerboard() throws {
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 4, hidden: true), options: PreviewOptions(maxSize: 150))
        let sheet = try PNGDecoder.decode(preview.sheet)
        // The first cell starts at (8, 8): light square, then dark 8 px to the right and below.
        #expect(Self.rgba(sheet, 9, 9) == [255, 255, 255, 255])
        #expect(Self.rgba(sheet, 17, 9) == [214, 214, 214, 255])
        #expect(Self.rgba(sheet, 9, 17) == [214, 214, 214, 255])
        #expect(Self.rgba(sheet, 17, 17) == [255, 255, 255, 255])
        // Outside the cells: the opaque sheet background.
        #expect(Self.rgba(sheet, 2, 2) == [244, 244, 244, 255])
    }

    @Test func framesAreLabelled() throws {
        let hasFont = FileManager.default.fileExists(atPath: FontFace.defaultPath)
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 4, hidden: true), options: PreviewOptions(maxSize: 150))
        let sheet = try PNGDecoder.decode(preview.sheet)
        // The label band under the first cell: rows 158 ..< 176, columns 8 ..< 158.
        var dark = 0
        for y in 158..<176 { for x in 8..<158 where sheet.pixel(x: x, y: y).r < 128 { dark += 1 } }
        if hasFont {
            #expect(dark > 20, "label glyphs are drawn")
            #expect(!preview.notes.contains { $0.contains("labels") })
        } else {
            #expect(dark == 0)
            #expect(preview.notes.contains { $0.contains("labels") })
        }
    }

    @Test func missingFontLeavesLabelsOutWithANote() throws {
        let options = PreviewOptions(maxSize: 32, fontPath: "/nonexistent/font.ttf")
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 2), options: options)
        #expect(preview.notes.contains { $0.contains("no frame labels") })
    }

    @Test func writesTheThreeFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("svga-preview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 3), options: PreviewOptions(maxSize: 32))
        try preview.write(to: dir)
        for name in ["poster.png", "sheet.png", "preview.png"] {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            #expect(try PNGDecoder.decode([UInt8](data)).width > 0, "\(name) is a PNG")
        }
    }
}
