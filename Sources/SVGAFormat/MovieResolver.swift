import SVGAGeometry

// RawMovie → Movie: the normalize step (STYLE.md habit 1). After it the renderer sees only
// absolute path segments, KEEP resolved, bitmap keys resolved, matte runs known and audio
// separated, with every count and size checked (spec A.8).
//
// Fatal (DecodeError): counts over `Limits`; a viewBox that is non-finite, negative or over
// `Limits.maxCanvasPixels`; negative fps/frames; a PNG/JPEG whose header is broken, zero-sized
// or over `Limits.maxImagePixels`; a sprite whose bitmap key names data that is neither PNG,
// JPEG nor MP3 (A.8).
// Non-fatal (Diagnostic, the primitive draws nothing or the prefix is kept): bad path data,
// non-finite numbers, unknown shape types, missing mattes, undecodable unreferenced images.

public enum MovieResolver {
    public static func resolve(_ raw: RawMovie, container: ContainerKind, diagnostics: [Diagnostic] = [],
                               budget: DecodeBudget = .default) throws(DecodeError) -> Movie {
        var r = Resolution(container: container, diagnostics: diagnostics, budget: budget)
        return try r.run(raw)
    }
}

private struct Resolution {
    let container: ContainerKind
    var diagnostics: [Diagnostic]
    let budget: DecodeBudget
    /// Parsed SVG path data by string: the same `d` recurs across frames (no KEEP in the file).
    var pathCache: [String: SVGPathParseResult] = [:]
    /// Bytes of distinct path data parsed so far (each costs ~2 segments of 56 B per 8 bytes of
    /// text): bounded by `maxPathBytes` × 16 so many medium paths cannot add up unchecked.
    var pathBytesParsed = 0

    init(container: ContainerKind, diagnostics: [Diagnostic], budget: DecodeBudget) {
        self.container = container
        self.diagnostics = diagnostics
        self.budget = budget
    }

    mutating func run(_ raw: RawMovie) throws(DecodeError) -> Movie {
        try checkCounts(raw)
        let (viewBox, fps, frameCount) = try params(raw.params)
        let images = try classifyImages(raw.images)

        var sprites: [Sprite] = []
        sprites.reserveCapacity(raw.sprites.count)
        for (i, s) in raw.sprites.enumerated() {
            let bitmapKey = try bitmapKey(for: s.imageKey, sprite: i, images)
            sprites.append(Sprite(imageKey: s.imageKey, bitmapKey: bitmapKey,
                                  matteKey: s.matteKey.isEmpty ? nil : s.matteKey,
                                  isMatteSource: s.imageKey.hasSuffix(".matte"),
                                  frames: try frames(of: s, sprite: i)))
        }
        let drawList = drawOrder(sprites)
        let audios = raw.audios.map { a in
            AudioEntry(key: a.audioKey, startFrame: Int(a.startFrame), endFrame: Int(a.endFrame),
                       startTime: Int(a.startTime), totalTime: Int(a.totalTime),
                       data: images.rawValue[a.audioKey] ?? [])
        }
        var movie = Movie(container: container, version: raw.version, viewBox: viewBox, fps: fps,
                          frameCount: frameCount, images: images.bitmaps, sprites: sprites, audios: audios,
                          drawList: drawList, diagnostics: diagnostics, audioKeys: images.audioKeys)
        movie.budget = budget
        return movie
    }

    // MARK: limits and params

    func checkCounts(_ raw: RawMovie) throws(DecodeError) {
        // `what` is built only on failure: per-frame string interpolation here was most of the
        // cost of resolving a 30 000-frame movie (and of each fuzz-protobuf run on it).
        func over(_ what: @autoclosure () -> String, _ n: Int, _ limit: Int) throws(DecodeError) {
            if n > limit { throw DecodeError(stage: .limits, message: "\(what()): \(n) > \(limit)") }
        }
        try over("sprites", raw.sprites.count, Limits.maxSprites)
        try over("images", raw.images.count, Limits.maxImages)
        try over("audios", raw.audios.count, Limits.maxAudios)
        var frames = 0, shapes = 0
        for (i, s) in raw.sprites.enumerated() {
            try over("sprite \(i): frames", s.frames.count, Limits.maxFramesPerSprite)
            frames += s.frames.count
            for (n, f) in s.frames.enumerated() {
                try over("sprite \(i) frame \(n): shapes", f.shapes.count, Limits.maxShapesPerFrame)
                shapes += f.shapes.count
            }
        }
        try over("frames in all sprites", frames, Limits.maxTotalFrames)
        try over("shapes in all frames", shapes, Limits.maxTotalShapes)
    }

