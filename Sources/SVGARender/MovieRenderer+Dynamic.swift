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
    /// centred vertically on the font's ascent/descent box, × frame alpha, inside the clip.
    func drawText(_ text: DynamicText, layout: Rect, matrix: Transform, alpha: Double,
                  clip: CoverageMask?, into target: inout Pixmap) {
        let fontPath = text.style.fontPath ?? FontFace.defaultPath
        guard !layout.isEmpty, !text.text.isEmpty, text.style.color.a > 0, let font = fonts[fontPath] else { return }
        let size = text.style.size ?? layout.height * 0.6
        guard size.isFinite, size > 0 else { return }
        let maxWidth = text.style.ellipsis ? layout.width : nil
        let key = TextLineKey(font: fontPath, text: text.text, size: size, maxWidth: maxWidth, ellipsis: text.style.ellipsis)
        let line: TextLine
        if let cached = textLines.withLock({ $0[key] }) {
            line = cached
        } else {
            line = font.layoutLine(text.text, size: size, maxWidth: maxWidth, ellipsis: text.style.ellipsis)
            textLines.withLock { cache in
                // Bounded: a slot whose size animates every frame adds one entry per size.
                if cache.count >= 4096 { cache.removeAll() }
                cache[key] = line
            }
        }
        guard !line.path.isEmpty else { return }
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
    }
}
