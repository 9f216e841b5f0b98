import SVGAFormat
import SVGAGeometry

// One pass over every sprite and frame that estimates what the renderer would draw, without
// drawing: per primitive (bitmap, each fill, each stroke) its canvas-space bounding box, clipped
// to the canvas and to the frame's clip path bounds. Validation reads three things from it:
// which sprites ever reach the canvas (sprite.invisible), the largest size each image is drawn at
// (image.oversized) and the drawn area per frame (cost.overdraw).
//
// These are bounds, not coverage: a curved or rotated primitive counts its bounding box (for a
// bitmap, the smaller of the clipped box and the exact parallelogram area), so overdraw is an
// upper estimate. It is fast: no flattening, no pixels, KEEP frames reuse the bounds of the
// shapes they repeat.

package struct DrawAnalysis: Sendable {
    package struct SpriteSummary: Sendable {
        /// A bitmap (present image, non-empty layout) or a styled, non-empty shape in some frame.
        var hasContent = false
        var hasShapes = false
        /// Frames in 0 ..< frameCount with alpha > 0.
        package var shownFrames = 0
        /// …and a drawable matrix (finite, non-zero determinant, spec A.3).
        package var drawableFrames = 0
        /// …and some primitive whose bounds meet the canvas (and the clip).
        package var onCanvasFrames = 0
        /// Frames with 0 < alpha < 0.05, and the longest run of consecutive ones.
        var faintAlpha = Occurrences()
        var longestFaintRun: (start: Int, length: Int)?
        var nonFiniteTransform = Occurrences()
        var degenerateTransform = Occurrences()
    }

    /// First frame and count of the frames where something happens.
    struct Occurrences: Sendable {
        var first: Int?
        var count = 0
        mutating func add(_ frame: Int) { if first == nil { first = frame }; count += 1 }
    }

    /// The largest canvas-space size an image is drawn at, per axis, and where.
    package struct ImageUse: Sendable {
        package var maxWidth = 0.0, maxHeight = 0.0
        var widthAt: (sprite: Int, frame: Int)?
        var heightAt: (sprite: Int, frame: Int)?
    }

    package var sprites: [SpriteSummary]
    package var images: [String: ImageUse] = [:]
    /// Σ clipped primitive area per frame, canvas units² (plus one canvas per matte layer).
    var frameArea: [Double]
    let canvasArea: Double
    /// Sprites that draw nothing because their matte run has no matte sprite (matte.missing).
    var inMissingMatteRun: Set<Int> = []

    /// Mean overdraw: Σ frameArea ÷ (canvas area × frames); 0 when there is nothing to measure.
    var meanOverdraw: Double {
        guard canvasArea > 0, !frameArea.isEmpty else { return 0 }
        return frameArea.reduce(0, +) / (canvasArea * Double(frameArea.count))
    }
    var peakOverdraw: (frame: Int, value: Double)? {
        guard canvasArea > 0, let i = frameArea.indices.max(by: { frameArea[$0] < frameArea[$1] }) else { return nil }
        return (i, frameArea[i] / canvasArea)
    }

    /// How a sprite takes part in the draw list (spec A.6).
    private enum Drawn { case always, never, whenMatteShown(Int) }

    package init(movie: Movie) {
        let frameCount = max(0, movie.frameCount)
        let canvas = Rect(x: 0, y: 0, width: movie.viewBox.width, height: movie.viewBox.height)
        canvasArea = canvas.isEmpty ? 0 : canvas.width * canvas.height
        sprites = Array(repeating: SpriteSummary(), count: movie.sprites.count)
        frameArea = Array(repeating: 0, count: frameCount)

        var drawn = Array(repeating: Drawn.never, count: movie.sprites.count)
        for item in movie.drawList {
            switch item {
            case .sprite(let i): drawn[i] = .always
            case .matteRun(let matte, let members):
                for m in members {
                    if let matte { drawn[m] = .whenMatteShown(matte) } else { inMissingMatteRun.insert(m) }
                }
                if let matte {
                    drawn[matte] = .whenMatteShown(matte)
                    // The isolated layer and its composite cost one canvas each frame it is shown.
                    for n in 0..<frameCount where (movie.sprites[matte].frame(at: n)?.alpha ?? 0) > 0 {
                        frameArea[n] += canvasArea
                    }
                }
            }
        }

        for (index, sprite) in movie.sprites.enumerated() {
            var summary = SpriteSummary()
            let image = sprite.bitmapKey.flatMap { movie.image(forKey: $0) }
            let frames = min(sprite.frames.count, frameCount)
            var cache = LocalShapeCache()
            var lastNonKeep = -1
            var faintRunStart = -1
            for n in 0..<frames {
                let frame = sprite.frames[n]
                if !frame.isKeep { lastNonKeep = n }
                if frame.alpha > 0 && frame.alpha < 0.05 {
                    summary.faintAlpha.add(n)
                    if faintRunStart < 0 { faintRunStart = n }
                    let length = n - faintRunStart + 1
                    if length > (summary.longestFaintRun?.length ?? 0) { summary.longestFaintRun = (faintRunStart, length) }
                } else {
                    faintRunStart = -1
                }
                let locals = cache.primitives(for: frame, source: frame.isKeep ? lastNonKeep : n)
                if !locals.isEmpty { summary.hasShapes = true; summary.hasContent = true }
                if image != nil, !frame.layout.isEmpty { summary.hasContent = true }

                guard frame.alpha > 0 else { continue }
                summary.shownFrames += 1
                let t = frame.transform
                guard t.isFinite else { summary.nonFiniteTransform.add(n); continue }
                guard t.isDrawable else { summary.degenerateTransform.add(n); continue }
                summary.drawableFrames += 1

                var region: Rect? = canvas
                if let clip = frame.clipPath {
                    region = clip.controlBounds.flatMap { bounds(of: $0, under: t).intersection(canvas) }
                }
                var area = 0.0
                var reached = false
                if let region {
                    if let image, !frame.layout.isEmpty {
                        let layout = Rect(x: 0, y: 0, width: frame.layout.width, height: frame.layout.height)
                        if let box = bounds(of: layout, under: t).intersection(region) {
                            reached = true
                            area += min(box.width * box.height, abs(t.determinant) * layout.width * layout.height)
                        }
                        record(image: image.key, width: layout.width * vectorLength(t.a, t.b),
                               height: layout.height * vectorLength(t.c, t.d), sprite: index, frame: n)
                    }
                    for p in locals {
                        let m = t.concatenating(p.transform)
                        guard m.isDrawable, let box = bounds(of: p.rect, under: m).intersection(region) else { continue }
                        reached = true
                        area += box.width * box.height
                    }
                }
                if reached { summary.onCanvasFrames += 1 }
                switch drawn[index] {
                case .always: frameArea[n] += area
                case .whenMatteShown(let m): if (movie.sprites[m].frame(at: n)?.alpha ?? 0) > 0 { frameArea[n] += area }
                case .never: break
                }
            }
            sprites[index] = summary
        }
    }

    private mutating func record(image key: String, width: Double, height: Double, sprite: Int, frame: Int) {
        var use = images[key] ?? ImageUse()
        if width.isFinite, width > use.maxWidth { use.maxWidth = width; use.widthAt = (sprite, frame) }
        if height.isFinite, height > use.maxHeight { use.maxHeight = height; use.heightAt = (sprite, frame) }
        images[key] = use
    }
}

