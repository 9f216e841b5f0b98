import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGARender
import SVGAValidation
import SVGAWriter

/// `svga optimize` (issue 11): makes a file smaller and lighter without changing what is
/// drawn, then proves it by rendering every frame of both. Steps, in this order, each behind its
/// own switch in `OptimizeOptions`: trim frame lists to params.frames and drop sprites that can
/// never show, drop unused images, merge images with identical pixels, downscale images to the
/// largest size they are drawn at, re-encode PNGs (best lossless, or palette-quantised with
/// `lossyQuality`). 1.x files (ZIP + JSON or movie.binary) come out as 2.x with their audio.
/// The output is deterministic: the same input and options give the same bytes.
public enum MovieOptimizer {
    public static func optimize(_ bytes: [UInt8], options: OptimizeOptions = OptimizeOptions(),
                                policy: ValidationPolicy = ValidationPolicy(), name: String = "input") throws(OptimizeError) -> OptimizeResult {
        var raw: RawMovie, movie: Movie, container: ContainerKind
        do {
            (raw, container) = try SVGADecoder.decodeRaw(bytes)
            movie = try MovieResolver.resolve(raw, container: container)
        } catch {
            throw OptimizeError(.decode, "\(error)")
        }
        // 1.x → 2.x: the decoders already brought 1.x colours to 0...1 and read every image and
        // audio file out of the ZIP into the images map, which is where 2.x keeps both; the
        // version becomes the 2.x one so players take the protobuf path.
        if container != .zlibProtobuf {
            raw.version = OptimizeOptions.convertedVersion
        }
        var attempt = try run(movie: movie, raw: raw, container: container, options: options)
        // The steps that change pixels are undone, one at a time, while a frame stays below the
        // bound (unless --force keeps them): first `--lossy` quantisation, then the downscale
        // (detail the drawn size cannot hold even under mipmapped sampling, or a compensation
        // some sprite does not allow). The other steps are kept and the report says what was
        // refused and by how much.
        var current = options
        func failing(_ a: Attempt) -> Int? {
            guard a.psnrs.contains(where: { $0 < options.bound }) else { return nil }
            return a.psnrs.indices.min { a.psnrs[$0] < a.psnrs[$1] }
        }
        var refusedLossy: OptimizeResult.RefusedLossy?
        if !options.keepDownscaleBelowBound, let worst = failing(attempt), attempt.plan.recompressed.contains(where: \.isQuantised) {
            refusedLossy = .init(images: attempt.plan.recompressed.filter(\.isQuantised).count, worstFrame: worst,
                                 worstPSNR: attempt.psnrs[worst], bytesAfter: attempt.output.count)
            current.lossyQuality = nil
            attempt = try run(movie: movie, raw: raw, container: container, options: current)
        }
        var refusedDownscale: OptimizeResult.RefusedDownscale?
        if !options.keepDownscaleBelowBound, let worst = failing(attempt), !attempt.plan.resized.isEmpty {
            refusedDownscale = .init(images: attempt.plan.resized, worstFrame: worst, worstPSNR: attempt.psnrs[worst],
                                     imageMemoryAfter: attempt.optimized.images.reduce(0) { $0 + $1.decodedBytes })
            current.downscale = false
            attempt = try run(movie: movie, raw: raw, container: container, options: current)
        }
        let validator = Validator(policy: policy, threads: 1)
        let validationBefore = validator.validate(bytes: bytes, name: name)
        let imageMemoryBefore = movie.images.reduce(0) { $0 + $1.decodedBytes }
        let plan = attempt.plan
        // A 2.x file the steps cannot make smaller in bytes or memory (our writer's encoding can
        // come out a few bytes longer than another exporter's) is kept byte for byte.
        if container == .zlibProtobuf, attempt.output.count >= bytes.count,
           attempt.optimized.images.reduce(0, { $0 + $1.decodedBytes }) >= imageMemoryBefore {
            return OptimizeResult(
                output: bytes, inputBytes: bytes.count, convertedFrom: nil, keptInput: true,
                imageMemoryBefore: imageMemoryBefore, imageMemoryAfter: imageMemoryBefore,
                droppedSprites: [], trimmedFrames: 0, removedImages: [], resizedImages: [], deduplicated: [],
                recompressedImages: [], refusedDownscale: refusedDownscale, refusedLossy: refusedLossy,
                framePSNR: Array(repeating: .infinity, count: attempt.psnrs.count),
                defaultFramePSNR: Array(repeating: .infinity, count: attempt.psnrs.count), minPSNR: options.bound,
                profile: policy.profile.name, validationBefore: validationBefore, validationAfter: validationBefore)
        }
        return OptimizeResult(
            output: attempt.output, inputBytes: bytes.count,
            convertedFrom: container == .zlibProtobuf ? nil : container.rawValue, keptInput: false,
            imageMemoryBefore: imageMemoryBefore,
            imageMemoryAfter: attempt.optimized.images.reduce(0) { $0 + $1.decodedBytes },
            droppedSprites: plan.droppedSprites, trimmedFrames: plan.trimmedFrames,
            removedImages: plan.removed, resizedImages: plan.resized, deduplicated: plan.merged,
            recompressedImages: plan.recompressed, refusedDownscale: refusedDownscale, refusedLossy: refusedLossy,
            framePSNR: attempt.psnrs, defaultFramePSNR: attempt.defaultPSNRs, minPSNR: options.bound,
            profile: policy.profile.name,
            validationBefore: validationBefore,
            validationAfter: validator.validate(bytes: attempt.output, name: name))
    }

