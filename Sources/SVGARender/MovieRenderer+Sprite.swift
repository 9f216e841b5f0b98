import SVGAFormat
import SVGAGeometry
import SVGARaster
import SVGAText

extension MovieRenderer {
    /// Draws one sprite at `context.frame` (spec A.3–A.5, A.7): skipped when it has no frame
    /// entity there, alpha ≤ 0, a non-drawable matrix or a hidden key; otherwise clip, bitmap (or
    /// its replacement), dynamic text, then shapes, each primitive × the frame alpha.
    func drawSprite(_ index: Int, into target: inout Pixmap, context: FrameContext, ignoringHidden: Bool = false) {
        let sprite = movie.sprites[index]
        if !ignoringHidden && dynamic.isHidden(sprite) { return }
        guard let frame = sprite.frame(at: context.frame), frame.alpha > 0 else { return }
        let alpha = min(frame.alpha, 1)
        // Canvas order: M = G · T (A.3).
        let matrix = context.global.concatenating(frame.transform)
        guard matrix.isDrawable else { return }

        var clip: CoverageMask?
        if let clipPath = frame.clipPath {
            // A clip that covers nothing on the canvas hides the whole sprite.
            guard let mask = painter.fillCoverage(clipPath, transform: matrix, within: context.canvas) else { return }
            clip = mask
        }
        let layout = frame.layout

        if sprite.bitmapKey != nil, let replacement = dynamic.lookup(dynamic.images, for: sprite) {
            drawReplacementImage(replacement, layout: layout, matrix: matrix, alpha: alpha, clip: clip, into: &target)
        } else if let key = sprite.bitmapKey, let image = bitmaps[key] {
            drawBitmap(image, mipmaps: mipmaps[key], layout: layout, matrix: matrix, alpha: alpha, clip: clip, into: &target)
        }
        if let text = dynamic.lookup(dynamic.texts, for: sprite) {
            drawText(text, layout: layout, matrix: matrix, alpha: alpha, clip: clip, into: &target)
        }
        for shape in frame.shapes {
            drawShape(shape, matrix: matrix, alpha: alpha, clip: clip, into: &target)
        }
    }

    /// A.4: the image stretched to the layout size at the origin (layout.x/y ignored), bilinear,
    /// with antialiased edges. A zero or negative layout draws nothing. With `mipmaps` (the
    /// opt-in `.mipmapped` filtering) a minified draw samples the chain's nearest level instead,
    /// inside the same antialiased image rectangle.
    func drawBitmap(_ image: Pixmap, mipmaps: MipmapChain? = nil, layout: Rect, matrix: Transform, alpha: Double,
                    clip: CoverageMask?, into target: inout Pixmap) {
        guard !layout.isEmpty else { return }
        let imageToDevice = matrix.concatenating(.scale(layout.width / Double(image.width),
                                                        layout.height / Double(image.height)))
        if let mipmaps {
            let level = mipmaps.level(for: imageToDevice)
            if level.image.width != image.width || level.image.height != image.height {
                let rect = PathBuilder.rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height), cornerRadius: 0)
                painter.drawImage(level.image, imageToDevice: level.imageToDevice, alpha: alpha, outline: rect,
                                  outlineToDevice: imageToDevice, clip: clip, into: &target)
                return
            }
        }
        painter.drawImage(image, imageToDevice: imageToDevice, alpha: alpha, clip: clip, into: &target)
    }

    /// A.5: fill (nonzero) then stroke, each under M · T_shape, colour alpha × frame alpha.
    func drawShape(_ shape: Shape, matrix: Transform, alpha: Double, clip: CoverageMask?, into target: inout Pixmap) {
        guard let style = shape.style, !shape.path.isEmpty else { return }
        let transform = matrix.concatenating(shape.transform)
        guard transform.isDrawable else { return }
        if let fill = style.fill, fill.a > 0 {
            painter.fill(shape.path, transform: transform, color: premultiplied(fill, alpha: alpha), clip: clip, into: &target)
        }
        if let stroke = style.stroke, stroke.color.a > 0 {
            painter.stroke(shape.path, style: stroke.style, transform: transform,
                           color: premultiplied(stroke.color, alpha: alpha), clip: clip, into: &target)
        }
    }

    func premultiplied(_ c: Color, alpha: Double) -> PremultipliedColorU8 {
        PremultipliedColorU8.fromStraight(r: c.r, g: c.g, b: c.b, a: c.a * alpha)
    }
}
