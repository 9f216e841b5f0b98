// Single-line layout: cmap lookup, kerning, advances and ellipsis truncation (spec A.7: "ellipsis
// at the layout width on request"; B.4: players centre one line of text in the sprite's layout).
//
// Partial by design: this is a left-to-right run of glyphs from the cmap, with pair kerning from
// the legacy 'kern' table. There is no complex shaping: no Arabic joining, no Indic reordering,
// no bidi, no GSUB ligatures or GPOS mark positioning; combining marks simply use their own
// advances (usually zero, so they sit over the preceding base glyph).
//
// All arithmetic before the final scale is in integer font units, so the same string, size and
// font give the same Path bits on every run and every thread.
import SVGAGeometry

extension FontFace {
    /// Lays out one line of `text` at `size` (em size in output units). y points down, the
    /// baseline is at y = 0, the first glyph's origin at x = 0. Kerning comes from the font where
    /// it has some. Characters the font lacks use glyph 0 (.notdef) and are drawn; default-ignorable
    /// code points the font lacks (ZWJ, variation selectors) are skipped instead, as Unicode
    /// recommends, so an emoji sequence does not grow extra boxes.
    ///
    /// When `maxWidth` is given, the line is wider and `ellipsis` is true, trailing characters
    /// (whole grapheme clusters) are dropped, along with any whitespace left at the end, until
    /// the kept text plus "…" (U+2026, or "..." when the font lacks it) fits. If not even the
    /// ellipsis alone fits, the ellipsis alone is returned (wider than `maxWidth`; the caller
    /// clips). With `ellipsis` false the full line is returned and the caller clips.
    ///
    /// A `size` that is not finite and positive yields an empty line.
    public func layoutLine(_ text: String, size: Double, maxWidth: Double? = nil,
                           ellipsis: Bool = true) -> TextLine {
        guard size.isFinite, size > 0 else {
            return TextLine(path: Path(), advance: 0, ascent: 0, descent: 0,
                            isTruncated: false, glyphCount: 0, text: "")
        }
        let scale = size / Double(unitsPerEm)
        let ascent = Double(ascenderUnits) * scale
        let descent = Double(descenderUnits) * scale
        let wantsTruncation = ellipsis && maxWidth != nil

        let (run, tail) = withLockedFace { face in
            let run = GlyphRun(shaping: text, with: face)
            let tail = wantsTruncation ? EllipsisTail(for: run, with: face) : nil
            return (run, tail)
        }

        var kept = run.characters.count
        var suffix: EllipsisTail? = nil
        if let maxWidth, let tail, !run.characters.isEmpty, Double(run.width) * scale > maxWidth {
            suffix = tail
            kept = 0
            // Longest prefix that fits with the ellipsis and does not end in whitespace.
            var k = run.characters.count - 1
            while k > 0 {
                let endsInSpace = run.characters[k - 1].isWhitespace
                if !endsInSpace && Double(tail.width(afterPrefix: k, of: run)) * scale <= maxWidth {
                    kept = k
                    break
                }
                k -= 1
            }
        }

        var path = Path()
        var pen = 0
        let glyphEnd = run.characterStart[kept]
        for i in 0..<glyphEnd {
            pen += run.kerningBefore[i]
            place(run.outlines[i], at: pen, scale: scale, into: &path)
            pen += run.outlines[i].advance
        }
        var glyphCount = glyphEnd
        var drawn = String(run.characters[0..<kept])
        if let suffix {
            if glyphEnd > 0 { pen += suffix.kerningAfter[glyphEnd - 1] }
            for i in suffix.outlines.indices {
                pen += suffix.kerningBefore[i]
                place(suffix.outlines[i], at: pen, scale: scale, into: &path)
                pen += suffix.outlines[i].advance
            }
            glyphCount += suffix.outlines.count
            drawn += suffix.text
        }
        return TextLine(path: path, advance: Double(pen) * scale, ascent: ascent, descent: descent,
                        isTruncated: suffix != nil, glyphCount: glyphCount, text: drawn)
    }

    /// Appends `outline` (font units) scaled to output units with its origin at `pen` font units.
    private func place(_ outline: GlyphOutline, at pen: Int, scale: Double, into path: inout Path) {
        guard !outline.path.isEmpty else { return }
        let t = Transform(a: scale, b: 0, c: 0, d: scale, tx: Double(pen) * scale, ty: 0)
        path.append(outline.path.transformed(by: t))
    }
}

/// The glyphs of a whole string in font units, with character (grapheme cluster) boundaries so
/// truncation can cut between clusters only.
struct GlyphRun {
    var characters: [Character] = []
    /// Glyph index at which each character starts; one extra entry at the end (= glyph count).
    var characterStart: [Int] = [0]
    var glyphs: [UInt32] = []
    var outlines: [GlyphOutline] = []
    /// Kerning between glyph i − 1 and glyph i (0 for the first glyph), font units.
    var kerningBefore: [Int] = []
    /// Pen position after the glyphs of the first k characters, font units (k = 0…count).
    var penAfterCharacters: [Int] = [0]

    var width: Int { penAfterCharacters[characters.count] }

    init(shaping text: String, with face: FontFace.LockedFace) {
        var pen = 0
        for character in text {
            for scalar in character.unicodeScalars {
                let glyph = face.glyphIndex(for: scalar)
                if glyph == 0 && scalar.properties.isDefaultIgnorableCodePoint { continue }
                let kern = glyphs.last.map { face.kerning($0, glyph) } ?? 0
                let outline = face.outline(glyph)
                glyphs.append(glyph)
                outlines.append(outline)
                kerningBefore.append(kern)
                pen += kern + outline.advance
            }
            characters.append(character)
            characterStart.append(glyphs.count)
            penAfterCharacters.append(pen)
        }
    }
}

/// The ellipsis glyphs and their kerning against every glyph of the run, gathered under the lock
/// so that the truncation search afterwards needs no FreeType calls.
struct EllipsisTail {
    let text: String
    let outlines: [GlyphOutline]
    /// Kerning inside the ellipsis ("..." can kern), glyph i − 1 to i.
    let kerningBefore: [Int]
    /// Kerning between run glyph i and the ellipsis' first glyph.
    let kerningAfter: [Int]
    /// Advance of the ellipsis alone, internal kerning included.
    let ownWidth: Int

    init(for run: GlyphRun, with face: FontFace.LockedFace) {
        let single = face.glyphIndex(for: "\u{2026}")
        let glyphs: [UInt32]
        if single != 0 {
            text = "\u{2026}"
            glyphs = [single]
        } else {
            text = "..."
            glyphs = Array(repeating: face.glyphIndex(for: "."), count: 3)
        }
        var outlines: [GlyphOutline] = []
        var kerningBefore: [Int] = []
        var width = 0
        for (i, glyph) in glyphs.enumerated() {
            let kern = i > 0 ? face.kerning(glyphs[i - 1], glyph) : 0
            let outline = face.outline(glyph)
            outlines.append(outline)
            kerningBefore.append(kern)
            width += kern + outline.advance
        }
        self.outlines = outlines
        self.kerningBefore = kerningBefore
        self.ownWidth = width
        let first = glyphs[0]
        self.kerningAfter = run.glyphs.map { face.kerning($0, first) }
    }

    /// Width in font units of the first `k` characters of `run` followed by the ellipsis.
    func width(afterPrefix k: Int, of run: GlyphRun) -> Int {
        let lastGlyph = run.characterStart[k] - 1
        let joint = lastGlyph >= 0 ? kerningAfter[lastGlyph] : 0
        return run.penAfterCharacters[k] + joint + ownWidth
    }
}