    private struct Attempt {
        var plan: Plan; var output: [UInt8]; var optimized: Movie
        /// Mipmapped renders (the gate) and the spec's default bilinear renders (reported).
        var psnrs: [Double]; var defaultPSNRs: [Double]
    }

    /// The steps `options` asks for, the encoded result and its proof.
    private static func run(movie: Movie, raw: RawMovie, container: ContainerKind, options: OptimizeOptions) throws(OptimizeError) -> Attempt {
        var plan = try Plan(movie: movie, raw: raw, container: container, options: options)
        if options.dropUnused { plan.dropUnused() }
        if options.deduplicate { try plan.deduplicate() }
        if options.downscale { try plan.downscale() }
        if options.recompress { try plan.recompress() }
        let output = SVGAEncoder.encodeZlibProtobuf(plan.raw)
        let optimized: Movie
        do { optimized = try SVGADecoder.decode(output) } catch {
            throw OptimizeError(.decode, "the optimized movie does not decode (\(error.description)); this is a bug")
        }
        let proof = try proof(original: movie, optimized: optimized, threads: options.threads)
        return Attempt(plan: plan, output: output, optimized: optimized, psnrs: proof.mipmapped, defaultPSNRs: proof.bilinear)
    }

    /// PSNR of every frame of `optimized` against `original` (no dynamic items), in frame order,
    /// +infinity for identical frames: rendered with mipmaps (what a viewer sees of a minified
    /// bitmap on a GPU-backed player: the gate, see `MipmapChain`) and with the spec's default
    /// bilinear sampling without mipmaps (reported, so nobody reads the gate as that).
    static func proof(original: Movie, optimized: Movie, threads: Int?) throws(OptimizeError) -> (mipmapped: [Double], bilinear: [Double]) {
        let renderers: [(MovieRenderer, MovieRenderer)]
        do {
            renderers = try [ImageFiltering.mipmapped, .bilinear].map { (f: ImageFiltering) throws(RenderError) in
                (try MovieRenderer(movie: original, filtering: f), try MovieRenderer(movie: optimized, filtering: f))
            }
        } catch { throw OptimizeError(.render, error.description) }
        let count = max(0, original.frameCount)
        guard count > 0 else { return ([], []) }
        // Jobs: frame n with mipmaps is job 2n, the default render job 2n + 1.
        let psnrs = try ParallelMap.map(count * 2, threads: threads) { (job) throws(OptimizeError) -> Double in
            let n = job / 2, (a, b) = renderers[job % 2]
            let before: Pixmap, after: Pixmap
            do { before = try a.render(frame: n); after = try b.render(frame: n) } catch {
                throw OptimizeError(.render, "frame \(n): \(error)")
            }
            guard let c = ImageComparison.compare(before, after) else {
                throw OptimizeError(.render, "frame \(n) renders at a different size after optimizing")
            }
            return c.psnr
        }
        return (stride(from: 0, to: psnrs.count, by: 2).map { psnrs[$0] }, stride(from: 1, to: psnrs.count, by: 2).map { psnrs[$0] })
    }
}

