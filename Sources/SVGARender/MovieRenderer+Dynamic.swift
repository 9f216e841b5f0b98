import SVGAFormat
import SVGAGeometry
import SVGARaster
import SVGAText

extension MovieRenderer {
    /// A.7 replace image: the replacement takes the bitmap's place, stretched (default),
    /// aspect-fit or aspect-fill into the layout rectangle at the origin, optionally masked by
    /// a circle or rounded corners. Aspect-fill is cropped to the layout rectangle.
    func drawReplacementImage(_ replacement: DynamicImage, layout: Rect, matrix: Transform, alpha: Double,
                              clip: CoverageMask?, into target: inout Pixmap) {
        guard !layout.isEmpty else { return }
        let image = replacement.pixmap
        let iw = Double(image.width), ih = Double(image.height)
        let lw = layout.width, lh = layout.height
        // Image → sprite-local placement, and the rectangle the mask shape is fitted to.
        let placement: Transform
        let shown: Rect
        switch replacement.fit {
        case .stretch:
            placement = .scale(lw / iw, lh / ih)
            shown = Rect(x: 0, y: 0, width: lw, height: lh)
        case .aspectFit, .aspectFill:
            let s = replacement.fit == .aspectFit ? min(lw / iw, lh / ih) : max(lw / iw, lh / ih)
            let ox = (lw - iw * s) / 2, oy = (lh - ih * s) / 2
            placement = Transform.translation(ox, oy).concatenating(.scale(s))
            shown = replacement.fit == .aspectFit
                ? Rect(x: ox, y: oy, width: iw * s, height: ih * s)
                : Rect(x: 0, y: 0, width: lw, height: lh)
        }
        let imageToDevice = matrix.concatenating(placement)
        let outline: Path
        switch replacement.mask {
        case .none:
            outline = PathBuilder.rect(x: shown.x, y: shown.y, width: shown.width, height: shown.height, cornerRadius: 0)
        case .circle:
            outline = PathBuilder.ellipse(centerX: shown.x + shown.width / 2, centerY: shown.y + shown.height / 2,
                                          radiusX: shown.width / 2, radiusY: shown.height / 2)
        case .roundedCorners(let radius):
            outline = PathBuilder.rect(x: shown.x, y: shown.y, width: shown.width, height: shown.height,
                                       cornerRadius: max(0, radius))
        }
        painter.drawImage(image, imageToDevice: imageToDevice, alpha: alpha, outline: outline, outlineToDevice: matrix,
                          clip: clip, into: &target)
    }

    /// A.7 text by key: one line in sprite-local space, after the bitmap and before the shapes,
    /// aligned horizontally in the layout rectangle at the origin (centred by default) and
    /// centred vertically on the primary font's ascent/descent box, × frame alpha, inside the
    /// clip. Outline glyphs are filled in the text colour; colour glyphs (emoji) are drawn as
    /// images, × the colour's alpha. Shrink-to-fit and ellipsis work on the shaped line (SVGAText).
    func drawText(_ text: DynamicText, layout: Rect, matrix: Transform, alpha: Double,
                  clip: CoverageMask?, into target: inout Pixmap) {
        let fontPath = text.style.fontPath ?? FontFace.defaultPath
        guard !layout.isEmpty, !text.text.isEmpty, text.style.color.a > 0, let font = fonts[fontPath] else { return }
        let size = text.style.size ?? layout.height * 0.6
        guard size.isFinite, size > 0 else { return }
        let minimumSize = text.style.shrinkFloor(from: size)
        let maxWidth = text.style.ellipsis || minimumSize != nil ? layout.width : nil
        let key = TextLineKey(font: fontPath, text: text.text, size: size, maxWidth: maxWidth,
                              ellipsis: text.style.ellipsis, minimumSize: minimumSize)
        let line: TextLine
        if let cached = textLines.withLock({ $0[key] }) {
            line = cached
        } else {
            line = font.layoutLine(text.text, size: size, maxWidth: maxWidth, ellipsis: text.style.ellipsis,
                                   minimumSize: minimumSize)
            textLines.withLock { cache in
                // Bounded: a slot whose size animates every frame adds one entry per size.
                if cache.count >= 4096 { cache.removeAll() }
                cache[key] = line
            }
        }
        guard !line.path.isEmpty || !line.colorGlyphs.isEmpty else { return }
        let x: Double
        switch text.style.alignment {
        case .left: x = 0
        case .center: x = (layout.width - line.advance) / 2
        case .right: x = layout.width - line.advance
        }
        let baseline = layout.height / 2 + (line.ascent - line.descent) / 2
        let transform = matrix.concatenating(.translation(x, baseline))
        painter.fill(line.path, transform: transform, color: premultiplied(text.style.color, alpha: alpha),
                     clip: clip, into: &target)
        for glyph in line.colorGlyphs {
            let placement = Transform.translation(glyph.rect.x, glyph.rect.y)
                .concatenating(.scale(glyph.rect.width / Double(glyph.image.width), glyph.rect.height / Double(glyph.image.height)))
            painter.drawImage(glyph.image, imageToDevice: transform.concatenating(placement),
                              alpha: alpha * text.style.color.a, clip: clip, into: &target)
        }
    }

    /// One warning for a text key's uncovered characters: "text 'nickname': no installed font
    /// has '𝄞' U+1D11E, …".
    static func missingGlyphWarning(key: String, missing: [Unicode.Scalar]) -> String {
        let list = missing.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            // Controls, format characters, private-use and unassigned code points print as the
            // code alone: a terminal shows them as nothing or as a box.
            let unprintable: [Unicode.GeneralCategory] = [.control, .format, .privateUse, .surrogate, .unassigned]
            let printable = !unprintable.contains(scalar.properties.generalCategory)
            return printable ? "'\(scalar)' \(code)" : code
        }
        return "text '\(key)': no installed font has \(list.joined(separator: ", ")); drawn as the missing-glyph box"
    }
}
