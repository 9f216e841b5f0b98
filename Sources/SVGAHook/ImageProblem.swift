import SVGAImageIO
import SVGAKit

/// Why a sender's avatar (or the catalog's `svga.avatarFallback`) was not used. Not an event
/// failure: one bad avatar never drops a gift. The gift renders with the fallback or the
/// animation's own image in the slot, and the event carries this as a warning.
public enum ImageProblem: Error, Sendable, CustomStringConvertible {
    case fetch(FetchError)
    /// The bytes are not an image at all (an HTML error page behind a 200, a JSON body…).
    case notAnImage(reference: String, looksLike: String)
    case decode(reference: String, ImageDecodeError)

    public var description: String {
        switch self {
        case .fetch(let e): return e.description
        case .notAnImage(let r, let looksLike): return "'\(r)' is \(looksLike), not a PNG, JPEG or WebP image"
        case .decode(let r, let e): return "'\(r)' cannot be decoded: \(e.description)"
        }
    }
}
