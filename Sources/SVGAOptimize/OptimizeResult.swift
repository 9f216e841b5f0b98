import SVGAJSON
import SVGAKit
import SVGAValidation
/// What `MovieOptimizer` did to one file, the proof that it changed nothing visible, and the
/// validation findings before and after; `text` and `json` are the two forms `svga optimize`
/// prints.
public struct OptimizeResult: Sendable {
    /// A sprite that can never show (`InvisibleSprites`), by its index in the input.
    public struct DroppedSprite: Sendable, Hashable { public let index: Int; public let key: String; public let reason: String }
    public struct RemovedImage: Sendable, Hashable { public let key: String; public let bytes: Int; public let decodedBytes: Int }
    public struct MergedImage: Sendable, Hashable {
        public let key: String
        /// The image with identical pixels its sprites now draw.
        public let into: String
        public let bytes: Int
        public let sprites: Int
    }
    public struct ResizedImage: Sendable, Hashable {
        public let key: String
        public let fromWidth: Int, fromHeight: Int, toWidth: Int, toHeight: Int
        public let bytesBefore: Int, bytesAfter: Int
        /// Sprites whose layout and transform were rewritten to the new size / left to the A.4 stretch.
        public let spritesAdjusted: Int, spritesStretched: Int
    }
    public struct RecompressedImage: Sendable, Hashable {
        public let key: String; public let bytesBefore: Int; public let bytesAfter: Int
        /// How the new PNG stores its pixels: "rgba", "grey", "grey+alpha", "palette" (exact) or
        /// "quantised palette" (`--lossy`).
        public let encoding: String
        public var isQuantised: Bool { encoding == OptimizeResult.quantisedEncoding }
    }
    static let quantisedEncoding = "quantised palette"

    /// `--lossy` quantisation that was tried and undone because a frame fell below the bound.
    public struct RefusedLossy: Sendable {
        public let images: Int
        public let worstFrame: Int
        public let worstPSNR: Double
        /// File size the refused result would have had.
        public let bytesAfter: Int
    }

    /// A downscale that was tried and undone because a frame fell below the bound.
    public struct RefusedDownscale: Sendable {
        public let images: [ResizedImage]
        public let worstFrame: Int
        public let worstPSNR: Double
        /// Decoded image memory the refused result would have had.
        public let imageMemoryAfter: Int
    }

    /// The optimized 2.x file.
    public let output: [UInt8]
    public let inputBytes: Int
    /// The input's container when it was a 1.x file converted to 2.x ("zip-spec", "zip-binary").
    public let convertedFrom: String?
    /// Nothing made the 2.x input smaller in bytes or decoded memory: `output` is the input.
    public let keptInput: Bool
    public let imageMemoryBefore: Int
    public let imageMemoryAfter: Int
    public let droppedSprites: [DroppedSprite]
    /// Frame entities removed past params.frames, over all sprites.
    public let trimmedFrames: Int
    public let removedImages: [RemovedImage]
    public let resizedImages: [ResizedImage]
    public let deduplicated: [MergedImage]
    public let recompressedImages: [RecompressedImage]
    public let refusedDownscale: RefusedDownscale?
    public let refusedLossy: RefusedLossy?
    /// Per frame, +infinity where identical, both renders with mipmaps (`ImageFiltering.mipmapped`):
    /// the proof's gate.
    public let framePSNR: [Double]
    /// The same under the spec's default render (bilinear, no mipmaps), for the report only: a
    /// downscaled image renders smoother there than its aliased original.
    public let defaultFramePSNR: [Double]
    public let minPSNR: Double
    /// The validation profile's name.
    public let profile: String
    public let validationBefore: FileReport
    public let validationAfter: FileReport

