import SVGAKit

/// Failures of the spool directory itself (not of the events in it).
public enum SpoolError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case cannotList(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let p, let r): return "spool \(p): cannot create: \(r)"
        case .cannotList(let p, let r): return "spool \(p): cannot list: \(r)"
        }
    }
}
