import Foundation
import SVGAKit

/// A gift catalog in the shape of a gift service's gift list: categories (`categoryID`, `name`,
/// `desc`, `extensionInfo`, `giftList`) of gifts (see `Gift`). The top level may be the array of
/// categories, or an object holding it under `categories`, `categoryList`, `giftCategories` or
/// `list`, optionally wrapped in `data` (services answer `{"code": 0, "data": {...}}`). A
/// category's `extensionInfo` gives defaults for its gifts.
///
/// One bad gift does not make the catalog unusable: it is kept as a problem, and events for it
/// get an error line naming it.
public struct GiftCatalog: Sendable {
    public struct Category: Sendable, Hashable {
        public let categoryID: String?
        public let name: String
        public let desc: String
        public let giftIDs: [String]
    }

    public let categories: [Category]
    private let gifts: [String: Result<Gift, CatalogError>]
    /// Non-fatal findings (duplicate gift IDs, gifts without an ID), for the CLI to print.
    public let problems: [String]

    public var giftCount: Int { gifts.count }

    /// The gift with this ID: nil when unknown, a failure when the catalog entry is broken.
    public func gift(id: String) -> Result<Gift, CatalogError>? { gifts[id] }

    public static func load(path: String) throws(CatalogError) -> GiftCatalog {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: MovieLoader.describe(error))
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try parse(data, path: path, baseDirectory: base)
    }

    public static func parse(_ data: Data, path: String? = nil, baseDirectory: URL? = nil) throws(CatalogError) -> GiftCatalog {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw .malformed(path: path, reason: "not valid JSON (\(error.localizedDescription))")
        }
        guard let list = categoryList(root) else {
            throw .malformed(path: path, reason: "no category list: expected an array of categories or an object with 'categories' (or 'data.categories')")
        }
        var categories: [Category] = []
        var gifts: [String: Result<Gift, CatalogError>] = [:]
        var problems: [String] = []
        // A flat array of gifts (items with giftID and no giftList) is one unnamed category.
        let flat = list.allSatisfy { $0["giftList"] == nil && $0["giftID"] != nil }
        let groups: [JSONValue] = flat ? [.object([("giftList", .array(list))])] : list
        for (index, group) in groups.enumerated() {
            guard group.objectValue != nil else {
                problems.append("category #\(index) is not an object; ignored"); continue
            }
            let categoryID = Gift.identifier(group["categoryID"])
            let inherited: [(String, JSONValue)]
            do { inherited = try Gift.extensionInfo(group["extensionInfo"], giftID: nil) } catch {
                problems.append("category \(categoryID ?? "#\(index)"): \(error.description); its extensionInfo is ignored")
                inherited = []
            }
            var ids: [String] = []
            for (giftIndex, item) in (group["giftList"]?.arrayValue ?? []).enumerated() {
                guard let id = Gift.identifier(item["giftID"]) else {
                    problems.append("category \(categoryID ?? "#\(index)"): gift #\(giftIndex) has no giftID; ignored"); continue
                }
                if gifts[id] != nil {
                    problems.append("gift '\(id)' appears more than once; the first entry is used"); continue
                }
                ids.append(id)
                do {
                    gifts[id] = .success(try Gift.parse(item, inherited: inherited, categoryID: categoryID, baseDirectory: baseDirectory))
                } catch {
                    gifts[id] = .failure(error)
                    problems.append(error.description)
                }
            }
            categories.append(Category(categoryID: categoryID, name: group["name"]?.stringValue ?? "",
                                       desc: group["desc"]?.stringValue ?? "", giftIDs: ids))
        }
        return GiftCatalog(categories: categories, gifts: gifts, problems: problems)
    }

    static func categoryList(_ value: JSONValue) -> [JSONValue]? {
        if let array = value.arrayValue { return array }
        for key in ["categories", "categoryList", "giftCategories", "list"] {
            if let array = value[key]?.arrayValue { return array }
        }
        if let data = value["data"] { return categoryList(data) }
        return nil
    }
}
