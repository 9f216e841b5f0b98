/// What `svga export` writes. The format comes from the output's extension unless named.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// VP9 with alpha (yuva420p) in WebM, Opus audio.
    case webm
    /// H.264 yuv420p in MP4, AAC audio; alpha laid beside or below the colour (AlphaLayout).
    case mp4
    /// ProRes 4444 with alpha in QuickTime, PCM audio (for editing tools).
    case mov
    /// Animated WebP: lossless, or lossy with `quality`; alpha and a loop count.
    case webp
    /// Animated GIF: one palette per file or per frame, 1-bit transparency, a dither choice.
    case gif
    /// Animated PNG from our own writer (APNGEncoder), not ffmpeg.
    case apng
    /// Straight-alpha RGBA frames, back to back, on stdout.
    case raw

    /// `.png` means APNG here: an export is always an animation.
    public init?(fileExtension ext: String) {
        switch ext.lowercased() {
        case "png": self = .apng
        case "raw": return nil
        default: self.init(rawValue: ext.lowercased())
        }
    }

    /// Encoded by the ffmpeg command-line tool (fed raw frames on a pipe).
    public var usesFFmpeg: Bool { self != .apng && self != .raw }
    /// Video containers that can carry the movie's audio.
    public var carriesAudio: Bool { self == .webm || self == .mp4 || self == .mov }
    /// Containers with a loop count (APNG acTL, WebP ANIM, GIF NETSCAPE2.0).
    public var hasLoopCount: Bool { self == .webp || self == .gif || self == .apng }
    /// ffmpeg muxer name (`-f`), so the temporary output name needs no extension.
    var muxer: String? {
        switch self {
        case .webm: return "webm"
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .webp: return "webp"
        case .gif: return "gif"
        case .apng, .raw: return nil
        }
    }
}

/// Where the alpha channel goes in a format without one (MP4): as grey beside or below the
/// colour, each the canvas size, or composited away over the background.
public enum AlphaLayout: String, Sendable {
    case sideBySide = "side-by-side"
    case topBottom = "top-bottom"
    case none
}

/// GIF palette: one for the whole file, or a fresh one per frame (better for animations whose
/// colours change a lot, bigger files).
public enum GIFPalette: String, Sendable {
    case file, frame
}

/// GIF dithering, by ffmpeg `paletteuse` name.
public enum GIFDither: String, Sendable, CaseIterable {
    case none, bayer, heckbert
    case floydSteinberg = "floyd_steinberg"
    case sierra2, sierra2_4a
}