    public var outputBytes: Int { output.count }
    public var worstPSNR: Double { framePSNR.min() ?? .infinity }
    public var medianPSNR: Double { Self.median(framePSNR) }
    public var defaultWorstPSNR: Double { defaultFramePSNR.min() ?? .infinity }
    public var defaultMedianPSNR: Double { Self.median(defaultFramePSNR) }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .infinity }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    /// Every frame is within the bound.
    public var proofPassed: Bool { worstPSNR >= minPSNR }
    /// The one rule for writing OUT: the proof passed (or `--force`), and not a dry run.
    public func shouldWrite(dryRun: Bool, force: Bool) -> Bool { !dryRun && (proofPassed || force) }
    /// The first frame below the bound.
    public var worstFrame: Int? { framePSNR.indices.min { framePSNR[$0] < framePSNR[$1] } }

    /// `written`: whether the CLI wrote the file; `forced`: written despite a failed proof.
    public func json(file: String, output path: String, written: Bool, forced: Bool) -> JSONValue {
        func psnr(_ d: Double) -> JSONValue { d.isFinite ? .number((d * 100).rounded() / 100) : .string("identical") }
        return .object([
            ("file", .string(file)),
            ("output", .string(path)),
            ("written", .bool(written)),
            ("forced", .bool(forced)),
            ("convertedFrom", convertedFrom.map { .string($0) } ?? .null),
            ("keptInput", .bool(keptInput)),
            ("bytes", .object([("before", .int(inputBytes)), ("after", .int(outputBytes))])),
            ("imageMemory", .object([("before", .int(imageMemoryBefore)), ("after", .int(imageMemoryAfter))])),
            ("droppedSprites", .array(droppedSprites.map { .object([("index", .int($0.index)), ("key", .string($0.key)), ("reason", .string($0.reason))]) })),
            ("trimmedFrames", .int(trimmedFrames)),
            ("removedImages", .array(removedImages.map { .object([("key", .string($0.key)), ("bytes", .int($0.bytes))]) })),
            ("resizedImages", .array(resizedImages.map {
                .object([("key", .string($0.key)),
                         ("from", .array([.int($0.fromWidth), .int($0.fromHeight)])),
                         ("to", .array([.int($0.toWidth), .int($0.toHeight)])),
                         ("bytesBefore", .int($0.bytesBefore)), ("bytesAfter", .int($0.bytesAfter)),
                         ("spritesAdjusted", .int($0.spritesAdjusted)), ("spritesStretched", .int($0.spritesStretched))])
            })),
            ("deduplicated", .array(deduplicated.map { .object([("key", .string($0.key)), ("into", .string($0.into)), ("sprites", .int($0.sprites))]) })),
            ("recompressedImages", .array(recompressedImages.map {
                .object([("key", .string($0.key)), ("bytesBefore", .int($0.bytesBefore)), ("bytesAfter", .int($0.bytesAfter)),
                         ("encoding", .string($0.encoding))])
            })),
            ("refusedDownscale", refusedDownscale.map { r in
                .object([("images", .int(r.images.count)), ("worstFrame", .int(r.worstFrame)), ("psnr", psnr(r.worstPSNR)),
                         ("imageMemoryAfter", .int(r.imageMemoryAfter))])
            } ?? .null),
            ("refusedLossy", refusedLossy.map { r in
                .object([("images", .int(r.images)), ("worstFrame", .int(r.worstFrame)), ("psnr", psnr(r.worstPSNR)),
                         ("bytesAfter", .int(r.bytesAfter))])
            } ?? .null),
            ("psnr", .object([("frames", .int(framePSNR.count)), ("min", psnr(worstPSNR)), ("median", psnr(medianPSNR)),
                              ("bound", .number(minPSNR)), ("passed", .bool(proofPassed)), ("render", .string("mipmapped")),
                              ("defaultRender", .object([("min", psnr(defaultWorstPSNR)), ("median", psnr(defaultMedianPSNR))]))])),
            ("validation", .object([("profile", .string(profile)),
                                    ("before", validationSummary(validationBefore)),
                                    ("after", validationSummary(validationAfter))])),
        ])
    }

    private func validationSummary(_ r: FileReport) -> JSONValue {
        .object([("ok", .bool(r.ok)), ("errors", .int(r.count(.error))), ("warnings", .int(r.count(.warning))),
                 ("findings", .array(r.findings.map { .object([("severity", .string($0.severity.rawValue)), ("code", .string($0.code.rawValue))]) }))])
    }

    public func text(file: String, output path: String, written: Bool, forced: Bool) -> String {
        func db(_ d: Double) -> String { d.isFinite ? "\(format((d * 10).rounded() / 10)) dB" : "identical" }
        var lines = ["\(file) → \(path)"]
        if let c = convertedFrom { lines.append("  converted:     \(c) (1.x) → zlib-protobuf (2.x)") }
        if keptInput { lines.append("  kept as is:    no step makes this file smaller in bytes or decoded memory") }
        lines.append("  bytes:         \(byteString(inputBytes)) → \(byteString(outputBytes))")
        lines.append("  image memory:  \(byteString(imageMemoryBefore)) → \(byteString(imageMemoryAfter))")
        if trimmedFrames > 0 { lines.append("  trimmed:       \(trimmedFrames) frame entit\(trimmedFrames == 1 ? "y" : "ies") past params.frames") }
        for d in droppedSprites { lines.append("  dropped:       sprite \(d.index) '\(d.key)' (\(d.reason))") }
        for r in removedImages { lines.append("  removed:       '\(r.key)' (unused, \(byteString(r.bytes)))") }
        for m in deduplicated { lines.append("  deduplicated:  '\(m.key)' → '\(m.into)' (identical pixels, \(m.sprites) sprite\(m.sprites == 1 ? "" : "s"))") }
        for r in resizedImages {
            lines.append("  resized:       '\(r.key)' \(r.fromWidth)×\(r.fromHeight) → \(r.toWidth)×\(r.toHeight) (\(byteString(r.bytesBefore)) → \(byteString(r.bytesAfter)))")
        }
        if !recompressedImages.isEmpty {
            let saved = recompressedImages.reduce(0) { $0 + $1.bytesBefore - $1.bytesAfter }
            var kinds: [String: Int] = [:]
            for r in recompressedImages { kinds[r.encoding, default: 0] += 1 }
            let breakdown = kinds.keys.sorted().map { "\(kinds[$0]!) \($0)" }.joined(separator: ", ")
            lines.append("  re-encoded:    \(recompressedImages.count) PNG\(recompressedImages.count == 1 ? "" : "s") (\(breakdown)), \(byteString(saved)) saved")
        }
        if let r = refusedLossy {
            lines.append("  lossy refused: quantising \(r.images) image\(r.images == 1 ? "" : "s") (→ \(byteString(r.bytesAfter))) put frame \(r.worstFrame) at \(db(r.worstPSNR)), below \(format(minPSNR)) dB; kept the lossless encodings (a higher --lossy quality keeps more colours)")
        }
        if let r = refusedDownscale {
            lines.append("  downscale refused: shrinking \(r.images.count) image\(r.images.count == 1 ? "" : "s") (image memory → \(byteString(r.imageMemoryAfter))) put frame \(r.worstFrame) at \(db(r.worstPSNR)), below \(format(minPSNR)) dB; kept the other steps (a larger --max-scale keeps more detail)")
        }
        lines.append("  psnr:          min \(db(worstPSNR)), median \(db(medianPSNR)) over \(framePSNR.count) frames, rendered with mipmaps (bound \(format(minPSNR)) dB)")
        lines.append("  psnr (default render, bilinear without mipmaps, not gated): min \(db(defaultWorstPSNR)), median \(db(defaultMedianPSNR))")
        lines.append("  validation (\(profile) profile): before \(verdict(validationBefore)), after \(verdict(validationAfter))")
        for f in validationAfter.findings { lines.append("    after: \(f.severity.rawValue) \(f.code.rawValue): \(f.message)") }
        if written {
            lines.append(forced && !proofPassed ? "  written despite frames below the bound (--force)" : "  written")
        } else {
            lines.append(proofPassed ? "  not written (--dry-run)" : "  not written: frame \(worstFrame ?? 0) is \(db(worstPSNR)) from the original, below \(format(minPSNR)) dB (--force writes anyway)")
        }
        return lines.joined(separator: "\n")
    }

    private func verdict(_ r: FileReport) -> String {
        "\(r.ok ? "PASS" : "FAIL") (\(r.count(.error)) errors, \(r.count(.warning)) warnings)"
    }
}
