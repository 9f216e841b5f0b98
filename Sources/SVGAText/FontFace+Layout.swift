// Single-line layout (spec A.7: "ellipsis at the layout width on request"; B.4: players centre one
// line of text in the sprite's layout), the way a browser lays out one line:
//   analyse (grapheme clusters, bidi levels by FriBidi, scripts, the face of every cluster from
//   the fallback chain, FontFallback.swift) → cut into runs of one level, script and face →
//   shape each run with HarfBuzz → order the runs visually (FriBidi's L2 map) → place glyphs.
// Shaping is in font units, independent of the size, so shrink-to-fit only rescales; truncation
// reshapes the kept prefix plus "…", so joining and marks at the cut are right.
//
// Truncation is by grapheme clusters in logical order: the ellipsis goes at the logical end, which
// the bidi algorithm puts on the left of a right-to-left line. A cluster (a base with its marks,
// an emoji sequence, a flag) is never cut.
//
// Everything is deterministic: the same string, size, fonts and installed fonts give the same Path
// bits on every run and every thread.
import SVGAGeometry
import SVGARaster

extension FontFace {
    /// Lays out one line of `text` at `size` (em size in output units). y points down, the
    /// baseline is at y = 0, the line starts at x = 0. Characters this face lacks come from the
    /// fallback chain (FontFallback.swift); characters no installed font has are drawn as this
    /// face's missing glyph and listed in `missingCharacters`.
    ///
    /// When `maxWidth` is given and the line is wider: with `minimumSize` (shrink-to-fit) the
    /// size first shrinks, down to `minimumSize`, until the line fits; then, when `ellipsis` is
    /// true, trailing grapheme clusters are dropped, along with whitespace left at the end, until
    /// the kept text plus "…" fits. If not even the ellipsis alone fits, the ellipsis alone is
    /// returned (wider than `maxWidth`; the caller clips). With `ellipsis` false the whole line
    /// is returned and the caller clips.
    ///
    /// A `size` that is not finite and positive yields an empty line.
    public func layoutLine(_ text: String, size: Double, maxWidth: Double? = nil,
                           ellipsis: Bool = true, minimumSize: Double? = nil) -> TextLine {
        guard size.isFinite, size > 0 else { return .empty(ascent: 0, descent: 0, size: 0) }
        let shaped = ShapedText(text, primary: self)
        var size = size
        if let maxWidth, let minimumSize, minimumSize.isFinite, minimumSize > 0, minimumSize < size,
           shaped.emWidth > 0, shaped.emWidth * size > maxWidth {
            size = max(minimumSize, ShapedText.largestSize(forEmWidth: shaped.emWidth, within: maxWidth))
        }
        let full = place(shaped, size: size, isTruncated: false)
        // After shrinking to fit exactly, summing runs in another order can land an ulp over.
        let slack = size < full.size || minimumSize != nil ? (maxWidth ?? 0) * 1e-12 : 0
        guard ellipsis, let maxWidth, !shaped.analysis.characters.isEmpty, full.advance > maxWidth + slack else { return full }
        return truncate(shaped, size: size, maxWidth: maxWidth, fullMissing: full.missingCharacters)
    }

