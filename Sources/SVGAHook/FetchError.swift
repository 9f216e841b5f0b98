import SVGAKit

/// Why a resource (an animation or an avatar) could not be fetched. Each case names the
/// reference as the catalog or event gave it.
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case unreadable(String, reason: String)
    case tooLarge(String, limit: Int)
    case httpStatus(String, status: Int)
    case transport(String, reason: String)
    case unsupportedScheme(String)
    case cacheWrite(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let r): return "'\(r)': no such file"
        case .unreadable(let r, let reason): return "'\(r)': cannot read: \(reason)"
        case .tooLarge(let r, let limit): return "'\(r)': larger than the \(limit)-byte limit"
        case .httpStatus(let r, let status): return "'\(r)': HTTP status \(status)"
        case .transport(let r, let reason): return "'\(r)': \(reason)"
        case .unsupportedScheme(let r): return "'\(r)': only local paths, file:// and http(s):// URLs are supported"
        case .cacheWrite(let path, let reason): return "cache file \(path): cannot write: \(reason)"
        }
    }
}
