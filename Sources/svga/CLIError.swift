import SVGAKit
import SVGAOptimize
import SVGARender
import SVGAImageIO

/// Every failure the command line reports, mapped to one message and one exit code here, in
/// one place (STYLE.md habit 4). Exit codes: 0 success, 1 bad input / failed check, 2 usage,
/// 3 `svga export` needs ffmpeg and it is not installed.
enum CLIError: Error {
    case usage(String)
    case load(MovieLoader.LoadError)
    /// A problem with a named file that is not an SVGA decode error (PNG input, output folder…).
    case file(path: String, message: String)
    case render(path: String, RenderError)
    /// An image given on the command line (`--set-image`) that cannot be decoded; the error
    /// names its stage (`image`, `png`, `jpeg`, `webp`).
    case image(path: String, ImageDecodeError)
    /// An error whose text already names its path (the hook's output and spool errors).
    case located(String)
    /// A check that ran and failed (diff threshold, validation errors): message already printed.
    case failed(String?)
    /// `svga export` of the file at `path`.
    case export(path: String, ExportError)
    /// `svga optimize` of the file at `path` could not make a file (decode, 1.x input, images, proof rendering).
    case optimize(path: String, OptimizeError)

    var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .load, .file, .located, .render, .image, .failed: return 1
        case .export(_, .ffmpegMissing): return 3
        case .export, .optimize: return 1
        }
    }

    var message: String? {
        switch self {
        case .usage(let m): return "svga: \(m)\nRun 'svga help' for usage."
        case .load(let e): return "svga: \(e.description)"
        case .file(let path, let m): return "svga: \(path): \(m)"
        case .render(let path, let e): return "svga: \(path): render: \(e.description)"
        case .image(let path, let e): return "svga: \(path): \(e.description)"
        case .located(let m): return "svga: \(m)"
        case .failed(let m): return m.map { "svga: \($0)" }
        case .export(let path, let e): return "svga: \(path): \(e.description)"
        case .optimize(let path, let e): return "svga: \(path): optimize: \(e.description)"
        }
    }
}
