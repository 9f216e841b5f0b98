// Shaping one run with HarfBuzz (hb_shape over the face's hb_font at scale = units per em), the
// step that makes Arabic join, Indic conjuncts form, Thai and Vietnamese marks stack, Latin
// combining marks position, and emoji ZWJ sequences, skin tones and flags ligate into one glyph.
import CHarfBuzz

/// One glyph as HarfBuzz placed it, in font units of its run's face (y up for offsets).
public struct ShapedGlyph: Sendable, Hashable {
    /// Glyph ID in the run's face; 0 is .notdef, the missing-glyph box.
    public let id: UInt32
    /// Index of the first Unicode scalar of its cluster, counted from the start of the run
    /// (what `hb-shape` prints as `cl` for the run's text).
    public let cluster: Int
    public let xAdvance: Int
    public let yAdvance: Int
    public let xOffset: Int
    public let yOffset: Int
}

/// A run of text shaped in one face, direction, script and language.
public struct ShapedRun: Sendable {
    public let face: FontFace
    /// The run's characters in logical order.
    public let text: String
    public let isRightToLeft: Bool
    /// ISO 15924 script tag, e.g. "Arab".
    public let script: String
    /// BCP 47 language the run was shaped with, nil for none.
    public let language: String?
    /// Glyphs in visual order (left to right), as HarfBuzz outputs them.
    public let glyphs: [ShapedGlyph]
    /// Sum of the x advances, font units.
    public var advanceUnits: Int { glyphs.reduce(0) { $0 + $1.xAdvance } }

    /// Shapes `span` of `scalars` (the rest of the line is passed as context, so Arabic joins
    /// across a run boundary as it would in one run). Default-ignorable characters are removed
    /// after shaping (HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES), so a ZWJ the font does not
    /// ligate leaves no glyph.
    static func shape(_ scalars: [UInt32], span: RunSpan, face: FontFace, language: String?) -> ShapedRun {
        let glyphs: [ShapedGlyph] = face.withLockedFace { locked in
            guard let buffer = hb_buffer_create() else { return [] }
            defer { hb_buffer_destroy(buffer) }
            scalars.withUnsafeBufferPointer {
                hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32(scalars.count),
                                         UInt32(span.scalars.lowerBound), Int32(span.scalars.count))
            }
            hb_buffer_set_direction(buffer, span.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, span.script)
            if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
            hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
            hb_shape(locked.harfBuzzFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            return (0..<Int(count)).map { i in
                ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster) - span.scalars.lowerBound,
                            xAdvance: Int(positions[i].x_advance), yAdvance: Int(positions[i].y_advance),
                            xOffset: Int(positions[i].x_offset), yOffset: Int(positions[i].y_offset))
            }
        }
        var text = String.UnicodeScalarView()
        for value in scalars[span.scalars] { if let s = Unicode.Scalar(value) { text.append(s) } }
        return ShapedRun(face: face, text: String(text), isRightToLeft: span.isRightToLeft,
                         script: ScriptResolution.tag(span.script), language: language, glyphs: glyphs)
    }
}