    /// Spec A.2: the canvas is ceil(w) × ceil(h) at scale 1; absent params are zeros.
    func params(_ p: RawParams?) throws(DecodeError) -> (Size, Int, Int) {
        let p = p ?? RawParams()
        let w = Double(p.viewBoxWidth), h = Double(p.viewBoxHeight)
        guard w.isFinite, h.isFinite, w >= 0, h >= 0 else {
            throw DecodeError(stage: .limits, message: "viewBox \(w) × \(h) is not a finite, non-negative size")
        }
        let pixels = w.rounded(.up) * h.rounded(.up)
        // `pixels` may be far beyond Int's range: print it as a Double, never convert it.
        let shown = pixels < 1e18 ? String(Int64(pixels)) : String(pixels)
        guard pixels <= Double(budget.maxCanvasPixels) else {
            throw .overBudget("params: viewBox \(w) × \(h) needs \(shown) pixels > limit \(budget.maxCanvasPixels) (maxCanvasPixels)",
                              figure: pixels, limit: budget.maxCanvasPixels)
        }
        guard p.fps >= 0 else { throw DecodeError(stage: .limits, message: "params.fps \(p.fps) is negative") }
        guard p.frames >= 0 else { throw DecodeError(stage: .limits, message: "params.frames \(p.frames) is negative") }
        guard Int(p.frames) <= Limits.maxFrameCount else {
            throw .overBudget("params.frames: \(p.frames) > limit \(Limits.maxFrameCount)", figure: Double(p.frames), limit: Limits.maxFrameCount)
        }
        let pixelFrames = pixels * Double(p.frames)
        guard pixelFrames <= Double(budget.maxCanvasPixelFrames) else {
            throw .overBudget("params: \(shown) canvas pixels × \(p.frames) frames = \(Int64(pixelFrames)) > limit \(budget.maxCanvasPixelFrames) (maxCanvasPixelFrames)",
                              figure: pixelFrames, limit: budget.maxCanvasPixelFrames)
        }
        return (Size(width: w, height: h), Int(p.fps), Int(p.frames))
    }

    // MARK: images (spec A.1, A.8, B.5)

    struct ImageTable {
        var bitmaps: [MovieImage] = []
        var bitmapKeys: Set<String> = []
        /// Non-empty values that are neither PNG, JPEG nor MP3.
        var junkKeys: Set<String> = []
        /// Σ width × height of the bitmaps so far (Limits.maxTotalImagePixels).
        var totalPixels = 0
        var audioKeys: [String] = []
        /// First value per key, whatever it holds (audio data lookup).
        var rawValue: [String: [UInt8]] = [:]
    }

