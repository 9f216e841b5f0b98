import SVGAFormat
import SVGAValidation

/// The sprites `svga optimize` drops because nothing can ever make them show (issue 11): over
/// frames 0 ..< params.frames, the validator's `sprite.invisible` facts (`DrawAnalysis`) say the
/// sprite has alpha ≤ 0 in every frame, or a degenerate matrix whenever it is shown, or nothing
/// drawable on the canvas (zero-size layout and no shapes, or everything outside the canvas or
/// its clip). Kept whatever the facts say:
/// - a sprite whose key is a `--keep` key (the caller's dynamic keys);
/// - a keyed sprite without a bitmap that has a layout in a shown frame: a dynamic image or text
///   fills that slot at runtime, so its emptiness says nothing (an empty layout or alpha 0 still
///   hides whatever a dynamic item puts there, A.7);
/// - matte sources, matte-run members and the neighbours of a matte run: removing a sprite
///   between two runs with the same matteKey would merge them into one run (A.6), which
///   composites differently.
enum InvisibleSprites {
    struct Drop: Sendable, Hashable {
        let index: Int
        let key: String
        let reason: String
    }

    static func find(in movie: Movie, keepKeys: Set<String>) -> [Drop] {
        let analysis = DrawAnalysis(movie: movie)
        let sprites = movie.sprites
        func matteRelated(_ i: Int) -> Bool {
            guard sprites.indices.contains(i) else { return false }
            return sprites[i].isMatteSource || sprites[i].matteKey != nil
        }
        let frameCount = max(0, movie.frameCount)
        var drops: [Drop] = []
        for (i, sprite) in sprites.enumerated() {
            if keepKeys.contains(sprite.imageKey) || sprite.bitmapKey.map(keepKeys.contains) == true { continue }
            if matteRelated(i) || matteRelated(i - 1) || matteRelated(i + 1) { continue }
            let facts = analysis.sprites[i]
            let reason: String
            if facts.shownFrames == 0 {
                reason = "alpha 0 in every frame"
            } else if facts.drawableFrames == 0 {
                reason = "degenerate transform whenever shown"
            } else if facts.onCanvasFrames == 0 {
                let shown = sprite.frames.prefix(frameCount).filter { $0.alpha > 0 && $0.transform.isDrawable }
                let isSlot = !sprite.imageKey.isEmpty && sprite.bitmapKey == nil && shown.contains { !$0.layout.isEmpty }
                if isSlot { continue }
                reason = shown.allSatisfy({ $0.layout.isEmpty && $0.shapes.isEmpty }) ? "zero size in every frame" : "off the canvas in every frame"
            } else {
                continue
            }
            drops.append(Drop(index: i, key: sprite.imageKey, reason: reason))
        }
        return drops
    }
}
