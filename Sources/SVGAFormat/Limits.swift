// Every budget the decoder enforces, in one place (STYLE.md habit 3, spec A.8: "never crash, hang
// or allocate without bound"). Each value is far above what the real corpus needs (the largest
// corpus figure is quoted beside each one) and far below what would exhaust a machine.
// `Limits` holds the structural caps that do not scale with memory (counts of things the schema
// nests, recursion depths); `DecodeBudget` below holds the figures that cost memory or time and
// scale with `--max-memory`.

import SVGAJSON

public enum Limits {
    /// Entries in one ZIP's central directory. The corpus maximum is 36 (show.svga); a flat 1.x
    /// ZIP holds one file per image plus the descriptor.
    public static let maxZipEntries = 10_000

    /// Sprites in one movie. The corpus maximum is 286 (bubble).
    public static let maxSprites = 10_000

    /// Frame entities in one sprite. The corpus maximum is 563 (EmptyState); 100 000 frames is
    /// 28 minutes at 60 fps.
    public static let maxFramesPerSprite = 100_000

    /// `params.frames`. The corpus maximum is 563 (EmptyState); same reasoning as above.
    public static let maxFrameCount = 100_000

    /// Shapes in one frame entity. The corpus maximum is 7 (shape-path-undefined).
    public static let maxShapesPerFrame = 10_000

    /// Frame entities summed over all sprites. The corpus maximum is 29 820
    /// (shape-path-undefined). A frame entity costs only 2 bytes on the wire but ~100 bytes decoded,
    /// so the per-sprite caps alone would let a 512 MiB stream expand to tens of GiB.
    public static let maxTotalFrames = 2_000_000

    /// Shape entities summed over the whole movie (KEEP frames count once: they reuse arrays). The
    /// corpus maximum is 7 442 (EmptyState). Same reasoning as `maxTotalFrames`.
    public static let maxTotalShapes = 2_000_000

    /// Entries in the `images` map. The corpus maximum is 116 (bubble).
    public static let maxImages = 10_000

    /// Entries in the `audios` list. The corpus maximum is 2 (heartbeat).
    public static let maxAudios = 10_000

    /// Diagnostics kept per movie; later ones are dropped. A hostile file could otherwise earn
    /// one per shape per frame (millions of strings); real files produce a handful (Rocket: 3).
    public static let maxDiagnostics = 10_000

    /// Nesting of protobuf groups skipped as unknown fields (the SVGA schema has no groups; real
    /// files never contain one). Deep nesting would otherwise recurse without bound.
    public static let maxGroupDepth = 32

    /// Nesting of JSON arrays/objects in movie.spec. The 1.x layout is 7 levels deep
    /// (movie → sprites → frame → shapes → shape → styles → fill); the JSON layer's default.
    public static let maxJSONDepth = JSONLimits.defaultMaxDepth
}

/// The decoder's budget for one file: what every stage may allocate or loop over before it gives
/// up with a `limits` error (issue 14: "a budget, not only limits"). Each stage checks the figure
/// it is about to commit to against this *before* allocating or looping, so a hostile file is
/// rejected in milliseconds instead of after the work.
///
/// The defaults are sized from the 78 real corpus files (`../shared/corpus`, measured with the
/// figures quoted beside each field) with a margin of 3–30×, for a worker that may spend about
/// `nominalMemoryBytes` on one file. `scaled(toMemory:)` (`svga --max-memory`) scales every byte,
/// pixel and count figure by the same ratio; nesting depths stay fixed (they bound recursion, not
/// memory).
public struct DecodeBudget: Sendable, Hashable {
    /// Bytes one zlib stream (a 2.x file) may inflate to. Corpus maximum: 3.4 MiB (times5.svga,
    /// 3 534 478 B); 32 MiB is a 9.5× margin and keeps a rejected bomb under ~40 MB of memory.
    public var maxInflatedBytes: Int
    /// Σ of the uncompressed sizes of the ZIP entries read, and the largest one. Corpus maximum:
    /// 3.1 MiB in all (rose_1.5.0.svga, 3 239 931 B); 32 MiB as for zlib.
    public var maxZipUncompressedBytes: Int
    /// One protobuf string (a key, a path `d`, a clip path, the version). Corpus maximum: 9 419 B
    /// (a path in rose.svga); 1 MiB is a 110× margin. Image and audio byte fields are the
    /// movie's data and draw from `maxInflatedBytes` instead.
    public var maxStringBytes: Int
    /// Protobuf fields read (known and unknown, every nesting level). Corpus maximum: 161 652
    /// (shape-path-undefined.svga); 2 M is a 12× margin, about 20 ms of work.
    public var maxProtobufFields: Int
    /// Size of a 1.x `movie.spec`. Corpus maximum: 770 KiB (Rocket.svga, 787 743 B); 16 MiB is a
    /// 21× margin (the parsed tree takes several times the text).
    public var maxSpecJSONBytes: Int
    /// JSON values (each string, number, literal, array and object; a tree node each, ~56 B) in
    /// movie.spec. Corpus maximum: under 198 639 (Rocket.svga, counting keys and closing brackets
    /// too); 1 M is a 5× margin and keeps a refused file's tree under ~60 MB.
    public var maxJSONTokens: Int
    /// Bytes of one SVG path `d` (or clip path) string. Corpus maximum: 9 419 B (rose.svga);
    /// 256 KiB is a 27× margin.
    public var maxPathBytes: Int
    /// Points the flattener may produce for one frame (all fills, strokes and clips of all
    /// sprites, at the renderer's tolerance, after culling what cannot touch the canvas). Corpus
    /// maximum: 2 541 (rose.svga frame 44); 256 k points (4 MB of coordinates) is a 100× margin
    /// that still refuses a frame in well under a second.
    public var maxFlattenedPointsPerFrame: Int
    /// Width × height of one bitmap. Corpus maximum: 5.1 M pixels (room_big_gift_level4);
    /// 16 M (4096²) is a 3× margin.
    public var maxImagePixels: Int
    /// Σ width × height of all bitmaps (decoded RGBA8 is 4 B per pixel). Corpus maximum: ~26 M
    /// pixels (the 300 × 300 golds*/times* gifts); 64 M pixels (256 MiB) is a 2.5× margin.
    public var maxTotalImagePixels: Int
    /// ceil(viewBox width) × ceil(viewBox height) at scale 1. Corpus maximum: 2.2 M pixels
    /// (english3.svga, 999 × 2160); 8 M pixels (e.g. 2048 × 4096, 32 MiB of RGBA8) is a 3.8× margin.
    public var maxCanvasPixels: Int
    /// Canvas pixels × params.frames: the pixels a full render writes. Corpus maximum: 510 M
    /// (story.svga, 750 × 1334 × 510 frames); 4 G is an 8× margin.
    public var maxCanvasPixelFrames: Int

