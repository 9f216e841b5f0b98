import SVGAFormat
import SVGAImageIO
import SVGARaster
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
    /// Flattening the frame would produce more points than the movie's budget allows
    /// (`DecodeBudget.maxFlattenedPointsPerFrame`), counted before anything is flattened.
    case frameOverBudget(frame: Int, points: Int, limit: Int, sprite: Int)

    /// 300 rather than 300.0; other values as Swift prints them.
    private func number(_ v: Double) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    public var description: String {
        switch self {
        case .imageDecodeFailed(let key, let reason): return "image \(UntrustedText.quoted(key)) cannot be decoded: \(reason)"
        case .canvasTooLarge(let w, let h, let s):
            let (width, height) = ((w * s).rounded(.up), (h * s).rounded(.up))
            let asked = width.isFinite && height.isFinite && width * height < 1e18
                ? "\(Int(width))×\(Int(height)) = \(Int(width * height)) pixels" : "\(width)×\(height) pixels"
            return "canvas \(number(w))×\(number(h)) at scale \(number(s)) would be \(asked), over the limit of \(Pixmap.maxPixelCount) pixels (lower --scale, --width or --height)"
        case .invalidScale(let s): return "scale \(s) must be a finite number > 0"
        case .fontUnavailable(let path, let reason): return "font '\(path)' cannot be loaded: \(reason)"
        case .frameOverBudget(let frame, let points, let limit, let sprite):
            return "limits: frame \(frame): flattening would produce more than \(points) points (reached at sprite \(sprite)) > limit \(limit) (maxFlattenedPointsPerFrame); the path data is too complex for the canvas"
        }
    }
}
