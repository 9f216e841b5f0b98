import SVGAGeometry
import SVGARaster

/// One laid-out line of text in output units (spec A.7): y points down, the baseline is at y = 0
/// and the line's left edge at x = 0. The renderer positions it in the layout rectangle.
public struct TextLine: Sendable {
    /// All outline glyphs, y down, to be filled nonzero (TrueType winding).
    public let path: Path
    /// Colour glyphs (emoji), each an image to be drawn into its rectangle, after `path`.
    public let colorGlyphs: [PlacedColorGlyph]
    /// Total advance width.
    public let advance: Double
    /// Above the baseline, from the primary face's ascender; > 0.
    public let ascent: Double
    /// Below the baseline, from the primary face's descender; > 0.
    public let descent: Double
    /// The em size the line was laid out at: the size asked for, or less after shrink-to-fit.
    public let size: Double
    /// True when trailing characters were dropped to fit `maxWidth`.
    public let isTruncated: Bool
    /// Glyphs placed, the ellipsis glyphs included.
    public let glyphCount: Int
    /// The input text, or, when truncated, its kept prefix followed by the ellipsis.
    public let text: String
    /// The shaped runs in visual order (left to right).
    public let runs: [ShapedRun]
    /// Characters that no installed font covers, drawn as the missing glyph; each once.
    public let missingCharacters: [Unicode.Scalar]

    static func empty(ascent: Double, descent: Double, size: Double) -> TextLine {
        TextLine(path: Path(), colorGlyphs: [], advance: 0, ascent: ascent, descent: descent, size: size,
                 isTruncated: false, glyphCount: 0, text: "", runs: [], missingCharacters: [])
    }

    init(path: Path, colorGlyphs: [PlacedColorGlyph], advance: Double, ascent: Double, descent: Double, size: Double,
         isTruncated: Bool, glyphCount: Int, text: String, runs: [ShapedRun], missingCharacters: [Unicode.Scalar]) {
        self.path = path; self.colorGlyphs = colorGlyphs; self.advance = advance
        self.ascent = ascent; self.descent = descent; self.size = size
        self.isTruncated = isTruncated; self.glyphCount = glyphCount; self.text = text
        self.runs = runs; self.missingCharacters = missingCharacters
    }

    /// True when nothing drawn is .notdef (glyph 0 of its face).
    public var hasNoMissingGlyphs: Bool { runs.allSatisfy { $0.glyphs.allSatisfy { $0.id != 0 } } }
}

/// A colour glyph placed on the line: `image` (premultiplied RGBA) scaled into `rect` (line
/// coordinates, output units, y down).
public struct PlacedColorGlyph: Sendable {
    public let image: Pixmap
    public let rect: Rect
}
