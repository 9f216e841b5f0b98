import SVGAImageIO
import SVGAText

/// Errors raised while preparing a movie for rendering.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// A bitmap's PNG data could not be decoded (the header was valid, the data is not).
    case imageDecodeFailed(key: String, reason: String)
    /// The canvas at this scale is empty or larger than the pixel cap.
    case canvasTooLarge(width: Double, height: Double, scale: Double)
    case invalidScale(Double)
    /// The font for a dynamic text could not be loaded.
    case fontUnavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .imageDecodeFailed(let key, let reason): return "image '\(key)' cannot be decoded: \(reason)"
        case .canvasTooLarge(let w, let h, let s): return "canvas \(w)×\(h) at scale \(s) is empty or over the pixel limit"
        case .invalidScale(let s): return "scale \(s) must be a finite number > 0"
        case .fontUnavailable(let path, let reason): return "font '\(path)' cannot be loaded: \(reason)"
        }
    }
}