    /// The memory the defaults are sized for (one file on one worker); `--max-memory` is read
    /// against it.
    public static let nominalMemoryBytes = 512 << 20

    public static let `default` = DecodeBudget(
        maxInflatedBytes: 32 << 20, maxZipUncompressedBytes: 32 << 20, maxStringBytes: 1 << 20,
        maxProtobufFields: 2_000_000, maxSpecJSONBytes: 16 << 20, maxJSONTokens: 1_000_000,
        maxPathBytes: 256 << 10, maxFlattenedPointsPerFrame: 256 << 10,
        maxImagePixels: 4096 * 4096, maxTotalImagePixels: 64 << 20, maxCanvasPixels: 8 << 20,
        maxCanvasPixelFrames: 4 << 30)

    public init(maxInflatedBytes: Int, maxZipUncompressedBytes: Int, maxStringBytes: Int,
                maxProtobufFields: Int, maxSpecJSONBytes: Int, maxJSONTokens: Int, maxPathBytes: Int,
                maxFlattenedPointsPerFrame: Int, maxImagePixels: Int, maxTotalImagePixels: Int,
                maxCanvasPixels: Int, maxCanvasPixelFrames: Int) {
        self.maxInflatedBytes = maxInflatedBytes
        self.maxZipUncompressedBytes = maxZipUncompressedBytes
        self.maxStringBytes = maxStringBytes
        self.maxProtobufFields = maxProtobufFields
        self.maxSpecJSONBytes = maxSpecJSONBytes
        self.maxJSONTokens = maxJSONTokens
        self.maxPathBytes = maxPathBytes
        self.maxFlattenedPointsPerFrame = maxFlattenedPointsPerFrame
        self.maxImagePixels = maxImagePixels
        self.maxTotalImagePixels = maxTotalImagePixels
        self.maxCanvasPixels = maxCanvasPixels
        self.maxCanvasPixelFrames = maxCanvasPixelFrames
    }

    /// The default budget with every figure scaled by `memoryBytes / nominalMemoryBytes` (at least
    /// 1 of each). `--max-memory 2G` quadruples everything.
    public static func scaled(toMemory memoryBytes: Int) -> DecodeBudget {
        let f = Double(max(memoryBytes, 1)) / Double(nominalMemoryBytes)
        func s(_ v: Int) -> Int {
            let x = (Double(v) * f).rounded(.down)
            return x >= Double(Int.max / 2) ? Int.max / 2 : max(1, Int(x))
        }
        let d = DecodeBudget.default
        return DecodeBudget(
            maxInflatedBytes: s(d.maxInflatedBytes), maxZipUncompressedBytes: s(d.maxZipUncompressedBytes),
            maxStringBytes: s(d.maxStringBytes), maxProtobufFields: s(d.maxProtobufFields),
            maxSpecJSONBytes: s(d.maxSpecJSONBytes), maxJSONTokens: s(d.maxJSONTokens),
            maxPathBytes: s(d.maxPathBytes), maxFlattenedPointsPerFrame: s(d.maxFlattenedPointsPerFrame),
            maxImagePixels: s(d.maxImagePixels), maxTotalImagePixels: s(d.maxTotalImagePixels),
            maxCanvasPixels: s(d.maxCanvasPixels), maxCanvasPixelFrames: s(d.maxCanvasPixelFrames))
    }
}

/// Text taken from a file (keys, names, entry names, strings) as it may appear in a message or
/// report: at most `maxCharacters` characters, then "…" and the full length in bytes; control
/// characters (C0, DEL, C1) and backslashes escaped, so a hostile name can neither flood a log
/// nor forge lines in it (issue 14: "untrusted text is never echoed whole").
public enum UntrustedText {
    public static let maxCharacters = 80

    public static func display(_ s: String, maxCharacters: Int = UntrustedText.maxCharacters) -> String {
        var out = ""
        var count = 0
        var truncated = false
        for scalar in s.unicodeScalars {
            if count >= maxCharacters { truncated = true; break }
            switch scalar.value {
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00 ..< 0x20, 0x7F ..< 0xA0, 0x2028, 0x2029, 0x202A ... 0x202E, 0x2066 ... 0x2069:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                                            : "\\u{" + hex + "}"
            default: out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        if truncated { out += "… (\(s.utf8.count) bytes)" }
        return out
    }

    /// `display` between single quotes, the form messages use.
    public static func quoted(_ s: String) -> String { "'" + display(s) + "'" }
}