/// One painted primitive of a shape in shape-local space: its control bounds (grown by half the
/// stroke width for a stroke) and the shape transform (shape-local → sprite-local, A.5).
struct LocalPrimitive: Sendable {
    let rect: Rect
    let transform: Transform
}

/// The shape primitives of the last frame computed, keyed by the index of the non-KEEP frame
/// whose shapes they are: a KEEP frame repeats those shapes exactly (A.5), so its bounds are
/// reused instead of recomputed.
struct LocalShapeCache {
    private var source = -2
    private var cached: [LocalPrimitive] = []

    mutating func primitives(for frame: Frame, source: Int) -> [LocalPrimitive] {
        if source == self.source { return cached }
        var result: [LocalPrimitive] = []
        for shape in frame.shapes {
            guard let style = shape.style, let box = shape.path.controlBounds else { continue }
            if let fill = style.fill, fill.a > 0 {
                result.append(LocalPrimitive(rect: box, transform: shape.transform))
            }
            if let stroke = style.stroke, stroke.color.a > 0, stroke.style.width > 0 {
                // A miter join can reach miterLimit × half the width from the path; round and
                // square caps reach √2 × half the width at most.
                let s = stroke.style
                let reach = s.width / 2 * (s.join == .miter && s.miterLimit > 1 ? max(s.miterLimit, 2.0.squareRoot()) : 2.0.squareRoot())
                result.append(LocalPrimitive(rect: Rect(x: box.x - reach, y: box.y - reach,
                                                        width: box.width + 2 * reach, height: box.height + 2 * reach),
                                             transform: shape.transform))
            }
        }
        self.source = source
        cached = result
        return result
    }
}

/// The bounding box of `r`'s corners under `t` (Rect.transformed without the array).
@inline(__always)
func bounds(of r: Rect, under t: Transform) -> Rect {
    let x0 = t.a * r.minX + t.c * r.minY + t.tx, y0 = t.b * r.minX + t.d * r.minY + t.ty
    let x1 = t.a * r.maxX + t.c * r.minY + t.tx, y1 = t.b * r.maxX + t.d * r.minY + t.ty
    let x2 = t.a * r.maxX + t.c * r.maxY + t.tx, y2 = t.b * r.maxX + t.d * r.maxY + t.ty
    let x3 = t.a * r.minX + t.c * r.maxY + t.tx, y3 = t.b * r.minX + t.d * r.maxY + t.ty
    let lx = min(min(x0, x1), min(x2, x3)), hx = max(max(x0, x1), max(x2, x3))
    let ly = min(min(y0, y1), min(y2, y3)), hy = max(max(y0, y1), max(y2, y3))
    return Rect(x: lx, y: ly, width: hx - lx, height: hy - ly)
}

@inline(__always)
func vectorLength(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
