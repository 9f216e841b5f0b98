import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGAOptimize
import SVGARaster
import SVGATestSupport
import SVGAValidation
import SVGAWriter
import Testing

/// `MovieOptimizer` (issue 11) on a crafted movie with one case per step: a smooth image drawn
/// at 1/8 of its size under rotation and mirroring, an unused image, two pixel-identical images
/// in different bytes, a dynamic key. Each step alone does exactly its job; together every frame
/// stays ≥ 45 dB from the original.
struct OptimizeTests {
    /// A smooth opaque gradient: its area-filtered copy and the renderer's samples of the
    /// original agree to well above 45 dB, as real artwork with soft shading does.
    static func gradientPNG(_ size: Int, compression: PNGCompression = .default, phase: Int = 0) -> [UInt8] {
        var data = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let i = (y * size + x) * 4
                data[i] = UInt8((x * 255) / max(1, size - 1))
                data[i + 1] = UInt8((y * 255) / max(1, size - 1))
                data[i + 2] = UInt8(((x + y + phase) * 127) / max(1, 2 * size - 2))
            }
        }
        return try! PNGEncoder.encode(Pixmap(width: size, height: size, premultipliedRGBA: data)!, compression: compression)
    }

    /// Rotation by `degrees`, mirrored in x when asked, scaled by `scale`, then moved to (tx, ty).
    static func rotated(_ degrees: Float, scale: Float, mirror: Bool, tx: Float, ty: Float) -> RawTransform {
        let r = degrees * .pi / 180, m: Float = mirror ? -1 : 1
        return RawTransform(a: m * cos(r) * scale, b: m * sin(r) * scale, c: -sin(r) * scale, d: cos(r) * scale, tx: tx, ty: ty)
    }

    static let frames = 12

    /// Images: big (256², drawn at 32), unused, twinA/twinB (same pixels, different bytes),
    /// avatar (128², drawn at 32, dynamic). Sprites: big, twinA, twinB, avatar.
    static func movie() -> RawMovie {
        let big = RawSprite(imageKey: "big", frames: (0..<frames).map { n in
            RawFrame(alpha: 1, layout: RawLayout(width: 256, height: 256),
                     transform: rotated(Float(n) * 30, scale: 1.0 / 8, mirror: n % 2 == 1, tx: 100, ty: 100))
        })
        func still(_ key: String, size: Float, scale: Float, x: Float, y: Float) -> RawSprite {
            RawSprite(imageKey: key, frames: Array(repeating: RawFrame(alpha: 1, layout: RawLayout(width: size, height: size),
                                                                        transform: RawTransform(a: scale, d: scale, tx: x, ty: y)), count: frames))
        }
        return RawMovie(
            params: RawParams(viewBoxWidth: 200, viewBoxHeight: 200, fps: 20, frames: Int32(frames)),
            images: [
                RawImageEntry(key: "big", value: gradientPNG(256)),
                RawImageEntry(key: "unused", value: gradientPNG(64, phase: 9)),
                RawImageEntry(key: "twinA", value: gradientPNG(24, compression: .fast, phase: 3)),
                RawImageEntry(key: "twinB", value: gradientPNG(24, compression: .max, phase: 3)),
                RawImageEntry(key: "avatar", value: gradientPNG(128, phase: 5)),
            ],
            sprites: [big, still("twinA", size: 24, scale: 1, x: 10, y: 10), still("twinB", size: 24, scale: 1, x: 160, y: 10),
                      still("avatar", size: 128, scale: 0.25, x: 10, y: 150)])
    }

    static func only(_ step: WritableKeyPath<OptimizeOptions, Bool>) -> OptimizeOptions {
        var o = OptimizeOptions()
        o.downscale = false; o.dropUnused = false; o.deduplicate = false; o.recompress = false; o.dropInvisible = false
        o[keyPath: step] = true
        return o
    }

    static func optimize(_ raw: RawMovie, _ options: OptimizeOptions = OptimizeOptions()) throws -> (OptimizeResult, RawMovie) {
        let result = try MovieOptimizer.optimize(SVGAEncoder.encodeZlibProtobuf(raw), options: options)
        return (result, try SVGADecoder.decodeRaw(result.output).0)
    }

    @Test func dropUnusedRemovesOnlyTheUnusedImage() throws {
        let input = Self.movie()
        let (result, out) = try Self.optimize(input, Self.only(\.dropUnused))
        #expect(result.removedImages.map(\.key) == ["unused"])
        #expect(out.images.map(\.key) == ["big", "twinA", "twinB", "avatar"])
        #expect(out.images == input.images.filter { $0.key != "unused" }, "other images keep their bytes")
        #expect(out.sprites == input.sprites)
        #expect(result.framePSNR.allSatisfy { $0 == .infinity })
        #expect(result.imageMemoryAfter == result.imageMemoryBefore - 64 * 64 * 4)
    }

    @Test func deduplicatePointsSpritesAtTheFirstIdenticalImage() throws {
        let input = Self.movie()
        #expect(input.images[2].value != input.images[3].value, "the twins differ in bytes")
        let (result, out) = try Self.optimize(input, Self.only(\.deduplicate))
        #expect(result.deduplicated.map(\.key) == ["twinB"])
        #expect(result.deduplicated.first?.into == "twinA")
        #expect(out.images.map(\.key) == ["big", "unused", "twinA", "avatar"])
        #expect(out.sprites.map(\.imageKey) == ["big", "twinA", "twinA", "avatar"])
        #expect(out.sprites[2].frames == input.sprites[2].frames)
        #expect(result.framePSNR.allSatisfy { $0 == .infinity })
    }

    @Test func deduplicateNeverRenamesAKeptKey() throws {
        var options = Self.only(\.deduplicate)
        options.keepKeys = ["twinB"]
        let (result, out) = try Self.optimize(Self.movie(), options)
        #expect(result.deduplicated.isEmpty)
        #expect(out.sprites.map(\.imageKey) == ["big", "twinA", "twinB", "avatar"])
    }

    @Test func downscaleShrinksToTheDrawnSizeAndCompensatesTheTransform() throws {
        let input = Self.movie()
        let (result, out) = try Self.optimize(input, Self.only(\.downscale))
        let resized = Dictionary(uniqueKeysWithValues: result.resizedImages.map { ($0.key, $0) })
        #expect(Set(resized.keys) == ["big", "avatar"], "twins are drawn at their size; unused is never drawn")
        #expect(resized["big"].map { [$0.toWidth, $0.toHeight] } == [32, 32])
        #expect(resized["avatar"].map { [$0.toWidth, $0.toHeight] } == [32, 32])
        let movie = try SVGADecoder.decode(result.output)
        #expect(movie.image(forKey: "big")?.pixelWidth == 32)
        #expect(movie.image(forKey: "unused")?.pixelWidth == 64, "unused images are left to dropUnused")
        // Layout = new pixel size, transform × 8: the same canvas parallelogram for every frame.
        for (before, after) in zip(input.sprites[0].frames, out.sprites[0].frames) {
            #expect(after.layout == RawLayout(width: 32, height: 32))
            let t0 = before.transform!, t1 = after.transform!
            #expect(abs(t1.a - t0.a * 8) < 1e-5 && abs(t1.b - t0.b * 8) < 1e-5)
            #expect(abs(t1.c - t0.c * 8) < 1e-5 && abs(t1.d - t0.d * 8) < 1e-5)
            #expect(t1.tx == t0.tx && t1.ty == t0.ty)
        }
        #expect(result.imageMemoryAfter < result.imageMemoryBefore)
        #expect(result.proofPassed, "min \(result.worstPSNR) dB")
        #expect(result.refusedDownscale == nil)
    }

    @Test func maxScaleKeepsDynamicKeysAtTheirDrawnSize() throws {
        var options = Self.only(\.downscale)
        options.maxScale = 0.5
        options.keepKeys = ["avatar"]
        options.minPSNR = 0  // half the drawn size is visibly softer; this test is about sizes.
        let (result, _) = try Self.optimize(Self.movie(), options)
        let sizes = Dictionary(uniqueKeysWithValues: result.resizedImages.map { ($0.key, [$0.toWidth, $0.toHeight]) })
        #expect(sizes["big"] == [16, 16])
        #expect(sizes["avatar"] == [32, 32], "a kept key is never shrunk below its drawn size")
        #expect(sizes["twinA"] == [12, 12])
    }

    @Test func spriteWithShapesKeepsItsLayoutAndReliesOnTheStretch() throws {
        var input = Self.movie()
        for n in input.sprites[0].frames.indices {
            input.sprites[0].frames[n].shapes = [RawShape(type: .rect, args: .rect(x: 0, y: 0, width: 64, height: 64, cornerRadius: 0),
                                                          styles: RawShapeStyle(fill: RawColor(r: 1, g: 0, b: 0, a: 0.5)))]
        }
        let (result, out) = try Self.optimize(input, Self.only(\.downscale))
        let big = try #require(result.resizedImages.first { $0.key == "big" })
        #expect(big.spritesStretched == 1 && big.spritesAdjusted == 0)
        #expect(out.sprites[0].frames == input.sprites[0].frames)
        #expect(result.proofPassed, "min \(result.worstPSNR) dB")
    }

    @Test func recompressNeverKeepsALargerEncoding() throws {
        let input = Self.movie()
        let (result, out) = try Self.optimize(input, Self.only(\.recompress))
        for (a, b) in zip(input.images, out.images) {
            #expect(a.key == b.key)
            #expect(b.value.count <= a.value.count)
            if b.value != a.value { #expect(result.recompressedImages.contains { $0.key == a.key && $0.bytesAfter == b.value.count }) }
        }
        #expect(out.images.first { $0.key == "twinB" }?.value == input.images[3].value, "already at max: kept")
        #expect(result.framePSNR.allSatisfy { $0 == .infinity })
    }

    @Test func allStepsTogetherStayWithinTheBoundAndShrink() throws {
        let input = Self.movie()
        let (result, out) = try Self.optimize(input)
        #expect(result.framePSNR.count == Self.frames)
        #expect(result.worstPSNR >= 45, "min \(result.worstPSNR) dB")
        #expect(result.outputBytes < result.inputBytes)
        #expect(result.imageMemoryAfter < result.imageMemoryBefore)
        #expect(out.images.map(\.key) == ["big", "twinA", "avatar"])
        #expect(result.validationAfter.ok)
    }

    @Test func anyThreadCountGivesTheSameBytesAndProof() throws {
        var one = OptimizeOptions(), four = OptimizeOptions()
        one.threads = 1; four.threads = 4
        let (a, _) = try Self.optimize(Self.movie(), one)
        let (b, _) = try Self.optimize(Self.movie(), four)
        #expect(a.output == b.output)
        #expect(a.framePSNR == b.framePSNR && a.framePSNR.count == Self.frames)
    }

    @Test func optimizingAnOptimizedFileGivesTheSameBytes() throws {
        let (first, _) = try Self.optimize(Self.movie())
        let second = try MovieOptimizer.optimize(first.output)
        #expect(second.output == first.output)
        #expect(second.resizedImages.isEmpty && second.removedImages.isEmpty && second.deduplicated.isEmpty && second.recompressedImages.isEmpty)
    }

    /// Noise drawn at 1/8 and shrunk to 1/16 (`maxScale` 0.5): a mipmap level smaller than any
    /// draw samples, far below 45 dB, so the downscale is undone and the other steps kept.
    @Test func aDownscaleBelowTheBoundIsUndoneAndReported() throws {
        var input = Self.movie()
        input.images[0].value = TestMovies.noisePNG(width: 256, height: 256)
        var options = OptimizeOptions()
        options.maxScale = 0.5
        let (result, out) = try Self.optimize(input, options)
        let refused = try #require(result.refusedDownscale)
        #expect(refused.worstPSNR < 45)
        #expect(refused.images.contains { $0.key == "big" && $0.toWidth == 16 })
        #expect(result.resizedImages.isEmpty)
        #expect(result.proofPassed, "the written result is the one without the downscale")
        #expect(out.images.map(\.key) == ["big", "twinA", "avatar"], "the lossless steps still apply")
    }

    /// The same noise at its drawn size: the stored image is the original's own mipmap level, so
    /// the mipmapped proof passes (the default render, which aliases the original, is reported).
    @Test func noiseAtItsDrawnLevelPassesTheMipmappedProof() throws {
        var input = Self.movie()
        input.images[0].value = TestMovies.noisePNG(width: 256, height: 256)
        let (result, _) = try Self.optimize(input, Self.only(\.downscale))
        #expect(result.resizedImages.contains { $0.key == "big" && $0.toWidth == 32 })
        #expect(result.worstPSNR >= 45, "mipmapped: \(result.worstPSNR) dB")
        #expect(result.defaultWorstPSNR < 40, "the default render of aliased noise differs: \(result.defaultWorstPSNR) dB")
        #expect(result.defaultFramePSNR.count == Self.frames)
    }

    @Test func forceKeepsADownscaleBelowTheBound() throws {
        var input = Self.movie()
        input.images[0].value = TestMovies.noisePNG(width: 256, height: 256)
        var options = OptimizeOptions()
        options.maxScale = 0.5
        options.keepDownscaleBelowBound = true
        let (result, out) = try Self.optimize(input, options)
        #expect(result.refusedDownscale == nil)
        #expect(result.resizedImages.contains { $0.key == "big" && $0.toWidth == 16 })
        #expect(!result.proofPassed && result.worstPSNR < 45)
        #expect(out.images.count == 3)
    }

    /// Sprites that can never show, each kind once, next to ones that must stay: a kept
    /// (dynamic) key, a keyed slot without a bitmap, a matte and its member.
    static func movieWithInvisibleSprites() -> RawMovie {
        var raw = movie()
        func sprite(_ key: String, alpha: Float = 1, layout: Float = 24, tx: Float = 20, matte: String = "") -> RawSprite {
            RawSprite(imageKey: key, frames: Array(repeating: RawFrame(alpha: alpha, layout: RawLayout(width: layout, height: layout),
                                                                        transform: RawTransform(a: 1, d: 1, tx: tx, ty: 20)), count: frames),
                      matteKey: matte)
        }
        raw.sprites += [
            sprite("twinA", alpha: 0),                 // 4: alpha 0 everywhere
            sprite("twinA", tx: 500),                  // 5: off the canvas
            sprite("twinA", layout: 0),                // 6: zero size
            sprite("slot", tx: 500),                   // 7: keyed, no bitmap: a dynamic item could fill it (off-canvas, but kept: text can overflow)
            sprite("avatar", alpha: 0),                // 8: kept key
            sprite("twinA", tx: 20),                   // 9: plain visible sprite (separates the matte)
            sprite("mask.matte", tx: 20),              // 10: matte source
            sprite("twinA", tx: 500, matte: "mask.matte"), // 11: off-canvas matte member: kept
        ]
        // Frames past params.frames on sprite 0: trimmed.
        raw.sprites[0].frames += raw.sprites[0].frames.prefix(3)
        raw.images.append(RawImageEntry(key: "mask", value: gradientPNG(24, phase: 1)))
        return raw
    }

    @Test func dropsSpritesThatNeverShowAndTrimsFrameLists() throws {
        let input = Self.movieWithInvisibleSprites()
        var options = Self.only(\.dropInvisible)
        options.keepKeys = ["avatar"]
        let (result, out) = try Self.optimize(input, options)
        #expect(result.droppedSprites.map(\.index) == [4, 5, 6])
        #expect(result.droppedSprites.map(\.reason) == ["alpha 0 in every frame", "off the canvas in every frame", "zero size in every frame"])
        #expect(result.trimmedFrames == 3)
        #expect(out.sprites.count == input.sprites.count - 3)
        #expect(out.sprites[0].frames.count == Self.frames)
        #expect(out.sprites.map(\.imageKey) == ["big", "twinA", "twinB", "avatar", "slot", "avatar", "twinA", "mask.matte", "twinA"])
        #expect(result.framePSNR.allSatisfy { $0 == .infinity }, "nothing visible changed")
        #expect(result.defaultFramePSNR.allSatisfy { $0 == .infinity })
        // With every step on, the image only invisible sprites drew is gone too.
        var all = OptimizeOptions()
        all.keepKeys = ["avatar"]
        #expect(try Self.optimize(input, all).0.removedImages.map(\.key) == ["unused"], "twinA is still drawn by sprite 9")
        // Without the kept key, the alpha-0 avatar sprite goes as well.
        #expect(try Self.optimize(input, Self.only(\.dropInvisible)).0.droppedSprites.map(\.index) == [4, 5, 6, 8])
    }

    /// A 1.x file (ZIP + movie.spec) with an audio entry comes out as 2.x with the same audio.
    @Test func convertsA1xFileWithAudioTo2x() throws {
        var raw = try SVGADecoder.decodeRaw(try Fixtures.sampleAsset("audio.svga")).0
        raw.version = "1.1.0"
        let legacy = try SVGAEncoder.encodeZipSpec(raw)
        let before = try SVGADecoder.decode(legacy)
        #expect(before.container == .zipSpec)
        #expect(before.audios.count == 1 && !before.audios[0].data.isEmpty, "the 1.x file carries its MP3")
        let result = try MovieOptimizer.optimize(legacy)
        #expect(result.convertedFrom == "zip-spec")
        let after = try SVGADecoder.decode(result.output)
        #expect(after.container == .zlibProtobuf && after.version == "2.0.0")
        #expect(after.audios.map(\.data) == before.audios.map(\.data))
        #expect(after.audios.map(\.startFrame) == before.audios.map(\.startFrame))
        #expect(after.audios.map(\.totalTime) == before.audios.map(\.totalTime))
        #expect(result.proofPassed && result.framePSNR.allSatisfy { $0 == .infinity })
        #expect(try MovieOptimizer.optimize(result.output).output == result.output, "idempotent after conversion")
    }

    /// --lossy: a photo-like image (noise, tens of thousands of colours) becomes a libimagequant
    /// palette within 35 dB, smaller, the same bytes every run, and a second run keeps it
    /// (≤ 256 colours are exact). A smooth gradient is not quantised: its exact RGBA PNG is
    /// smaller than any dithered palette.
    @Test func lossyQuantisesWithinItsBound() throws {
        var input = Self.movie()
        input.images[0].value = TestMovies.noisePNG(width: 256, height: 256)
        var options = Self.only(\.recompress)
        options.lossyQuality = 70
        #expect(options.bound == 35)
        let (result, out) = try Self.optimize(input, options)
        #expect(result.recompressedImages.filter(\.isQuantised).map(\.key) == ["big"])
        #expect(result.worstPSNR >= 35, "\(result.worstPSNR) dB")
        #expect(result.outputBytes < (try Self.optimize(input, Self.only(\.recompress))).0.outputBytes)
        #expect(try Self.optimize(input, options).0.output == result.output, "deterministic")
        let again = try MovieOptimizer.optimize(result.output, options: options)
        #expect(again.output == result.output, "idempotent")
        #expect(out.images.count == 5)
    }

    /// Quantising noise shown at full size to a handful of colours cannot stay within 35 dB:
    /// the lossy encodings are undone and the lossless ones written.
    @Test func lossyBelowTheBoundIsUndone() throws {
        var input = Self.movie()
        input.sprites[0].frames = input.sprites[0].frames.map { f in
            var f = f; f.transform = RawTransform(a: 1, d: 1, tx: -20, ty: -20); return f
        }
        input.images[0].value = TestMovies.noisePNG(width: 256, height: 256)
        var options = Self.only(\.recompress)
        options.lossyQuality = 0
        let (result, _) = try Self.optimize(input, options)
        #expect(result.refusedLossy != nil)
        #expect((result.refusedLossy?.worstPSNR ?? 99) < 35)
        #expect(result.recompressedImages.filter(\.isQuantised).isEmpty)
        #expect(result.proofPassed)
    }

    @Test func sampleAssetsOptimizeWithinTheBoundAndIdempotently() throws {
        for name in ["audio", "bitmaps", "clip", "gift", "keep", "matte", "shapes", "legacy-1x", "binary-zip"] {
            let bytes = try Fixtures.sampleAsset("\(name).svga")
            let result = try MovieOptimizer.optimize(bytes)
            #expect(result.proofPassed, "\(name): min \(result.worstPSNR) dB")
            #expect(result.outputBytes <= result.inputBytes, "\(name)")
            #expect(result.imageMemoryAfter <= result.imageMemoryBefore, "\(name)")
            #expect(result.validationAfter.ok, "\(name)")
            #expect(try MovieOptimizer.optimize(result.output).output == result.output, "\(name) is idempotent")
            let before = try SVGADecoder.decode(bytes), after = try SVGADecoder.decode(result.output)
            #expect(before.audios.map(\.data) == after.audios.map(\.data), "\(name): audio kept")
        }
    }

    @Test func areaDownscalerAveragesPremultipliedPixels() {
        // 4×1 → 2×1: each output is the mean of two inputs; a transparent neighbour darkens
        // nothing, it only lowers alpha (premultiplied average).
        let src = Pixmap(width: 4, height: 1, premultipliedRGBA: [200, 0, 0, 200, 100, 0, 0, 100, 0, 0, 0, 0, 255, 255, 255, 255])!
        let out = AreaDownscaler.downscale(src, width: 2, height: 1)!
        #expect(out.data == [150, 0, 0, 150, 128, 128, 128, 128])
        // 3 → 2: output 0 covers source 0 fully and half of source 1.
        let three = Pixmap(width: 3, height: 1, premultipliedRGBA: [90, 90, 90, 90, 0, 0, 0, 0, 30, 30, 30, 30])!
        let two = AreaDownscaler.downscale(three, width: 2, height: 1)!
        #expect(two.data == [60, 60, 60, 60, 20, 20, 20, 20])
        #expect(AreaDownscaler.downscale(three, width: 4, height: 1) == nil, "never enlarges")
    }
}
