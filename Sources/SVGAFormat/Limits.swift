// Every budget the decoder enforces, in one place (STYLE.md habit 3, spec A.8: "never crash, hang
// or allocate without bound"). Each value is far above what the real corpus needs (the largest
// corpus figure is quoted beside each one) and far below what would exhaust a machine.

public enum Limits {
    /// Bytes one zlib stream may inflate to. The largest corpus file (times5) inflates to 3.4 MiB
    /// and the largest real gifts seen stay under 64 MiB; 512 MiB stops zip bombs (deflate
    /// reaches ~1000:1) long before memory runs out.
    public static let maxInflatedBytes = 512 << 20

    /// Entries in one ZIP's central directory. The corpus maximum is 36 (show.svga); a flat 1.x
    /// ZIP holds one file per image plus the descriptor.
    public static let maxZipEntries = 10_000

    /// Sum of the declared uncompressed sizes of the ZIP entries we may read. The corpus maximum is
    /// 3.1 MiB (rose_1.5.0); same budget as one zlib stream.
    public static let maxZipUncompressedBytes = 512 << 20

    /// ceil(viewBoxWidth) × ceil(viewBoxHeight) at scale 1. The corpus maximum is 2.2 M pixels
    /// (english3, 999 × 2160); 8192 × 8192 is a 256 MiB RGBA8 canvas.
    public static let maxCanvasPixels = 8192 * 8192

    /// Width × height of one bitmap (PNG IHDR / JPEG SOF). The corpus maximum is 5.1 M pixels
    /// (room_big_gift_level4, 3125 px on its long side); 8192 × 8192 decodes to 256 MiB.
    public static let maxImagePixels = 8192 * 8192

    /// Sprites in one movie. The corpus maximum is 286 (bubble).
    /// Decoded pixels of all images together: 256 Mpx = 1 GiB of RGBA8. The largest corpus gift
    /// decodes to ~26 Mpx (~100 MiB); the per-image cap alone would let 2,000 tiny, highly
    /// compressed 8192² PNGs ask for 500 GB.
    public static let maxTotalImagePixels = 256 * 1024 * 1024

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

    /// Size of a 1.x `movie.spec`. The corpus maximum is 2.2 MiB (rose_1.5.0); a parsed JSON tree
    /// takes several times its text, so this is tighter than the ZIP budget.
    public static let maxSpecJSONBytes = 64 << 20

    /// Nesting of JSON arrays/objects in movie.spec. The 1.x layout is 7 levels deep
    /// (movie → sprites → frame → shapes → shape → styles → fill).
    public static let maxJSONDepth = 64
}