/// The edits under way: the raw movie being rewritten, decoded pixels shared by the steps, and
/// the record of what was done for the report.
private struct Plan {
    let movie: Movie
    var raw: RawMovie
    let options: OptimizeOptions
    /// Per image key, the largest scale any shown frame draws it at (device pixels per image
    /// pixel along the direction it is shrunk least: the larger singular value of the
    /// image-to-canvas matrix), merged on dedup.
    var drawScale: [String: Double] = [:]
    /// The image each sprite draws now (nil: none), by sprite index.
    var spriteImage: [String?]
    var pixels: [String: Pixmap] = [:]
    var removed: [OptimizeResult.RemovedImage] = []
    var merged: [OptimizeResult.MergedImage] = []
    var resized: [OptimizeResult.ResizedImage] = []
    var recompressed: [OptimizeResult.RecompressedImage] = []

    var droppedSprites: [OptimizeResult.DroppedSprite] = []
    var trimmedFrames = 0

    /// Trims frame lists and drops sprites that never show first (when asked), so the other
    /// steps see the movie without them: an image only such a sprite drew becomes unused, and
    /// one it drew larger than anyone else can shrink further.
    init(movie original: Movie, raw original_raw: RawMovie, container: ContainerKind, options: OptimizeOptions) throws(OptimizeError) {
        var raw = original_raw, movie = original
        var dropped: [OptimizeResult.DroppedSprite] = [], trimmed = 0
        if options.dropInvisible {
            // Frames at or after params.frames are never shown (A.3); KEEP only looks back.
            let frameCount = max(0, movie.frameCount)
            for i in raw.sprites.indices where raw.sprites[i].frames.count > frameCount {
                trimmed += raw.sprites[i].frames.count - frameCount
                raw.sprites[i].frames.removeLast(raw.sprites[i].frames.count - frameCount)
            }
            let drops = InvisibleSprites.find(in: movie, keepKeys: options.keepKeys)
            let gone = Set(drops.map(\.index))
            raw.sprites = raw.sprites.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
            dropped = drops.map { .init(index: $0.index, key: $0.key, reason: $0.reason) }
            if trimmed > 0 || !drops.isEmpty {
                do { movie = try MovieResolver.resolve(raw, container: container) } catch {
                    throw OptimizeError(.decode, "the movie without its invisible sprites does not resolve (\(error.description)); this is a bug")
                }
            }
        }
        self.movie = movie; self.raw = raw; self.options = options
        droppedSprites = dropped; trimmedFrames = trimmed
        spriteImage = movie.sprites.map(\.bitmapKey)
        for sprite in movie.sprites {
            guard let key = sprite.bitmapKey, let image = movie.image(forKey: key), image.pixelWidth > 0, image.pixelHeight > 0 else { continue }
            for frame in sprite.frames.prefix(max(0, movie.frameCount)) where frame.alpha > 0 && !frame.layout.isEmpty {
                let m = frame.transform.concatenating(.scale(frame.layout.width / Double(image.pixelWidth),
                                                             frame.layout.height / Double(image.pixelHeight)))
                guard m.isDrawable else { continue }
                drawScale[key] = max(drawScale[key] ?? 0, MipmapChain.largerSingularValue(m))
            }
        }
    }

    var bitmapKeys: Set<String> { Set(movie.images.map(\.key)) }

    mutating func decoded(_ key: String) throws(OptimizeError) -> Pixmap {
        if let p = pixels[key] { return p }
        guard let entry = raw.images.first(where: { $0.key == key }) else {
            throw OptimizeError(.image, "image '\(key)' is not in the file")
        }
        do {
            let p = try ImageDecoder.decode(entry.value, orientation: .ignoreExif)
            pixels[key] = p
            return p
        } catch {
            throw OptimizeError(.image, "image '\(key)' cannot be decoded (\(error.description))")
        }
    }

