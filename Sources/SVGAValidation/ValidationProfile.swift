import SVGAKit

// The named sets of limits (issue 4). Where a number comes from a published spec it says so;
// the others are our choices, set from what the 76 good corpus files need, and documented in the
// README table so an operator can override any of them with a rules file.

public struct ValidationProfile: Sendable, Hashable {
    public let name: String
    public var limits: ValidationLimits

    public init(name: String, limits: ValidationLimits) { self.name = name; self.limits = limits }

    static let mebibyte = 1_048_576.0

    /// A full-screen gift (the default).
    /// - file ≤ 10 MiB: Tencent's basic gift player recommends ≤ 10 MB per animation.
    /// - image memory: the official exporter warns above 8 MB; we fail at 48 MiB, where low-end
    ///   Android phones (a 128–256 MiB heap, several gifts queued) start to run out of memory.
    /// - canvas ≤ 1440 × 2560 (QHD portrait, the largest common phone screen; gifts are designed at
    ///   750 × 1334 or 1080 × 1920, and anything larger is only scaled down again by the players).
    /// - fps ≤ 60, and one of the exporter's values.
    /// - ≤ 15 s and ≤ 900 frames (15 s at 60 fps): a gift that outlasts a chat moment blocks the queue.
    /// - ≤ 200 images (the corpus maximum is 116).
    /// - image ≤ 2× its largest drawn size; overdraw ≤ 8.
    public static let gift = ValidationProfile(name: "gift", limits: ValidationLimits(
        maxFileBytes: 10 * mebibyte, warnImageMemoryBytes: 8 * mebibyte, maxImageMemoryBytes: 48 * mebibyte,
        maxCanvasWidth: 1440, maxCanvasHeight: 2560, maxFps: 60, legalFps: ValidationLimits.exporterFps,
        maxFrames: 900, maxDurationMs: 15_000, maxImages: 200, maxImageScale: 2, maxOverdraw: 8))

    /// An avatar frame: a small loop drawn around a user's picture, for as long as it is on screen.
    /// The numbers production avatar-frame specs use: canvas ≤ 300 × 300, fps ≤ 24, ≤ 3 s,
    /// file ≤ 512 KiB, ≤ 32 images, image memory ≤ 8 MiB with a warning above 6.5 MiB.
    /// Frames ≤ 72 (3 s at 24 fps). Overdraw ≤ 4: it loops forever, so its cost is paid all the time.
    public static let avatarFrame = ValidationProfile(name: "avatar-frame", limits: ValidationLimits(
        maxFileBytes: 512 * 1024, warnImageMemoryBytes: 6.5 * mebibyte, maxImageMemoryBytes: 8 * mebibyte,
        maxCanvasWidth: 300, maxCanvasHeight: 300, maxFps: 24, legalFps: ValidationLimits.exporterFps,
        maxFrames: 72, maxDurationMs: 3_000, maxImages: 32, maxImageScale: 2, maxOverdraw: 4))

    /// A banner: a wide strip (room entrance, top-of-chat announcement; 750 × 80 to 1125 × 360 in
    /// the corpus). Our choices: canvas ≤ 1500 × 600, file ≤ 2 MiB, image memory warning above
    /// 8 MiB and error above 16 MiB, ≤ 10 s, ≤ 600 frames, ≤ 100 images, overdraw ≤ 6.
    public static let banner = ValidationProfile(name: "banner", limits: ValidationLimits(
        maxFileBytes: 2 * mebibyte, warnImageMemoryBytes: 8 * mebibyte, maxImageMemoryBytes: 16 * mebibyte,
        maxCanvasWidth: 1500, maxCanvasHeight: 600, maxFps: 60, legalFps: ValidationLimits.exporterFps,
        maxFrames: 600, maxDurationMs: 10_000, maxImages: 100, maxImageScale: 2, maxOverdraw: 6))

    public static let all: [ValidationProfile] = [gift, avatarFrame, banner]

    public static func named(_ name: String) -> ValidationProfile? { all.first { $0.name == name } }
}
