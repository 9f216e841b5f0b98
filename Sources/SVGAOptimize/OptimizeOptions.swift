import SVGAValidation
/// What `MovieOptimizer` may change. Every step is on by default; each can be turned off alone.
public struct OptimizeOptions: Sendable, Hashable {
    /// Trim frame lists to params.frames and drop sprites that can never show (`InvisibleSprites`).
    public var dropInvisible = true
    /// Shrink images to the largest size they are drawn at (× `maxScale`).
    public var downscale = true
    /// Remove images no sprite draws.
    public var dropUnused = true
    /// Make sprites whose images have identical decoded pixels share one image.
    public var deduplicate = true
    /// Re-encode PNGs at the PNG writer's maximum level (palette or grey when exact), keeping the
    /// original when not smaller.
    public var recompress = true
    /// `--lossy[=QUALITY]`: also try a libimagequant palette (quality 0...100, the minimum
    /// libimagequant accepts) for each PNG, kept when smaller. nil: lossless only.
    public var lossyQuality: Int?
    /// Device-scale margin over the drawn size (1 = exactly the drawn size).
    public var maxScale = 1.0
    /// Keys filled at runtime (dynamic images and texts): never renamed by deduplication, never
    /// shrunk below the size they are drawn at whatever `maxScale` says, their sprites never
    /// dropped.
    public var keepKeys: Set<String> = []
    /// Every frame of the result must be at least this close to the original (PSNR, dB); nil:
    /// 45 dB, or 35 dB with `lossyQuality`.
    public var minPSNR: Double?
    /// Keep a downscale even when a frame falls below the bound (`--force`); otherwise such a
    /// downscale is undone and only the other steps are kept.
    public var keepDownscaleBelowBound = false
    /// Threads for the frame-by-frame proof.
    public var threads: Int?

    public init() {}

    /// The PSNR bound in force.
    public var bound: Double { minPSNR ?? (lossyQuality == nil ? 45 : 35) }

    /// The version string a converted 1.x file gets.
    static let convertedVersion = "2.0.0"
}
