import SVGAKit

/// What can be wrong with a gift catalog. `unreadable` and `malformed` stop the hook (exit 1);
/// a problem in one gift only makes that gift unusable (its events get error lines).
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String?, reason: String)
    /// A gift (or category) field with the wrong type or value; `giftID` nil for a category.
    case invalidField(giftID: String?, field: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "catalog \(path): cannot read: \(reason)"
        case .malformed(let path, let reason): return "catalog\(path.map { " " + $0 } ?? ""): \(reason)"
        case .invalidField(let id, let field, let reason):
            return "\(id.map { "gift '\($0)'" } ?? "category"): \(field): \(reason)"
        }
    }
}
