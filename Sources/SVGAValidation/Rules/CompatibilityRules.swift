import SVGAFormat
import SVGAKit

// What the official players disagree on (spec Part B), so an asset that looks right in our
// renderer does not break in an app (issue 4, "compatibility with the official players"), plus
// the resolver's per-primitive diagnostics (spec A.8: reported as warnings by validation).

/// compat.jpeg, compat.audio, compat.zip-container, compat.matte: whole-file features.
struct PlayerFeatureRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        for image in c.movie.images where image.format == .jpeg {
            findings.append(Finding(.compatJPEG,
                "image \(UntrustedText.quoted(image.key)) is a JPEG, which the iOS player does not show: re-export it as PNG",
                image: image.key))
        }
        let audioCount = max(c.movie.audios.count, c.movie.audioKeys.count)
        if audioCount > 0 {
            findings.append(Finding(.compatAudio,
                "the file carries audio (\(audioCount) entr\(audioCount == 1 ? "y" : "ies")), which Web-Lite does not play: make sure the gift works silently",
                value: .int(audioCount)))
        }
        if c.container != .zlibProtobuf {
            findings.append(Finding(.compatZipContainer,
                "the file is a 1.x ZIP container (\(c.container.rawValue)), which Web-Lite and Flutter cannot play: re-export as SVGA 2.x",
                value: .text(c.container.rawValue)))
        }
        let runs = c.movie.drawList.compactMap { item -> [Int]? in
            if case .matteRun(_, let members) = item { return members }
            return nil
        }
        if let first = runs.first?.first {
            findings.append(Finding(.compatMatte,
                "the file uses mattes (\(runs.count) masked run\(runs.count == 1 ? "" : "s")), which Web-Lite and Flutter do not apply: the masked layers show unmasked there",
                sprite: c.sprite(first), value: .int(runs.count)))
        }
    }
}

/// compat.empty-path: a SHAPE whose path data is missing or empty (spec B.2.1: Web-Lite builds
/// a path from it and breaks). Read from the raw movie: the resolver turns both into an empty path.
struct EmptyPathRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        for (i, sprite) in c.raw.sprites.enumerated() {
            var hits = DrawAnalysis.Occurrences()
            for (n, frame) in sprite.frames.enumerated() {
                for shape in frame.shapes where shape.type == .shape && shape.unknownType == nil {
                    switch shape.args {
                    case .shape(let d)?: if d.allSatisfy(\.isWhitespace) { hits.add(n) }
                    case nil: hits.add(n)
                    default: break
                    }
                }
            }
            guard let first = hits.first else { continue }
            findings.append(Finding(.compatEmptyPath,
                "sprite \(UntrustedText.quoted(sprite.imageKey)) has \(hits.count) shape\(hits.count == 1 ? "" : "s") with empty path data (first in frame \(first)), which break Web-Lite: delete the empty shapes in the source",
                sprite: c.sprite(i), frame: first, value: .int(hits.count)))
        }
    }
}

/// compat.color-255: colours written on the 0..255 scale. Only Android reads them so (spec A.5,
/// B.1.3); other players clamp them to white/opaque. 1.x files: the decoder's colorOutOfRange
/// diagnostics (it already divided them); 2.x files: any raw component above 1.
struct Color255Rule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        var bySprite: [Int: DrawAnalysis.Occurrences] = [:]
        for d in c.movie.diagnostics where d.kind == .colorOutOfRange {
            bySprite[d.sprite ?? -1, default: .init()].add(d.frame ?? 0)
        }
        for (i, sprite) in c.raw.sprites.enumerated() {
            for (n, frame) in sprite.frames.enumerated() {
                for shape in frame.shapes {
                    guard let s = shape.styles else { continue }
                    for color in [s.fill, s.stroke].compactMap({ $0 }) where color.r > 1 || color.g > 1 || color.b > 1 || color.a > 1 {
                        bySprite[i, default: .init()].add(n)
                    }
                }
            }
        }
        for i in bySprite.keys.sorted() {
            let hits = bySprite[i]!
            let key = i >= 0 && i < c.movie.sprites.count ? "sprite \(UntrustedText.quoted(c.movie.sprites[i].imageKey))" : "the file"
            findings.append(Finding(.compatColor255,
                "\(key) has \(hits.count) colour\(hits.count == 1 ? "" : "s") on the 0..255 scale: only Android reads them so, other players clamp them to 1 (white, opaque). Write colours as 0..1",
                sprite: i >= 0 ? c.sprite(i) : nil, frame: hits.first, value: .int(hits.count)))
        }
    }
}

