import SVGAFormat
import SVGAGeometry
import SVGARaster

// A frame's flattening work, counted before any of it is done (issue 14: "a frame's work stops
// at the budget with a clear error"). It walks the draw list the way `drawSprite` does (same
// skips, same matrices, same visible rectangle) and sums `Flattener.pointCount` over clip
// paths, fills and strokes, stopping as soon as the sum passes the movie's budget, so refusing a
// frame of a million huge arcs costs one pass over its segments. A stroke counts its centre line
// once more (its outline is flattened from the same curves). Dynamic text is not counted: its
// glyphs come from our own font, not from the file.

extension MovieRenderer {
    func checkWorkBudget(_ context: FrameContext) throws(RenderError) {
        let limit = movie.budget.maxFlattenedPointsPerFrame
        let work = Self.frameWork(movie, dynamic, context, stoppingAbove: limit)
        if work.points > limit {
            throw .frameOverBudget(frame: context.frame, points: work.points, limit: limit, sprite: work.sprite)
        }
    }

    /// The points frame `n` of `movie` would flatten at scale 1 without dynamic items (what
    /// `render` checks against the budget), for reports such as `validate`, which need not
    /// decode any image for it; counting stops once past `stoppingAbove`.
    public static func flattenedPointCount(_ movie: Movie, frame n: Int, stoppingAbove: Int = .max) -> Int {
        let w = max(1, min(Int(movie.viewBox.width.rounded(.up)), 1 << 20))
        let h = max(1, min(Int(movie.viewBox.height.rounded(.up)), 1 << 20))
        guard let canvas = IntRect(x: 0, y: 0, width: w, height: h) else { return 0 }
        return frameWork(movie, .none, FrameContext(frame: n, global: .identity, canvas: canvas), stoppingAbove: stoppingAbove).points
    }

    /// Σ points over the frame's visible sprites, and the sprite where the sum passed `stoppingAbove`.
    static func frameWork(_ movie: Movie, _ dynamic: DynamicItems, _ context: FrameContext,
                          stoppingAbove limit: Int) -> (points: Int, sprite: Int) {
        let visible = context.canvas.geometryRect
        let tolerance = Painter.flatteningTolerance
        var points = 0
        for (index, sprite) in movie.sprites.enumerated() {
            if !sprite.isMatteSource && dynamic.isHidden(sprite) { continue }
            guard let frame = sprite.frame(at: context.frame), frame.alpha > 0 else { continue }
            let matrix = context.global.concatenating(frame.transform)
            guard matrix.isDrawable else { continue }
            if let clip = frame.clipPath {
                points += Flattener.pointCount(clip, transform: matrix, tolerance: tolerance, visible: visible)
            }
            for shape in frame.shapes {
                guard let style = shape.style else { continue }
                let transform = matrix.concatenating(shape.transform)
                guard transform.isDrawable else { continue }
                let n = Flattener.pointCount(shape.path, transform: transform, tolerance: tolerance, visible: visible)
                points += (style.fill != nil ? n : 0) + (style.stroke != nil ? n : 0)
            }
            if points > limit { return (points, index) }
        }
        return (points, movie.sprites.count - 1)
    }
}
