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
            guard let mask = fillCoverage(clipPath, transform: matrix, within: context.canvas) else { return }
            clip = mask
        }
        let region = clip?.bounds ?? context.canvas
        let layout = frame.layout

        if sprite.bitmapKey != nil, let replacement = dynamic.lookup(dynamic.images, for: sprite) {
            drawReplacementImage(replacement, layout: layout, matrix: matrix, alpha: alpha,
                                 region: region, clip: clip, into: &target)
        } else if let key = sprite.bitmapKey, let image = bitmaps[key] {
            drawBitmap(image, layout: layout, matrix: matrix, alpha: alpha, region: region, clip: clip, into: &target)
        }
        if let text = dynamic.lookup(dynamic.texts, for: sprite) {
            drawText(text, layout: layout, matrix: matrix, alpha: alpha, region: region, clip: clip, into: &target)
        }
        for shape in frame.shapes {
            drawShape(shape, matrix: matrix, alpha: alpha, region: region, clip: clip, into: &target)
        }
    }

    /// A.4: the image stretched to the layout size at the origin (layout.x/y ignored), bilinear,
    /// with antialiased edges. A zero or negative layout draws nothing.
    func drawBitmap(_ image: Pixmap, layout: Rect, matrix: Transform, alpha: Double,
                    region: IntRect, clip: CoverageMask?, into target: inout Pixmap) {
        guard !layout.isEmpty else { return }
        let imageToDevice = matrix.concatenating(.scale(layout.width / Double(image.width),
                                                        layout.height / Double(image.height)))
        guard imageToDevice.isDrawable else { return }
        let rect = PathBuilder.rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height), cornerRadius: 0)
        guard let mask = fillCoverage(rect, transform: imageToDevice, within: region) else { return }
        target.drawImage(image, imageToDevice: imageToDevice, alpha: alpha, mask: mask, clip: clip)
    }

    /// A.5: fill (nonzero) then stroke, each under M · T_shape, colour alpha × frame alpha.
    func drawShape(_ shape: Shape, matrix: Transform, alpha: Double, region: IntRect,
                   clip: CoverageMask?, into target: inout Pixmap) {
        guard let style = shape.style, !shape.path.isEmpty else { return }
        let transform = matrix.concatenating(shape.transform)
        guard transform.isDrawable else { return }
        if let fill = style.fill, fill.a > 0 {
            if let mask = fillCoverage(shape.path, transform: transform, within: region) {
                target.fill(mask, color: premultiplied(fill, alpha: alpha), clip: clip)
            }
        }
        if let stroke = style.stroke, stroke.color.a > 0 {
            // The pen lives in shape-local units, so stroke there and map the outline: a
            // non-uniform scale then gives an elliptical pen (A.5).
            var mask: CoverageMask?
            if antialiasing == .skiaCompatible,
               let outline = SkiaCompatibleStroker.stroke(shape.path, style: stroke.style,
                                                          resolutionScale: SkiaCompatibleStroker.resolutionScale(of: transform)),
               case let device = outline.transformed(by: transform), SkiaCompatibleEdges.canRepresent(device) {
                // Skia's quads and edges (see SkiaCompatibleStroker / SkiaCompatibleEdges).
                mask = Rasterizer.coverage(of: SkiaCompatibleEdges.polygons(of: device), rule: .nonZero, clip: region)
            } else {
                let localTolerance = MovieRenderer.flatteningTolerance / max(transform.maxScale, 1e-9)
                let outline = Stroker.stroke(shape.path, style: stroke.style, tolerance: localTolerance)
                let device = outline.map { Polyline(points: $0.points.map(transform.apply), isClosed: true) }
                mask = Rasterizer.coverage(of: device, rule: .nonZero, clip: region, antialiasing: antialiasing)
            }
            if let mask {
                target.fill(mask, color: premultiplied(stroke.color, alpha: alpha), clip: clip)
            }
        }
    }

    /// Coverage of `path` mapped by `transform`, nonzero, within `region`.
    func fillCoverage(_ path: Path, transform: Transform, within region: IntRect) -> CoverageMask? {
        let polygons = Flattener.flatten(path, transform: transform, tolerance: MovieRenderer.flatteningTolerance, visible: region.geometryRect)
        if polygons.isEmpty { return nil }
        return Rasterizer.coverage(of: polygons, rule: .nonZero, clip: region, antialiasing: antialiasing)
    }

    func premultiplied(_ c: Color, alpha: Double) -> PremultipliedColorU8 {
        PremultipliedColorU8.fromStraight(r: c.r, g: c.g, b: c.b, a: c.a * alpha)
    }
}