    mutating func classifyImages(_ entries: [RawImageEntry]) throws(DecodeError) -> ImageTable {
        var t = ImageTable()
        for e in entries where t.rawValue[e.key] == nil {
            t.rawValue[e.key] = e.value
            let kind = ImageSniffer.kind(e.value)
            switch kind {
            case .audio:
                t.audioKeys.append(e.key)
            case .png, .jpeg:
                let isPNG = kind == .png
                let size: (width: Int, height: Int)
                do {
                    size = isPNG ? try ImageSniffer.pngSize(e.value) : try ImageSniffer.jpegSize(e.value)
                } catch {
                    throw DecodeError(stage: .png, message: "image \(q(e.key)): \(error.reason)")
                }
                guard size.width > 0, size.height > 0 else {
                    throw DecodeError(stage: .png, message: "image \(q(e.key)): size \(size.width) × \(size.height) is empty")
                }
                let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
                guard !overflow, pixels <= budget.maxImagePixels else {
                    throw DecodeError(stage: .png, message: "image \(q(e.key)): \(size.width) × \(size.height) pixels > limit \(budget.maxImagePixels) (maxImagePixels)",
                                      figure: Double(size.width) * Double(size.height), limit: Double(budget.maxImagePixels))
                }
                // A.8: the renderer decodes every image a sprite uses, so the sum is capped too.
                t.totalPixels += pixels
                guard t.totalPixels <= budget.maxTotalImagePixels else {
                    throw .overBudget("images need \(t.totalPixels) decoded pixels in all (at image \(q(e.key))) > limit \(budget.maxTotalImagePixels) (maxTotalImagePixels)",
                                      figure: Double(t.totalPixels), limit: budget.maxTotalImagePixels)
                }
                t.bitmaps.append(MovieImage(key: e.key, format: isPNG ? .png : .jpeg, pixelWidth: size.width,
                                            pixelHeight: size.height, data: e.value))
                t.bitmapKeys.insert(e.key)
            case .empty:
                // A ZIP container already reported the missing file by name.
                if container == .zlibProtobuf {
                    note(.imageNotDecodable, nil, nil, "image \(q(e.key)) has no data")
                }
            case .unknown:
                // Fatal later if a sprite uses it (bitmapKey); otherwise this note is all.
                t.junkKeys.insert(e.key)
                let magic = e.value.prefix(4).map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                note(.imageNotDecodable, nil, nil, "image \(q(e.key)) is neither PNG, JPEG nor MP3 (starts \(magic)); no sprite uses it")
            }
        }
        return t
    }

    /// Spec A.1 key resolution: the key as written, then without a trailing `.matte`, then with
    /// any extension removed (`a.png` → `a`, iOS `stringByDeletingPathExtension`). The first
    /// candidate that is a bitmap wins; audio and empty entries never count. A candidate holding
    /// unknown data is the A.8 "non-PNG image that is not audio": fatal, since a sprite uses it.
    /// (The exact key comes first because 1.x files key the map by the full sprite key, e.g.
    /// `"dengziqi.matte"` in matteBitmap_1.x.)
    mutating func bitmapKey(for imageKey: String, sprite: Int, _ t: ImageTable) throws(DecodeError) -> String? {
        var candidates = [imageKey]
        let noMatte = imageKey.hasSuffix(".matte") ? String(imageKey.dropLast(6)) : imageKey
        if noMatte != imageKey { candidates.append(noMatte) }
        let noExtension = Self.deletingExtension(noMatte)
        if noExtension != noMatte { candidates.append(noExtension) }
        for k in candidates {
            if t.bitmapKeys.contains(k) { return k }
            if t.junkKeys.contains(k) {
                throw DecodeError(stage: .png, message: "image \(q(k)) (used by sprite \(sprite)) is neither PNG, JPEG nor MP3")
            }
        }
        return nil
    }

    /// The key without its last `.ext` (a leading dot is a name, not an extension).
    static func deletingExtension(_ key: String) -> String {
        guard let dot = key.lastIndex(of: "."), dot != key.startIndex,
              key.index(after: dot) != key.endIndex else { return key }
        return String(key[..<dot])
    }

    // MARK: frames (spec A.3, A.5)

