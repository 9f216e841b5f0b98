import SVGAFormat
import SVGAGeometry
import SVGARaster

// Where a sprite can draw at a frame, in device pixels, computed from geometry without drawing:
// the layers of a matte run (spec A.6) are sized to it, so a small masked badge on a large canvas
// does not cost two canvas-sized layers and a whole-canvas composite.
//
// The box is conservative: bitmaps and replacement images stay inside the layout rectangle;
// paths inside the bounds of their end and control points (a Bézier lies in its control hull),
// grown by the pen for strokes (half the width × the larger of the miter limit and √2, for miter
// joins and square caps, mapped by the largest axis scale); all of it inside the clip path's
// control bounds; then 2 px more for antialiasing. Dynamic text is not bounded (a line without
// ellipsis may overhang its layout): such a sprite gets the whole canvas.

extension MovieRenderer {
    /// Pixels outside the geometric box that antialiasing may still touch, with a margin.
    static let boundsMargin = 2.0

    /// The device pixels sprite `index` may touch at `context.frame` (within the canvas), or nil
    /// when it draws nothing there.
    func drawnBounds(ofSprite index: Int, context: FrameContext) -> IntRect? {
        let sprite = movie.sprites[index]
        guard let frame = sprite.frame(at: context.frame), frame.alpha > 0 else { return nil }
        let matrix = context.global.concatenating(frame.transform)
        guard matrix.isDrawable else { return nil }
        if dynamic.lookup(dynamic.texts, for: sprite) != nil { return context.canvas }
        var box: Rect?
        func add(_ r: Rect) {
            guard let b = box else { box = r; return }
            let x0 = min(b.minX, r.minX), y0 = min(b.minY, r.minY)
            box = Rect(x: x0, y: y0, width: max(b.maxX, r.maxX) - x0, height: max(b.maxY, r.maxY) - y0)
        }
        let hasImage = sprite.bitmapKey != nil
            && (dynamic.lookup(dynamic.images, for: sprite) != nil || bitmaps[sprite.bitmapKey!] != nil)
        if hasImage, !frame.layout.isEmpty {
            add(Rect(x: 0, y: 0, width: frame.layout.width, height: frame.layout.height).transformed(by: matrix))
        }
        for shape in frame.shapes {
            guard let style = shape.style, let local = shape.path.controlBounds else { continue }
            let transform = matrix.concatenating(shape.transform)
            var r = local.transformed(by: transform)
            if let stroke = style.stroke {
                let reach = stroke.style.width / 2 * max(stroke.style.miterLimit, 2.0.squareRoot()) * transform.maxScale
                guard reach.isFinite else { return context.canvas }
                r = Rect(x: r.x - reach, y: r.y - reach, width: r.width + 2 * reach, height: r.height + 2 * reach)
            }
            add(r)
        }
        guard var drawn = box else { return nil }
        if let clipPath = frame.clipPath {
            guard let clipBox = clipPath.controlBounds,
                  let inside = drawn.intersection(clipBox.transformed(by: matrix)) else { return nil }
            drawn = inside
        }
        let m = MovieRenderer.boundsMargin
        // Clamp in Double to the canvas before converting (huge or NaN values must not trap).
        let canvas = context.canvas
        func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            v >= Double(lo) ? (v <= Double(hi) ? Int(v) : hi) : lo   // NaN → lo
        }
        let x0 = clamp((drawn.minX - m).rounded(.down), canvas.x, canvas.maxX)
        let y0 = clamp((drawn.minY - m).rounded(.down), canvas.y, canvas.maxY)
        let x1 = clamp((drawn.maxX + m).rounded(.up), canvas.x, canvas.maxX)
        let y1 = clamp((drawn.maxY + m).rounded(.up), canvas.y, canvas.maxY)
        if drawn.minX.isNaN || drawn.maxX.isNaN || drawn.minY.isNaN || drawn.maxY.isNaN { return canvas }
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
