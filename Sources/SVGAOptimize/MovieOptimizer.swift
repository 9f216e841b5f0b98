import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGARender
import SVGAValidation
import SVGAWriter

/// `svga optimize` (issue 11): makes a 2.x file smaller and lighter without changing what is
/// drawn, then proves it by rendering every frame of both. Steps, in this order, each behind its
/// own switch in `OptimizeOptions`: drop unused images, merge images with identical pixels,
/// downscale images to the largest size they are drawn at, re-encode PNGs at the maximum level.
/// The output is deterministic: the same input and options give the same bytes.
public enum MovieOptimizer {
    public static func optimize(_ bytes: [UInt8], options: OptimizeOptions = OptimizeOptions(),
                                policy: ValidationPolicy = ValidationPolicy(), name: String = "input") throws(OptimizeError) -> OptimizeResult {
        let raw: RawMovie, movie: Movie
        do {
            let (decoded, container) = try SVGADecoder.decodeRaw(bytes)
            guard container == .zlibProtobuf else {
                throw OptimizeError(.unsupported, "the file is a \(container.rawValue) (1.x) container; this version optimizes 2.x (zlib + protobuf) files only")
            }
            raw = decoded
            movie = try MovieResolver.resolve(raw, container: container)
        } catch let e as OptimizeError {
            throw e
        } catch {
            throw OptimizeError(.decode, "\(error)")
        }
        var attempt = try run(movie: movie, raw: raw, options: options)
        // Our renderer (like Android's) samples a large bitmap bilinearly without mipmaps, so a
        // bitmap drawn much smaller than its pixels renders sharper (aliased) than its downscaled
        // copy, which can fall below the bound. Then the lossless steps alone are kept and the
        // report says the downscale was refused and by how much (unless --force keeps it).
        var refusedDownscale: OptimizeResult.RefusedDownscale?
        if !options.keepDownscaleBelowBound, attempt.psnrs.contains(where: { $0 < options.minPSNR }), !attempt.plan.resized.isEmpty {
            let worst = attempt.psnrs.indices.min { attempt.psnrs[$0] < attempt.psnrs[$1] }!
            refusedDownscale = .init(images: attempt.plan.resized, worstFrame: worst, worstPSNR: attempt.psnrs[worst],
                                     imageMemoryAfter: attempt.optimized.images.reduce(0) { $0 + $1.decodedBytes })
            var lossless = options
            lossless.downscale = false
            attempt = try run(movie: movie, raw: raw, options: lossless)
        }
        let validator = Validator(policy: policy, threads: 1)
        let plan = attempt.plan
        return OptimizeResult(
            output: attempt.output, inputBytes: bytes.count,
            imageMemoryBefore: movie.images.reduce(0) { $0 + $1.decodedBytes },
            imageMemoryAfter: attempt.optimized.images.reduce(0) { $0 + $1.decodedBytes },
            removedImages: plan.removed, resizedImages: plan.resized, deduplicated: plan.merged,
            recompressedImages: plan.recompressed, refusedDownscale: refusedDownscale,
            framePSNR: attempt.psnrs, minPSNR: options.minPSNR,
            profile: policy.profile.name,
            validationBefore: validator.validate(bytes: bytes, name: name),
            validationAfter: validator.validate(bytes: attempt.output, name: name))
    }

    private struct Attempt { var plan: Plan; var output: [UInt8]; var optimized: Movie; var psnrs: [Double] }

    /// The steps `options` asks for, the encoded result and its proof.
    private static func run(movie: Movie, raw: RawMovie, options: OptimizeOptions) throws(OptimizeError) -> Attempt {
        var plan = Plan(movie: movie, raw: raw, options: options)
        if options.dropUnused { plan.dropUnused() }
        if options.deduplicate { try plan.deduplicate() }
        if options.downscale { try plan.downscale() }
        if options.recompress { try plan.recompress() }
        let output = SVGAEncoder.encodeZlibProtobuf(plan.raw)
        let optimized: Movie
        do { optimized = try SVGADecoder.decode(output) } catch {
            throw OptimizeError(.decode, "the optimized movie does not decode (\(error.description)); this is a bug")
        }
        let psnrs = try proof(original: movie, optimized: optimized, threads: options.threads)
        return Attempt(plan: plan, output: output, optimized: optimized, psnrs: psnrs)
    }