    mutating func dropUnused() {
        let used = Set(spriteImage.compactMap { $0 }), bitmaps = bitmapKeys
        raw.images.removeAll { entry in
            guard bitmaps.contains(entry.key), !used.contains(entry.key), !options.keepKeys.contains(entry.key) else { return false }
            removed.append(.init(key: entry.key, bytes: entry.value.count,
                                 decodedBytes: movie.image(forKey: entry.key)?.decodedBytes ?? 0))
            return true
        }
    }

    /// Sprites drawing a duplicate are pointed at the first image (file order) with the same
    /// pixels. A key is merged away only when renaming its sprites changes nothing else: every
    /// sprite names it exactly (no `.matte` / extension resolution), no sprite uses it as a matte
    /// key, and it is not a kept (dynamic) key, whose slot name players look up at runtime.
    mutating func deduplicate() throws(OptimizeError) {
        let bitmaps = bitmapKeys
        var first: [Pixmap: String] = [:]
        let matteKeys = Set(raw.sprites.map(\.matteKey))
        for entry in raw.images where bitmaps.contains(entry.key) && spriteImage.contains(entry.key) {
            let key = entry.key
            let p = try decoded(key)
            guard let kept = first[p] else { first[p] = key; continue }
            let users = spriteImage.indices.filter { spriteImage[$0] == key }
            // A `.matte` key names a matte source (A.6): renamed, the sprite would be drawn.
            let renamable = !options.keepKeys.contains(key) && !matteKeys.contains(key) && !key.hasSuffix(".matte")
                && users.allSatisfy { raw.sprites[$0].imageKey == key }
            guard renamable else { continue }
            for i in users { raw.sprites[i].imageKey = kept; spriteImage[i] = kept }
            if let a = drawScale[key] { drawScale[kept] = max(a, drawScale[kept] ?? 0) }
            let bytes = entry.value.count
            raw.images.removeAll { $0.key == key }
            merged.append(.init(key: key, into: kept, bytes: bytes, sprites: users.count))
        }
    }

    /// Each image becomes the level of its mipmap chain (`MipmapChain`: box-filtered halvings)
    /// that is the smallest still at least as large as every draw of it, in every direction,
    /// × `maxScale`: level n for the largest n with 2ⁿ ≤ 1 / (largest draw scale × maxScale).
    /// Why a chain level and not the exact drawn size: a mipmapped draw of the original samples
    /// some level m ≥ n of the original's chain, and the same draw of the result samples level
    /// m − n of the stored level's chain, which is the same pixels; so under mipmapped sampling
    /// (the proof's) nothing changes, and no direction of any draw is magnified on a player that
    /// does not mipmap. A draw shown at exactly a power of two keeps its level (the 10⁻⁴ margin
    /// absorbs float noise in the stored transforms, so a second run finds nothing to shrink).
    ///
    /// A.4: a bitmap is drawn under M · scale(layout.w / image.w, layout.h / image.h), i.e.
    /// stretched to the layout, so a smaller image with the same layout lands on the same canvas
    /// pixels in our renderer and in Android, Lite, Flutter and iOS (aspect-fit, same aspect).
    /// The Web player alone draws the bitmap at its natural pixel size (spec B.3.3), so where the
    /// sprite allows it each frame's layout becomes the new pixel size and the transform takes
    /// the difference (T' = T · scale(sx, sy), layout.x/y scaled back for iOS): then every player
    /// draws the same. A sprite with shapes or a clip path (both in sprite-local space, which
    /// that would rescale) keeps its layout and transform and relies on the A.4 stretch.
    mutating func downscale() throws(OptimizeError) {
        let bitmaps = bitmapKeys
        for index in raw.images.indices where bitmaps.contains(raw.images[index].key) {
            let key = raw.images[index].key
            guard let drawn = drawScale[key], drawn > 0, spriteImage.contains(key),
                  let image = movie.image(forKey: key) else { continue }
            let margin = options.keepKeys.contains(key) ? max(1, options.maxScale) : options.maxScale
            let level = MipmapChain.levelIndex(minScale: drawn * margin * (1 - 1e-4))
            guard level > 0 else { continue }
            var small = try decoded(key)
            for _ in 0..<level {
                guard let next = MipmapChain.halved(small) else { break }
                small = next
            }
            let w = small.width, h = small.height
            guard w < image.pixelWidth || h < image.pixelHeight else { continue }
            let encoded: [UInt8]
            do { encoded = try PNGEncoder.encodeSmallestExact(small, compression: .max).bytes } catch {
                throw OptimizeError(.image, "image '\(key)' cannot be re-encoded at \(w)×\(h) (\(error.description))")
            }
            let before = raw.images[index].value.count
            raw.images[index].value = encoded
            pixels[key] = small
            var adjusted = 0, stretched = 0
            for i in spriteImage.indices where spriteImage[i] == key {
                if compensate(sprite: i, width: w, height: h) { adjusted += 1 } else { stretched += 1 }
            }
            resized.append(.init(key: key, fromWidth: image.pixelWidth, fromHeight: image.pixelHeight,
                                 toWidth: w, toHeight: h, bytesBefore: before, bytesAfter: encoded.count,
                                 spritesAdjusted: adjusted, spritesStretched: stretched))
        }
    }

