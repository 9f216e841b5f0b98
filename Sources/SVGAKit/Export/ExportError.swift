import SVGAImageIO
import SVGARender

/// Export failures, by stage. The CLI maps them to messages and exit codes (CLIError.swift).
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The `ffmpeg` command-line tool is not on the PATH: an optional runtime dependency.
    case ffmpegMissing
    /// ffmpeg could not be started.
    case ffmpegSpawnFailed(path: String, reason: String)
    /// ffmpeg exited with a failure status or was killed; `log` holds its last stderr lines.
    case ffmpegFailed(status: String, log: [String])
    /// ffmpeg stopped reading frames for `seconds` while still running.
    case ffmpegStalled(seconds: Int, log: [String])
    case render(RenderError)
    case encode(PNGError)
    /// The output (or a temporary file next to it) could not be written.
    case output(path: String, reason: String)
    /// An option that does not fit this movie or format.
    case invalidOption(String)

    /// The Debian package that provides ffmpeg.
    public static let ffmpegPackage = "ffmpeg"

    public var description: String {
        switch self {
        case .ffmpegMissing:
            return "export: this format needs the ffmpeg command-line tool, which is not on the PATH; install the '\(ExportError.ffmpegPackage)' package (Debian/Ubuntu: apt-get install \(ExportError.ffmpegPackage))"
        case .ffmpegSpawnFailed(let path, let reason):
            return "export: cannot start \(path): \(reason)"
        case .ffmpegFailed(let status, let log):
            return "export: ffmpeg \(status)" + ExportError.tail(log)
        case .ffmpegStalled(let seconds, let log):
            return "export: ffmpeg stopped reading frames for \(seconds) s and was stopped" + ExportError.tail(log)
        case .render(let e): return "render: \(e.description)"
        case .encode(let e): return "export: APNG: \(e.description)"
        case .output(let path, let reason): return "export: \(path): \(reason)"
        case .invalidOption(let m): return "export: \(m)"
        }
    }

    static func tail(_ log: [String]) -> String {
        log.isEmpty ? " (no output on stderr)" : "; its last lines:\n" + log.map { "  ffmpeg: " + $0 }.joined(separator: "\n")
    }
}
