import SVGAKit

/// Failures while writing an event's output folder (the render itself succeeded or was never
/// reached). The temporary folder is always removed before one of these is thrown.
public enum HookOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// The final folder exists but holds no manifest (not written by the hook): left untouched.
    case foreignFolder(path: String)

    public var description: String {
        switch self {
        case .cannotCreate(let p, let r): return "cannot create \(p): \(r)"
        case .cannotWrite(let p, let r): return "cannot write \(p): \(r)"
        case .foreignFolder(let p): return "\(p) exists without a manifest.json; not overwriting it"
        }
    }
}