    /// Rewrites layout and transform of every frame so the new w×h image is its layout size.
    /// False (nothing changed) when a frame has shapes or a clip path.
    mutating func compensate(sprite i: Int, width w: Int, height h: Int) -> Bool {
        let frames = raw.sprites[i].frames
        guard frames.allSatisfy({ $0.shapes.isEmpty && ($0.clipPath ?? "").isEmpty }) else { return false }
        for (n, frame) in frames.enumerated() {
            guard let layout = frame.layout, layout.width > 0, layout.height > 0 else { continue }
            let sx = layout.width / Float(w), sy = layout.height / Float(h)
            guard sx != 1 || sy != 1 else { continue }
            let t = frame.transform ?? .identity
            raw.sprites[i].frames[n].layout = RawLayout(x: layout.x / sx, y: layout.y / sy, width: Float(w), height: Float(h))
            raw.sprites[i].frames[n].transform = RawTransform(a: t.a * sx, b: t.b * sx, c: t.c * sy, d: t.d * sy, tx: t.tx, ty: t.ty)
        }
        return true
    }

    /// Each PNG at the writer's maximum level in the smallest colour type that holds its pixels
    /// exactly (RGBA, grey, grey + alpha, palette); with `lossyQuality`, also a libimagequant
    /// palette for images with more than 256 colours (fewer are exact already, which also keeps
    /// a second run from quantising again). A re-encoding that is not smaller is dropped. Images
    /// `downscale` rewrote are already at their best exact encoding: only the lossy one is tried.
    /// JPEGs are kept as they are (a PNG of a photo is larger).
    mutating func recompress() throws(OptimizeError) {
        let bitmaps = bitmapKeys
        let rewritten = Set(resized.map(\.key))
        for index in raw.images.indices {
            let key = raw.images[index].key
            guard bitmaps.contains(key), movie.image(forKey: key)?.format == .png else { continue }
            let p = try decoded(key)
            var best: (bytes: [UInt8], encoding: String)?
            do {
                if !rewritten.contains(key) {
                    let exact = try PNGEncoder.encodeSmallestExact(p, compression: .max)
                    best = (exact.bytes, exact.colorType.rawValue)
                }
                if let quality = options.lossyQuality, best?.encoding != PNGColorType.palette.rawValue,
                   PNGIndexedImage.exact(straightRGBA: p.straightRGBA(), width: p.width, height: p.height) == nil,
                   let quantised = PaletteQuantizer.quantize(p, quality: quality) {
                    // Written through the exact path from the pixels a reader decodes, so a
                    // second run derives the very same bytes and keeps them (idempotence).
                    let decodedQuantised = try PNGDecoder.decode(try PNGEncoder.encode(quantised, compression: .fast))
                    let bytes = try PNGEncoder.encodeSmallestExact(decodedQuantised, compression: .max).bytes
                    if bytes.count < (best?.bytes.count ?? raw.images[index].value.count) {
                        best = (bytes, OptimizeResult.quantisedEncoding)
                    }
                }
            } catch {
                throw OptimizeError(.image, "image '\(key)' cannot be re-encoded (\(error.description))")
            }
            let before = raw.images[index].value.count
            guard let best, best.bytes.count < before else { continue }
            raw.images[index].value = best.bytes
            recompressed.append(.init(key: key, bytesBefore: before, bytesAfter: best.bytes.count, encoding: best.encoding))
        }
    }
}
