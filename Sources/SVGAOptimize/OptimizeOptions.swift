import SVGAKit
import SVGAValidation
/// What `MovieOptimizer` may change. Every step is on by default; each can be turned off alone.
public struct OptimizeOptions: Sendable, Hashable {
    /// Shrink images to the largest size they are drawn at (× `maxScale`).
    public var downscale = true
    /// Remove images no sprite draws.
    public var dropUnused = true
    /// Make sprites whose images have identical decoded pixels share one image.
    public var deduplicate = true
    /// Re-encode PNGs at the PNG writer's maximum level, keeping the original when not smaller.
    public var recompress = true
    /// Device-scale margin over the drawn size (1 = exactly the drawn size).
    public var maxScale = 1.0
    /// Keys filled at runtime (dynamic images): never renamed by deduplication, never shrunk
    /// below the size they are drawn at, whatever `maxScale` says.
    public var keepKeys: Set<String> = []
    /// Every frame of the result must be at least this close to the original (PSNR, dB).
    public var minPSNR = 45.0
    /// Keep a downscale even when a frame falls below `minPSNR` (`--force`); otherwise such a
    /// downscale is undone and only the lossless steps are kept.
    public var keepDownscaleBelowBound = false
    /// Threads for the frame-by-frame proof.
    public var threads: Int?

    public init() {}
}
