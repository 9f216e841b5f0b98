import SVGARaster

/// Everything `svga export` can be told, resolved (no parsing here: the CLI does that).
public struct ExportOptions: Sendable {
    public var format: ExportFormat
    /// Frames to export, in order (FrameSelection); nil = all.
    public var frames: [Int]?
    public var scale: Double = 1
    /// Straight-alpha colour (RGBA8) every frame is composited over; nil keeps transparency.
    public var background: [UInt8]?
    /// 0...100: lossy quality (WebP switches from lossless to lossy; VP9/H.264 map it to CRF).
    public var quality: Int?
    /// Total plays for formats with a loop count; 0 = forever.
    public var loops: Int = 0
    public var threads: Int?
    /// MP4 only; nil = side-by-side when the exported frames have transparency, else none.
    public var alpha: AlphaLayout?
    public var gifPalette: GIFPalette = .file
    public var gifDither: GIFDither = .sierra2_4a
    public var includeAudio = true
    /// Where ffmpeg is looked up (the PATH entries); the CLI passes $PATH.
    public var searchPath: [String] = []
    /// Frames rendered ahead of the encoder, per worker; bounds memory (see SequenceRenderer).
    public var windowPerThread = 2

    /// Catch Ctrl-C/SIGTERM to kill ffmpeg and remove temporary files, then exit (the CLI); off
    /// where the process handles those signals itself (the hook).
    public var handlesInterrupts = true

    public init(format: ExportFormat) { self.format = format }

    /// Lossy quality when none is given (VP9 CRF 9, H.264 CRF 8): gifts are short, and 4:2:0
    /// chroma on saturated edges already costs enough (≥ 35 dB PSNR on the test samples).
    public static let defaultQuality = 85
}