    /// Characters of `text` that no installed font covers (what `layoutLine` would draw as the
    /// missing glyph), each once, in order of first appearance. No shaping is done.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        LineAnalysis(text, primary: self).missing
    }

    /// Longest prefix of whole clusters that fits with "…": starts from the estimate the full
    /// line's cluster widths give, then checks by laying the candidate out (joining at the cut
    /// changes widths), growing or shrinking one cluster at a time.
    private func truncate(_ shaped: ShapedText, size: Double, maxWidth: Double, fullMissing: [Unicode.Scalar]) -> TextLine {
        let characters = shaped.analysis.characters
        let ellipsisMark = "\u{2026}"
        let mark = ShapedText(ellipsisMark, primary: self).analysis.missing.isEmpty ? ellipsisMark : "..."
        let markWidth = ShapedText(mark, primary: self).emWidth * size
        func candidate(_ k: Int) -> TextLine? {
            guard k > 0, !characters[k - 1].isWhitespace else { return nil }
            let line = place(ShapedText(String(characters[0..<k]) + mark, primary: self), size: size, isTruncated: true)
            return line.advance <= maxWidth ? line : nil
        }
        var estimate = 0, width = 0.0
        for c in characters.indices {
            width += shaped.clusterEmWidths[c] * size
            if width + markWidth > maxWidth { break }
            estimate = c + 1
        }
        estimate = min(estimate, characters.count - 1)
        if let fits = candidate(estimate) {
            var best = fits
            var k = estimate + 1
            while k < characters.count {
                if characters[k - 1].isWhitespace { k += 1; continue }
                guard let longer = candidate(k) else { break }
                best = longer
                k += 1
            }
            return best
        }
        var k = estimate - 1
        while k > 0 {
            if let fits = candidate(k) { return fits }
            k -= 1
        }
        return place(ShapedText(mark, primary: self), size: size, isTruncated: true)
    }

    /// Places the shaped runs left to right at `size`: outlines into one path, colour glyphs as
    /// image rectangles.
    private func place(_ shaped: ShapedText, size: Double, isTruncated: Bool) -> TextLine {
        let ascent = Double(ascenderUnits) * size / Double(unitsPerEm)
        let descent = Double(descenderUnits) * size / Double(unitsPerEm)
        var path = Path()
        var colorGlyphs: [PlacedColorGlyph] = []
        var lineX = 0.0
        var glyphCount = 0
        for run in shaped.runs {
            let face = run.face
            let scale = size / Double(face.unitsPerEm)
            face.withLockedFace { locked in
                var pen = 0
                for glyph in run.glyphs {
                    let x = lineX + Double(pen + glyph.xOffset) * scale
                    let y = -Double(glyph.yOffset) * scale
                    if let color = locked.colorGlyph(glyph.id) {
                        let s = size / color.pixelsPerEm
                        colorGlyphs.append(PlacedColorGlyph(
                            image: color.image,
                            rect: Rect(x: x + color.left * s, y: y - color.top * s,
                                       width: Double(color.image.width) * s, height: Double(color.image.height) * s)))
                    } else {
                        let outline = locked.outline(glyph.id)
                        if !outline.path.isEmpty {
                            path.append(outline.path.transformed(by: Transform(a: scale, b: 0, c: 0, d: scale, tx: x, ty: y)))
                        }
                    }
                    pen += glyph.xAdvance
                }
            }
            glyphCount += run.glyphs.count
            lineX += Double(run.advanceUnits) * scale
        }
        return TextLine(path: path, colorGlyphs: colorGlyphs, advance: lineX, ascent: ascent, descent: descent,
                        size: size, isTruncated: isTruncated, glyphCount: glyphCount,
                        text: String(shaped.analysis.characters), runs: shaped.runs,
                        missingCharacters: shaped.analysis.missing)
    }
}

/// A line shaped in font units: size-independent, so it can be placed at any size.
struct ShapedText {
    let analysis: LineAnalysis
    /// Runs in visual order.
    let runs: [ShapedRun]
    /// Advance at size 1 (ems).
    let emWidth: Double
    /// Advance of each grapheme cluster at size 1, logical order; a ligature spanning clusters
    /// counts towards its first.
    let clusterEmWidths: [Double]

    init(_ text: String, primary: FontFace) {
        let analysis = LineAnalysis(text, primary: primary)
        self.analysis = analysis
        let spans = analysis.runs()
        var shaped: [(position: Int, run: ShapedRun, span: RunSpan)] = []
        for span in spans {
            let face = analysis.faces[span.face]
            let language = ScriptResolution.language(for: span.script, in: analysis.scripts)
            let run = ShapedRun.shape(analysis.scalars, span: span, face: face, language: language)
            let position = span.scalars.map { analysis.bidi.visualPosition.isEmpty ? $0 : analysis.bidi.visualPosition[$0] }.min() ?? 0
            shaped.append((position, run, span))
        }
        // A run's scalars are contiguous in the visual order (one level throughout), so the
        // runs are ordered by where their leftmost scalar lands.
        shaped.sort { $0.position < $1.position }
        runs = shaped.map(\.run)
        var widths = [Double](repeating: 0, count: analysis.characters.count)
        var total = 0.0
        for (_, run, span) in shaped {
            let perEm = 1 / Double(run.face.unitsPerEm)
            for glyph in run.glyphs {
                let scalar = span.scalars.lowerBound + glyph.cluster
                if scalar >= 0 && scalar < analysis.clusterOfScalar.count {
                    widths[analysis.clusterOfScalar[scalar]] += Double(glyph.xAdvance) * perEm
                }
            }
            total += Double(run.advanceUnits) * perEm
        }
        clusterEmWidths = widths
        emWidth = total
    }

    /// The largest size at which a line `emWidth` ems wide is at most `maxWidth` wide, computed
    /// the way `place` sums advances would round, so the result really fits.
    static func largestSize(forEmWidth emWidth: Double, within maxWidth: Double) -> Double {
        var size = maxWidth / emWidth
        var guardSteps = 0
        while size * emWidth > maxWidth && guardSteps < 8 {
            size = size.nextDown
            guardSteps += 1
        }
        return size
    }
}