    mutating func frames(of s: RawSprite, sprite i: Int) throws(DecodeError) -> [Frame] {
        var out: [Frame] = []
        out.reserveCapacity(s.frames.count)
        // The resolved shapes of the most recent frame that was not KEEP (B.3.8).
        var lastShapes: [Shape] = []
        for (n, f) in s.frames.enumerated() {
            var alpha = Double(f.alpha)
            if !alpha.isFinite {
                note(.nonFiniteNumber, i, n, "frame alpha is \(alpha); the sprite is not drawn in this frame")
                alpha = 0
            }
            let layout = f.layout.map { Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)) } ?? .zero
            let transform = f.transform.map(Self.transform) ?? .identity
            if !transform.isFinite {
                note(.nonFiniteNumber, i, n, "frame transform has a non-finite entry; the sprite is not drawn in this frame")
            }
            var clip: Path?
            if let d = f.clipPath, !d.isEmpty {
                clip = try parsePath(d, sprite: i, frame: n, what: "clipPath")
            }
            let isKeep = f.shapes.first.map { $0.type == .keep && $0.unknownType == nil } ?? false
            let shapes: [Shape]
            if isKeep {
                shapes = lastShapes
            } else {
                var resolved: [Shape] = []
                resolved.reserveCapacity(f.shapes.count)
                for (k, raw) in f.shapes.enumerated() {
                    if let shape = try self.shape(raw, sprite: i, frame: n, index: k) { resolved.append(shape) }
                }
                shapes = resolved
                lastShapes = resolved
            }
            out.append(Frame(alpha: alpha, layout: layout, transform: transform, clipPath: clip,
                             shapes: shapes, isKeep: isKeep))
        }
        return out
    }

    /// One shape, or nil when it draws nothing by rule: an unknown type, a KEEP that is not first,
    /// or a non-finite number (each reported, except the stray KEEP).
    mutating func shape(_ raw: RawShape, sprite i: Int, frame n: Int, index k: Int) throws(DecodeError) -> Shape? {
        if let number = raw.unknownType {
            note(.unknownShapeType, i, n, "shape \(k): unknown shape type \(number); not drawn")
            return nil
        }
        var numbers: [Float] = []
        if let t = raw.transform { numbers += [t.a, t.b, t.c, t.d, t.tx, t.ty] }
        switch raw.args {
        case .rect(let x, let y, let w, let h, let r)?: numbers += [x, y, w, h, r]
        case .ellipse(let x, let y, let rx, let ry)?: numbers += [x, y, rx, ry]
        case .shape?, nil: break
        }
        if let s = raw.styles { numbers += [s.strokeWidth, s.miterLimit, s.lineDashI, s.lineDashII, s.lineDashIII] }
        if numbers.contains(where: { !$0.isFinite }) {
            note(.nonFiniteNumber, i, n, "shape \(k) has a non-finite number; not drawn")
            return nil
        }

        let kind: ShapeKind
        var path = Path()
        switch raw.type {
        case .keep:
            return nil                      // KEEP only means something as the first shape (A.5)
        case .shape:
            kind = .path
            if case .shape(let d)? = raw.args, !d.isEmpty {
                path = try parsePath(d, sprite: i, frame: n, what: "shape \(k) d")
                if !path.isFinite {
                    note(.nonFiniteNumber, i, n, "shape \(k) path data has a non-finite coordinate; not drawn")
                    return nil
                }
            }
        case .rect:
            kind = .rect
            if case .rect(let x, let y, let w, let h, let r)? = raw.args {
                path = PathBuilder.rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h),
                                        cornerRadius: Double(r))
            }
        case .ellipse:
            kind = .ellipse
            if case .ellipse(let x, let y, let rx, let ry)? = raw.args {
                path = PathBuilder.ellipse(centerX: Double(x), centerY: Double(y), radiusX: Double(rx), radiusY: Double(ry))
            }
        }
        return Shape(kind: kind, path: path, transform: raw.transform.map(Self.transform) ?? .identity,
                     style: raw.styles.map(Self.style))
    }

    /// Spec A.5 styles: colours clamped (NaN → 0); fill when present; stroke only with a colour and
    /// a width > 0; unknown cap/join → the default; miter limit as given; dashes when I or II > 0.
    static func style(_ s: RawShapeStyle) -> ShapeStyle {
        var stroke: StrokePaint?
        if let c = s.stroke, s.strokeWidth > 0 {
            let cap: LineCap = s.lineCap == 1 ? .round : s.lineCap == 2 ? .square : .butt
            let join: LineJoin = s.lineJoin == 1 ? .round : s.lineJoin == 2 ? .bevel : .miter
            var dash: DashPattern?
            if s.lineDashI > 0 || s.lineDashII > 0 {
                dash = DashPattern(lengths: [max(Double(s.lineDashI), 1), max(Double(s.lineDashII), 0.1)],
                                   phase: Double(s.lineDashIII))
            }
            stroke = StrokePaint(color: color(c), style: StrokeStyle(width: Double(s.strokeWidth), cap: cap, join: join,
                                                                      miterLimit: Double(s.miterLimit), dash: dash))
        }
        return ShapeStyle(fill: s.fill.map(color), stroke: stroke)
    }

    static func color(_ c: RawColor) -> Color {
        func clamp(_ v: Float) -> Double { v.isNaN ? 0 : Double(min(max(v, 0), 1)) }
        return Color(r: clamp(c.r), g: clamp(c.g), b: clamp(c.b), a: clamp(c.a))
    }

    static func transform(_ t: RawTransform) -> Transform {
        Transform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }

    /// SVG path data; on a syntax error the parsed prefix is kept and reported (A.5).
    /// Path data over `maxPathBytes`, or distinct path data over 16 × that in all, is a `limits`
    /// error: it is never parsed (issue 14: one 80 MB `d` took 1.6 GB to render).
    mutating func parsePath(_ d: String, sprite i: Int, frame n: Int,
                            what: @autoclosure () -> String) throws(DecodeError) -> Path {
        let result: SVGPathParseResult
        if let cached = pathCache[d] {
            result = cached
        } else {
            let length = d.utf8.count
            guard length <= budget.maxPathBytes else {
                throw .overBudget("sprite \(i) frame \(n) \(what()): path data of \(length) bytes > limit \(budget.maxPathBytes) (maxPathBytes)",
                                  figure: Double(length), limit: budget.maxPathBytes)
            }
            pathBytesParsed += length
            let totalLimit = budget.maxPathBytes.multipliedReportingOverflow(by: 16)
            guard totalLimit.overflow || pathBytesParsed <= totalLimit.partialValue else {
                throw .overBudget("sprite \(i) frame \(n) \(what()): distinct path data of \(pathBytesParsed) bytes in all > limit \(totalLimit.partialValue) (16 × maxPathBytes)",
                                  figure: Double(pathBytesParsed), limit: totalLimit.partialValue)
            }
            result = SVGPathParser.parse(d)
            pathCache[d] = result
        }
        if let error = result.error {
            note(.badPathData, i, n, "\(what()): \(error); the part before it is drawn")
        }
        return result.path
    }

    /// Records a diagnostic, up to `Limits.maxDiagnostics`.
    mutating func note(_ kind: Diagnostic.Kind, _ sprite: Int?, _ frame: Int?, _ message: @autoclosure () -> String) {
        guard diagnostics.count < Limits.maxDiagnostics else { return }
        diagnostics.append(Diagnostic(kind: kind, sprite: sprite, frame: frame, message: message()))
    }

    // MARK: draw order (spec A.6, B.3.9)

    /// Sprites in order; matte sources are never drawn directly; a run of consecutive sprites with
    /// the same non-empty matteKey is one item masked by the first sprite whose imageKey equals it.
    /// As in the Skia reference's `draw_frame`, matte sources (and the matte sprite itself) inside
    /// the run's range are skipped, not run breakers.
    mutating func drawOrder(_ sprites: [Sprite]) -> [DrawItem] {
        var items: [DrawItem] = []
        var firstByImageKey: [String: Int] = [:]
        for (i, s) in sprites.enumerated() where firstByImageKey[s.imageKey] == nil { firstByImageKey[s.imageKey] = i }
        var i = 0
        while i < sprites.count {
            let s = sprites[i]
            if s.isMatteSource { i += 1; continue }
            guard let key = s.matteKey else { items.append(.sprite(i)); i += 1; continue }
            var j = i
            while j < sprites.count && sprites[j].matteKey == key { j += 1 }
            let matte = firstByImageKey[key]
            let members = (i ..< j).filter { !sprites[$0].isMatteSource && $0 != matte }
            if matte == nil {
                note(.missingMatte, i, nil, "sprites \(i)…\(j - 1) use matteKey \(q(key)) but no sprite has that imageKey; the run is not drawn")
            }
            items.append(.matteRun(matteSprite: matte, sprites: members))
            i = j
        }
        return items
    }
}

/// A key or name from the file, as messages show it (`UntrustedText`).
private func q(_ s: String) -> String { UntrustedText.quoted(s) }
