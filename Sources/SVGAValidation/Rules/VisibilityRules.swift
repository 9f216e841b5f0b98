import SVGAFormat
import SVGAKit

// Sprites that never show, mattes that are missing, and frame lists that do not match the
// timeline (issue 4; spec A.3, A.6, B.3.2).

/// matte.missing: a run of sprites whose matteKey names no sprite draws nothing on iOS and
/// Android (spec A.6), so the designer's layers silently disappear.
struct MissingMatteRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        for item in c.movie.drawList {
            guard case .matteRun(nil, let members) = item, let first = members.first else { continue }
            let key = c.movie.sprites[first].matteKey ?? ""
            let range = members.count == 1 ? "sprite \(first) is" : "sprites \(first)–\(members.last!) are"
            findings.append(Finding(.matteMissing,
                "\(range) masked by matte \(UntrustedText.quoted(key)), but no sprite has that key: iOS and Android draw nothing for them. Add the matte layer or clear their matteKey",
                sprite: c.sprite(first), value: .int(members.count), limit: nil))
        }
    }
}

/// sprite.invisible: a sprite with something to draw that never reaches the canvas in any frame
/// of 0 ..< params.frames: every frame has alpha ≤ 0, or its matrix is degenerate whenever it is
/// shown, or its bitmap and shape bounds (under the frame matrix, within its clip) never meet
/// the canvas. It still costs file size and decode time.
struct InvisibleSpriteRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let mattesInUse = Set(c.movie.drawList.compactMap { item -> Int? in
            if case .matteRun(let m?, _) = item { return m }
            return nil
        })
        for (i, sprite) in c.movie.sprites.enumerated() {
            let s = c.analysis.sprites[i]
            guard s.hasContent, s.onCanvasFrames == 0, !c.analysis.inMissingMatteRun.contains(i) else { continue }
            // A matte source is never drawn directly; it matters only when a run uses it.
            if sprite.isMatteSource && !mattesInUse.contains(i) { continue }
            let reason: String
            if s.shownFrames == 0 {
                reason = "its alpha is 0 in every frame"
            } else if s.drawableFrames == 0 {
                reason = "whenever its alpha is above 0 its transform is degenerate (zero scale) or not finite"
            } else {
                reason = "its bitmap and shapes lie outside the canvas\(c.movie.sprites[i].frames.contains { $0.clipPath != nil } ? " (or its clip path)" : "") in every frame"
            }
            let what = sprite.isMatteSource ? "matte sprite \(UntrustedText.quoted(sprite.imageKey)) is never visible, so the sprites it masks never show" : "sprite \(UntrustedText.quoted(sprite.imageKey)) is never visible on the canvas"
            findings.append(Finding(.spriteInvisible,
                "\(what): \(reason). Remove the layer (it still costs file size and decoding) or fix its keyframes",
                sprite: c.sprite(i), value: .int(s.onCanvasFrames)))
        }
    }
}

/// sprite.frames-short / sprite.frames-long: every sprite should carry exactly params.frames
/// frame entities (spec B.3.2: the exporter always writes one per frame). Shorter lists crash the
/// Web, Lite and Flutter players at the first missing frame, Android hides the sprite and iOS
/// freezes it; longer lists only add bytes.
struct FrameListRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let expected = c.movie.frameCount
        guard expected > 0 else { return }
        for (i, sprite) in c.movie.sprites.enumerated() {
            let count = sprite.frames.count
            if count < expected {
                findings.append(Finding(.spriteFramesShort,
                    "sprite \(UntrustedText.quoted(sprite.imageKey)) has \(count) frames but the movie has \(expected): the Web, Lite and Flutter players crash at frame \(count), Android hides the sprite and iOS freezes it. Re-export so every layer spans the whole timeline",
                    sprite: c.sprite(i), frame: count, value: .int(count), limit: .int(expected)))
            } else if count > expected {
                findings.append(Finding(.spriteFramesLong,
                    "sprite \(UntrustedText.quoted(sprite.imageKey)) has \(count) frames but the movie has \(expected): frames \(expected)…\(count - 1) are never shown and only add bytes",
                    sprite: c.sprite(i), frame: expected, value: .int(count), limit: .int(expected)))
            }
        }
    }
}
