import Foundation
import SVGAImageIO
import SVGAKit

/// Settings of one hook run.
public struct HookConfiguration: Sendable {
    /// `<out>`: events land in `<out>/<liveID>/<eventID>/`, downloads in `<out>/.cache/`.
    public var outDirectory: URL
    /// Seconds a combo stays open after its first event (`--combo-window`); 0 disables merging.
    public var comboWindow: Double
    /// Render threads (nil: one per core).
    public var threads: Int?
    public var compression: PNGCompression
    /// Seconds allowed for one HTTP fetch.
    public var fetchTimeout: Double
    /// 64 MiB: the largest real gift animations are a few MiB.
    public var maxResourceBytes: Int
    /// 8 MiB: avatars are small thumbnails; more is a wrong URL.
    public var maxAvatarBytes: Int
    /// 4096 × 4096: far above any avatar, bounds the decode.
    public var maxAvatarPixels: Int
    public var clock: HookClock
    /// Test seam: called after each frame file is written into the temporary folder; a throw
    /// aborts that rendering, which must then leave no event folder behind.
    public var afterFrameWritten: (@Sendable (_ eventID: String, _ frame: Int) throws -> Void)?

    public init(outDirectory: URL, comboWindow: Double = 3, threads: Int? = nil, compression: PNGCompression = .fast,
                fetchTimeout: Double = 30, maxResourceBytes: Int = 64 << 20, maxAvatarBytes: Int = 8 << 20,
                maxAvatarPixels: Int = 4096 * 4096, clock: HookClock = .monotonic,
                afterFrameWritten: (@Sendable (String, Int) throws -> Void)? = nil) {
        self.outDirectory = outDirectory; self.comboWindow = comboWindow; self.threads = threads
        self.compression = compression; self.fetchTimeout = fetchTimeout; self.maxResourceBytes = maxResourceBytes
        self.maxAvatarBytes = maxAvatarBytes; self.maxAvatarPixels = maxAvatarPixels; self.clock = clock
        self.afterFrameWritten = afterFrameWritten
    }
}
