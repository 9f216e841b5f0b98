import SVGAGeometry

/// One laid-out line of text in output units (spec A.7): y points down, the baseline is at y = 0
/// and the first glyph's origin at x = 0. The renderer positions it in the layout rectangle.
public struct TextLine: Sendable {
    /// All glyph outlines, y down, to be filled nonzero (TrueType winding).
    public let path: Path
    /// Total advance width (kerning included).
    public let advance: Double
    /// Above the baseline, from the face's ascender; > 0.
    public let ascent: Double
    /// Below the baseline, from the face's descender; > 0.
    public let descent: Double
    /// True when trailing characters were dropped to fit `maxWidth`.
    public let isTruncated: Bool
    /// Glyphs placed, the ellipsis glyphs included.
    public let glyphCount: Int
    /// The input text, or, when truncated, its kept prefix followed by the ellipsis.
    public let text: String

    public init(path: Path, advance: Double, ascent: Double, descent: Double,
                isTruncated: Bool, glyphCount: Int, text: String) {
        self.path = path
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
        self.isTruncated = isTruncated
        self.glyphCount = glyphCount
        self.text = text
    }
}
