import SVGAImageIO
import SVGAKit
import SVGARender

/// Why previews could not be made. The CLI names the file in front of the message.
public enum PreviewError: Error, Sendable, CustomStringConvertible {
    case noFrames
    case invalidOption(String)
    case render(RenderError)
    case encode(PNGError)

    public var description: String {
        switch self {
        case .noFrames: return "preview: the movie has no frames (params.frames is 0)"
        case .invalidOption(let why): return "preview: \(why)"
        case .render(let e): return "preview: render: \(e.description)"
        case .encode(let e): return "preview: \(e.description)"
        }
    }
}