    /// PSNR of every frame of `optimized` against `original` (no dynamic items), in frame order;
    /// +infinity for identical frames.
    static func proof(original: Movie, optimized: Movie, threads: Int?) throws(OptimizeError) -> [Double] {
        let a: MovieRenderer, b: MovieRenderer
        do {
            a = try MovieRenderer(movie: original)
            b = try MovieRenderer(movie: optimized)
        } catch { throw OptimizeError(.render, error.description) }
        let count = max(0, original.frameCount)
        guard count > 0 else { return [] }
        let results = Locked<[Result<Double, OptimizeError>?]>(Array(repeating: nil, count: count))
        let next = Locked(0)
        let workers = min(count, max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let n = next.takeNext()
                guard n < count else { return }
                let r: Result<Double, OptimizeError>
                do {
                    let before = try a.render(frame: n), after = try b.render(frame: n)
                    if let c = ImageComparison.compare(before, after) {
                        r = .success(c.psnr)
                    } else {
                        r = .failure(OptimizeError(.render, "frame \(n) renders at a different size after optimizing"))
                    }
                } catch {
                    r = .failure(OptimizeError(.render, "frame \(n): \(error)"))
                }
                results.withLock { $0[n] = r }
            }
        }
        var psnrs: [Double] = []
        for r in results.withLock({ $0 }) {
            switch r! {
            case .success(let p): psnrs.append(p)
            case .failure(let e): throw e
            }
        }
        return psnrs
    }
}

/// The edits under way: the raw movie being rewritten, decoded pixels shared by the steps, and
/// the record of what was done for the report.
private struct Plan {
    let movie: Movie
    var raw: RawMovie
    let options: OptimizeOptions
    /// Largest drawn size per image key (from the validator's DrawAnalysis, merged on dedup).
    var drawn: [String: (width: Double, height: Double)] = [:]
    /// The image each sprite draws now (nil: none), by sprite index.
    var spriteImage: [String?]
    var pixels: [String: Pixmap] = [:]
    var removed: [OptimizeResult.RemovedImage] = []
    var merged: [OptimizeResult.MergedImage] = []
    var resized: [OptimizeResult.ResizedImage] = []
    var recompressed: [OptimizeResult.RecompressedImage] = []

    init(movie: Movie, raw: RawMovie, options: OptimizeOptions) {
        self.movie = movie; self.raw = raw; self.options = options
        spriteImage = movie.sprites.map(\.bitmapKey)
        for (key, use) in DrawAnalysis(movie: movie).images { drawn[key] = (use.maxWidth, use.maxHeight) }
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
            let renamable = !options.keepKeys.contains(key) && !matteKeys.contains(key)
                && users.allSatisfy { raw.sprites[$0].imageKey == key }
            guard renamable else { continue }
            for i in users { raw.sprites[i].imageKey = kept; spriteImage[i] = kept }
            if let a = drawn[key] {
                let b = drawn[kept] ?? (0, 0)
                drawn[kept] = (max(a.width, b.width), max(a.height, b.height))
            }
            let bytes = entry.value.count
            raw.images.removeAll { $0.key == key }
            merged.append(.init(key: key, into: kept, bytes: bytes, sprites: users.count))
        }
    }

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
            guard let use = drawn[key], use.width > 0, use.height > 0, spriteImage.contains(key),
                  let image = movie.image(forKey: key) else { continue }
            let scale = options.keepKeys.contains(key) ? max(1, options.maxScale) : options.maxScale
            // The small tolerance keeps a second run from shrinking by one pixel more when float
            // rounding in the compensated transform nudges the drawn size just past an integer.
            let w = min(image.pixelWidth, max(1, Int((use.width * scale - 1e-3).rounded(.up))))
            let h = min(image.pixelHeight, max(1, Int((use.height * scale - 1e-3).rounded(.up))))
            guard w < image.pixelWidth || h < image.pixelHeight else { continue }
            let source = try decoded(key)
            guard let small = AreaDownscaler.downscale(source, width: w, height: h) else { continue }
            let encoded: [UInt8]
            do { encoded = try PNGEncoder.encode(small, compression: .max) } catch {
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

    /// PNGs not already rewritten by `downscale`, at the writer's maximum level; a re-encoding
    /// that is not smaller is dropped. JPEGs are kept as they are (a PNG of a photo is larger).
    mutating func recompress() throws(OptimizeError) {
        let bitmaps = bitmapKeys
        let rewritten = Set(resized.map(\.key))
        for index in raw.images.indices {
            let key = raw.images[index].key
            guard bitmaps.contains(key), !rewritten.contains(key), movie.image(forKey: key)?.format == .png else { continue }
            let p = try decoded(key)
            let encoded: [UInt8]
            do { encoded = try PNGEncoder.encode(p, compression: .max) } catch {
                throw OptimizeError(.image, "image '\(key)' cannot be re-encoded (\(error.description))")
            }
            let before = raw.images[index].value.count
            guard encoded.count < before else { continue }
            raw.images[index].value = encoded
            recompressed.append(.init(key: key, bytesBefore: before, bytesAfter: encoded.count))
        }
    }
}
