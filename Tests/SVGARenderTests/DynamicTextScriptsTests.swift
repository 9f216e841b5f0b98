import Foundation
import SVGAFormat
import SVGAGeometry
import SVGARaster
import SVGARender
import SVGATestSupport
import SVGAText
import Testing

/// Dynamic text beyond Latin (issue 9): colour emoji drawn as images with frame alpha and clip,
/// one warning per key for characters no installed font has, and shrink-to-fit in the slot.
struct DynamicTextScriptsTests {
    typealias T = DynamicItemsTests
    static let transparent = DynamicImage(pixmap: T.solid(2, 2, (0, 0, 0, 0)))

    static func render(_ text: String, style: TextStyle, alpha: Double = 1, clip: String? = nil) throws -> (Pixmap, MovieRenderer) {
        var raw = RawMovie(version: "2.0.0", params: RawParams(viewBoxWidth: 240, viewBoxHeight: 100, fps: 20, frames: 1))
        raw.sprites = [RawSprite(imageKey: "slot", frames: [RawFrame(alpha: Float(alpha), layout: RawLayout(width: 200, height: 50),
                                                                     transform: RawTransform(a: 1, d: 1, tx: 20, ty: 25), clipPath: clip)])]
        let movie = try MovieResolver.resolve(raw, container: .zlibProtobuf)
        let renderer = try MovieRenderer(movie: movie, dynamic: DynamicItems(texts: ["slot": DynamicText(text: text, style: style)]))
        return (try renderer.render(frame: 0), renderer)
    }

    /// The rose is drawn from its colour bitmap: red petals and green leaves, whatever the text
    /// colour (blue here), so it cannot be an outline filled in the style's colour.
    @Test func emojiIsDrawnInItsOwnColours() throws {
        let (frame, renderer) = try Self.render("🌹", style: TextStyle(size: 40, color: Color(r: 0, g: 0, b: 1, a: 1)))
        #expect(renderer.warnings.isEmpty)
        var reddish = 0, blue = 0
        for i in stride(from: 0, to: frame.data.count, by: 4) where frame.data[i + 3] == 255 {
            let r = Int(frame.data[i]), g = Int(frame.data[i + 1]), b = Int(frame.data[i + 2])
            if r > 150 && g < 100 && b < 120 { reddish += 1 }
            if b > 200 && r < 50 && g < 50 { blue += 1 }
        }
        #expect(reddish > 100, "red petals: \(reddish) pixels")
        #expect(blue == 0)
        let ink = try #require(T.inkBounds(frame))
        // Centred in the 200 × 50 layout at (20, 25), about 1.25 em wide.
        #expect(abs(Double(ink.minX + ink.maxX) / 2 - 120) <= 3)
        #expect(ink.maxX - ink.minX >= 30 && ink.maxX - ink.minX <= 52, "\(ink)")
        #expect(ink.minY >= 25 && ink.maxY <= 75)
    }

    /// Every name of the shared table, drawn into a sprite: no missing-glyph box (the line's glyph
    /// IDs hold no .notdef, and the renderer has no warning), and ink inside the layout.
    @Test(arguments: InternationalName.table)
    func everyNameDrawsWithoutMissingGlyphs(_ name: InternationalName) throws {
        let style = TextStyle(size: 30, color: Color(r: 0, g: 1, b: 0, a: 1))
        let (frame, renderer) = try Self.render(name.text, style: style)
        #expect(renderer.warnings.isEmpty, "\(name.label): \(renderer.warnings)")
        let line = try FontFace(path: FontFace.defaultPath).layoutLine(name.text, size: 30, maxWidth: 200)
        #expect(line.hasNoMissingGlyphs, "\(name.label)")
        let ink = try #require(T.inkBounds(frame), "\(name.label): nothing drawn")
        #expect(ink.minX >= 20 && ink.maxX < 220 && ink.minY >= 25 && ink.maxY < 75, "\(name.label): \(ink)")
    }

    @Test func emojiAlphaFollowsTheFrameAlpha() throws {
        let (frame, _) = try Self.render("🌹", style: TextStyle(size: 40), alpha: 0.5)
        let maxAlpha = stride(from: 3, to: frame.data.count, by: 4).map { frame.data[$0] }.max() ?? 0
        #expect(maxAlpha >= 125 && maxAlpha <= 130, "half-transparent emoji: \(maxAlpha)")
    }

    @Test func emojiIsClippedByTheClipPath() throws {
        let (full, _) = try Self.render("🌹🌹", style: TextStyle(size: 40))
        let (clipped, _) = try Self.render("🌹🌹", style: TextStyle(size: 40), clip: "M0 0 H100 V50 H0 Z")
        let fullInk = try #require(T.inkBounds(full)), clippedInk = try #require(T.inkBounds(clipped))
        #expect(fullInk.maxX > 125)
        #expect(clippedInk.maxX <= 120, "nothing right of the clip (x = 120): \(clippedInk.maxX)")
        #expect(clippedInk.minX == fullInk.minX)
    }

    @Test func uncoveredCharactersGiveOneWarningPerKey() throws {
        let (_, renderer) = try Self.render("Bob \u{10FFFD}\u{0378}\u{10FFFD}", style: TextStyle(size: 30))
        #expect(renderer.warnings.count == 1)
        let warning = try #require(renderer.warnings.first)
        #expect(warning.contains("'slot'"))
        #expect(warning.contains("U+10FFFD") && warning.contains("U+0378"))
        #expect(warning.components(separatedBy: "U+10FFFD").count == 2, "each character once: \(warning)")
        let (_, clean) = try Self.render("小明 Alice 🌹 محمد", style: TextStyle(size: 30))
        #expect(clean.warnings.isEmpty)
    }

    @Test func shrinkFitsTheNameIntoTheSlot() throws {
        let name = "Maximilian von Hohenberg"
        let fixed = try T.inkBounds(Self.render(name, style: TextStyle(size: 30, ellipsis: false)).0)
        let shrunk = try #require(try T.inkBounds(Self.render(name, style: TextStyle(size: 30, fit: .shrink, minimumSize: 10)).0))
        // Unshrunk, the line overflows the 200-wide layout and is cut only by the canvas.
        #expect(fixed.map { $0.minX < 20 && $0.maxX > 220 } == true)
        #expect(shrunk.minX >= 20 && shrunk.maxX < 220)
        #expect(shrunk.maxX - shrunk.minX > 190, "shrunk just enough to fill the width")
    }
}
