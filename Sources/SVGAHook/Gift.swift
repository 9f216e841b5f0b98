import Foundation
import SVGAKit

/// One gift of a catalog (or a full gift object inside an event), in the shape gift services
/// use: `giftID`, `name`, `desc`, `iconURL`, `resourceURL`, `level`, `coins`, `extensionInfo`.
public struct Gift: Sendable, Hashable {
    public let giftID: String
    public let name: String
    public let desc: String
    public let iconURL: String?
    /// Local path (relative ones already resolved against the catalog's folder), `file://` or
    /// `http(s)://` URL; nil when the gift has none.
    public let resourceURL: String?
    public let level: Int?
    public let coins: Int?
    public let categoryID: String?
    /// The merged extensionInfo (category keys, then the gift's own), as an object.
    public let extensionInfo: JSONValue
    public let slots: GiftSlots

    public init(giftID: String, name: String = "", desc: String = "", iconURL: String? = nil,
                resourceURL: String?, level: Int? = nil, coins: Int? = nil, categoryID: String? = nil,
                extensionInfo: JSONValue = .object([]), slots: GiftSlots = GiftSlots()) {
        self.giftID = giftID; self.name = name; self.desc = desc; self.iconURL = iconURL
        self.resourceURL = resourceURL; self.level = level; self.coins = coins; self.categoryID = categoryID
        self.extensionInfo = extensionInfo; self.slots = slots
    }

    /// Parses a gift object. `inherited` is the category's extensionInfo; `baseDirectory`
    /// resolves a relative local `resourceURL` (the catalog's folder; nil = the working directory).
    public static func parse(_ value: JSONValue, inherited: [(String, JSONValue)] = [], categoryID: String? = nil,
                             baseDirectory: URL? = nil) throws(CatalogError) -> Gift {
        guard value.objectValue != nil else { throw .invalidField(giftID: nil, field: "gift", reason: "must be an object") }
        guard let id = identifier(value["giftID"]) else {
            throw .invalidField(giftID: nil, field: "giftID", reason: value["giftID"] == nil ? "is missing" : "must be a string or an integer")
        }
        func text(_ field: String) throws(CatalogError) -> String? {
            switch value[field] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw .invalidField(giftID: id, field: field, reason: "must be a string")
            }
        }
        func integer(_ field: String) throws(CatalogError) -> Int? {
            switch value[field] {
            case nil, .null?: return nil
            case let v?:
                guard let i = v.intValue else { throw .invalidField(giftID: id, field: field, reason: "must be an integer") }
                return i
            }
        }
        let own = try extensionInfo(value["extensionInfo"], giftID: id)
        var merged = inherited.filter { key, _ in !own.contains { $0.0 == key } }
        merged.append(contentsOf: own)
        var slots = try GiftSlots.parse(merged, giftID: id)
        slots.avatarFallback = slots.avatarFallback.map { resolve($0, against: baseDirectory) }
        var resource = try text("resourceURL")
        if let r = resource, r.isEmpty { resource = nil }
        return Gift(giftID: id, name: try text("name") ?? "", desc: try text("desc") ?? "",
                    iconURL: try text("iconURL"), resourceURL: resource.map { resolve($0, against: baseDirectory) },
                    level: try integer("level"), coins: try integer("coins"), categoryID: categoryID,
                    extensionInfo: .object(merged), slots: slots)
    }

    /// IDs arrive as strings or integers depending on the service; both become strings.
    static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s.isEmpty ? nil : s
        case .int(let i)?: return String(i)
        default: return nil
        }
    }

    /// `extensionInfo` may be an object or that object JSON-encoded in a string (gift
    /// services do both); absent, null or "" mean no keys.
    static func extensionInfo(_ value: JSONValue?, giftID: String?) throws(CatalogError) -> [(String, JSONValue)] {
        switch value {
        case nil, .null?: return []
        case .object(let pairs)?: return pairs
        case .string(let s)?:
            if s.allSatisfy(\.isWhitespace) { return [] }
            guard let parsed = try? JSONValue.parse(Data(s.utf8)), let pairs = parsed.objectValue else {
                throw .invalidField(giftID: giftID, field: "extensionInfo", reason: "a string extensionInfo must hold a JSON object")
            }
            return pairs
        default:
            throw .invalidField(giftID: giftID, field: "extensionInfo", reason: "must be an object or a JSON string")
        }
    }

    /// Relative local paths are taken from `base`; URLs and absolute paths are left alone.
    static func resolve(_ reference: String, against base: URL?) -> String {
        if reference.contains("://") || reference.hasPrefix("/") { return reference }
        guard let base else { return reference }
        return base.appendingPathComponent(reference).path
    }

    /// What the manifest records about the gift.
    var manifestJSON: JSONValue {
        var pairs: [(String, JSONValue)] = [("giftID", .string(giftID)), ("name", .string(name))]
        if let categoryID { pairs.append(("categoryID", .string(categoryID))) }
        pairs.append(("resourceURL", resourceURL.map(JSONValue.string) ?? .null))
        if let level { pairs.append(("level", .int(level))) }
        if let coins { pairs.append(("coins", .int(coins))) }
        return .object(pairs)
    }
}