/// compat.faint-alpha, transform.non-finite, transform.degenerate: per sprite, from the draw
/// analysis (frames in 0 ..< params.frames with alpha > 0). Faint alpha counts only when held for
/// at least a quarter second (and 2 frames): the value and limit are frame counts.
struct FrameValueRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        for (i, sprite) in c.movie.sprites.enumerated() {
            let s = c.analysis.sprites[i]
            guard s.hasContent else { continue }
            // A fade passing through (0, 0.05) for a frame or two looks the same everywhere; a
            // layer held that faint for a quarter second or more is visibly there on native
            // players and absent on the web ones (spec B.3.2).
            let held = max(2, Int((Double(max(c.movie.fps, 1)) * 0.25).rounded(.up)))
            if let run = s.longestFaintRun, run.length >= held {
                findings.append(Finding(.compatFaintAlpha,
                    "sprite \(UntrustedText.quoted(sprite.imageKey)) is held at an alpha between 0 and 0.05 for \(run.length) frames from frame \(run.start) (\(s.faintAlpha.count) such frames in all): the web players skip it there, native players draw it faintly. Use 0, or at least 0.05",
                    sprite: c.sprite(i), frame: run.start, value: .int(run.length), limit: .int(held)))
            }
            if let first = s.nonFiniteTransform.first {
                findings.append(Finding(.transformNonFinite,
                    "sprite \(UntrustedText.quoted(sprite.imageKey)) has a transform with NaN or infinity in \(s.nonFiniteTransform.count) shown frame\(s.nonFiniteTransform.count == 1 ? "" : "s") (first \(first)): players behave unpredictably. Fix the layer's keyframes",
                    sprite: c.sprite(i), frame: first, value: .int(s.nonFiniteTransform.count)))
            }
            if let first = s.degenerateTransform.first {
                findings.append(Finding(.transformDegenerate,
                    "sprite \(UntrustedText.quoted(sprite.imageKey)) is shown with a zero-determinant transform (scaled to 0 in an axis) in \(s.degenerateTransform.count) frame\(s.degenerateTransform.count == 1 ? "" : "s") (first \(first)): nothing is drawn there, and Android draws its strokes as hairlines. Set alpha to 0 in those frames instead",
                    sprite: c.sprite(i), frame: first, value: .int(s.degenerateTransform.count)))
            }
        }
    }
}

/// path.syntax, number.non-finite, shape.unknown-type, image.undecodable: the resolver's
/// diagnostics (spec A.8), grouped by kind and sprite with the first frame and a count. Frame
/// transforms that are not finite are left to transform.non-finite.
struct DiagnosticRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        struct Group { var first: Diagnostic; var count: Int }
        var groups: [(key: String, group: Group)] = []
        var index: [String: Int] = [:]
        for d in c.movie.diagnostics {
            guard code(for: d.kind) != nil else { continue }
            if d.kind == .nonFiniteNumber, let s = d.sprite, let n = d.frame, s < c.movie.sprites.count,
               let frame = c.movie.sprites[s].frame(at: n), !frame.transform.isFinite { continue }
            let key = "\(d.kind.rawValue)#\(d.sprite ?? -1)#\(d.sprite == nil ? d.message : "")"
            if let at = index[key] { groups[at].group.count += 1 } else {
                index[key] = groups.count
                groups.append((key, Group(first: d, count: 1)))
            }
        }
        for (_, g) in groups {
            let d = g.first
            guard let code = code(for: d.kind) else { continue }
            let more = g.count > 1 ? " (and \(g.count - 1) more in this sprite)" : ""
            let advice: String
            switch d.kind {
            case .badPathData: advice = "fix the path in the source; players disagree on what to draw"
            case .nonFiniteNumber: advice = "fix the value in the source"
            case .unknownShapeType: advice = "players draw nothing for it; re-export with a current exporter"
            default: advice = "remove the entry or supply its file"
            }
            let sprite = d.sprite.flatMap { $0 < c.movie.sprites.count ? c.sprite($0) : nil }
            let image = d.sprite == nil ? quotedKey(in: d.message) : nil
            findings.append(Finding(code, "\(d.message)\(more): \(advice)", sprite: sprite, frame: d.frame,
                                    image: image, value: .int(g.count)))
        }
    }

    private func code(for kind: Diagnostic.Kind) -> RuleCode? {
        switch kind {
        case .badPathData: return .pathSyntax
        case .nonFiniteNumber: return .numberNonFinite
        case .unknownShapeType: return .shapeUnknownType
        case .imageNotDecodable, .missingImage: return .imageUndecodable
        // Reported by their own rules with more context (matte.missing, compat.color-255).
        case .missingMatte, .colorOutOfRange: return nil
        }
    }

    /// The first 'quoted' word of a message ("image 'x': …" → x). Diagnostic has no image field,
    /// and the decoder names the image this way in both image diagnostics.
    private func quotedKey(in message: String) -> String? {
        guard let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }
}
