import Foundation
import SVGAKit
import SVGARender

/// The dynamic slots of a gift animation, read from the gift's `extensionInfo` (category keys
/// first, the gift's own keys override them). Keys (all optional):
///
/// | key | value | default |
/// | --- | --- | --- |
/// | `svga.avatarKey` | sprite key whose bitmap becomes the sender's avatar | no avatar |
/// | `svga.nameKey` | sprite key that shows the sender's `userName` | no name |
/// | `svga.countKey` | sprite key that shows the count | no count |
/// | `svga.nameStyle` | text style object (TextStyleParser: font, size, color, align, ellipsis, fit, minSize) | white, centred, 60 % of the layout height, ellipsis |
/// | `svga.countStyle` | text style object, as above | same |
/// | `svga.countFormat` | text with `{count}` in it | `x{count}` |
/// | `svga.avatarMask` | `circle`, `none` or `radius:R` (layout units) | `circle` |
/// | `svga.avatarFit` | `aspect-fill`, `aspect-fit` or `stretch` | `aspect-fill` |
/// | `svga.avatarFallback` | image (path relative to the catalog, file:// or http(s):// URL; PNG, JPEG or WebP) for a sender whose avatar is missing or unusable | the animation's own image |
///
/// Other `svga.*` keys are errors (a typo would otherwise silently drop a slot); keys outside
/// the `svga.` namespace belong to the gift service and are ignored.
public struct GiftSlots: Sendable, Hashable {
    public var avatarKey: String?
    public var nameKey: String?
    public var countKey: String?
    public var nameStyle: TextStyle
    public var countStyle: TextStyle
    public var countFormat: String
    public var avatarMask: ImageMask
    public var avatarFit: ImageFit
    /// Shown in the avatar slot when the sender has no avatar or it cannot be fetched or
    /// decoded; nil keeps the animation's own image there.
    public var avatarFallback: String?

    public init(avatarKey: String? = nil, nameKey: String? = nil, countKey: String? = nil,
                nameStyle: TextStyle = TextStyle(), countStyle: TextStyle = TextStyle(),
                countFormat: String = "x{count}", avatarMask: ImageMask = .circle, avatarFit: ImageFit = .aspectFill,
                avatarFallback: String? = nil) {
        self.avatarKey = avatarKey; self.nameKey = nameKey; self.countKey = countKey
        self.nameStyle = nameStyle; self.countStyle = countStyle; self.countFormat = countFormat
        self.avatarMask = avatarMask; self.avatarFit = avatarFit; self.avatarFallback = avatarFallback
    }

    public static let knownKeys = ["svga.avatarKey", "svga.nameKey", "svga.countKey", "svga.nameStyle",
                                   "svga.countStyle", "svga.countFormat", "svga.avatarMask", "svga.avatarFit",
                                   "svga.avatarFallback", HookExportRequest.exportKey, HookExportRequest.framesKey]

    /// The slot keys the gift names, as (extensionInfo field, sprite key).
    public var namedKeys: [(field: String, key: String)] {
        [("svga.avatarKey", avatarKey), ("svga.nameKey", nameKey), ("svga.countKey", countKey)].compactMap { field, key in
            key.map { (field, $0) }
        }
    }

    /// One line per slot key that names no sprite of `movie` (a typo would silently leave the
    /// slot unfilled); `resource` names the animation.
    public func missingKeyProblems(in keys: DynamicKeys, resource: String) -> [String] {
        namedKeys.filter { !keys.known.contains($0.key) }.map {
            "extensionInfo.\($0.field) '\($0.key)' names no sprite of \(resource) (keys: \(keys.offeredList)); that slot is not filled"
        }
    }

    /// The count as the count slot shows it.
    public func countText(_ count: Int) -> String {
        countFormat.replacingOccurrences(of: "{count}", with: String(count))
    }

    /// Reads the `svga.*` keys of an extensionInfo object (already merged); `giftID` names the
    /// gift in errors.
    public static func parse(_ info: [(String, JSONValue)], giftID: String?) throws(CatalogError) -> GiftSlots {
        var slots = GiftSlots()
        func fail(_ key: String, _ reason: String) -> CatalogError {
            .invalidField(giftID: giftID, field: "extensionInfo.\(key)", reason: reason)
        }
        func key(_ name: String, _ value: JSONValue) throws(CatalogError) -> String {
            guard let s = value.stringValue, !s.isEmpty else { throw fail(name, "must be a non-empty sprite key") }
            return s
        }
        for (name, value) in info where name.hasPrefix("svga.") {
            switch name {
            case "svga.avatarKey": slots.avatarKey = try key(name, value)
            case "svga.nameKey": slots.nameKey = try key(name, value)
            case "svga.countKey": slots.countKey = try key(name, value)
            case "svga.nameStyle", "svga.countStyle":
                // Gift services nest objects as JSON strings as often as not: accept both.
                var style = value
                if case .string(let text) = value, let parsed = try? JSONValue.parse(Data(text.utf8)) { style = parsed }
                let parsed: TextStyle
                do { parsed = try TextStyleParser.parse(style) } catch { throw fail(name, error.description) }
                if name == "svga.nameStyle" { slots.nameStyle = parsed } else { slots.countStyle = parsed }
            case "svga.countFormat":
                guard case .string(let s) = value, s.contains("{count}") else {
                    throw fail(name, "must be text containing {count}, like \"x{count}\"")
                }
                slots.countFormat = s
            case "svga.avatarMask":
                guard let s = value.stringValue, let mask = parseMask(s) else {
                    throw fail(name, "must be circle, none or radius:R")
                }
                slots.avatarMask = mask
            case "svga.avatarFallback":
                guard let s = value.stringValue, !s.isEmpty else { throw fail(name, "must be an image path or URL") }
                slots.avatarFallback = s
            case "svga.avatarFit":
                guard let s = value.stringValue, let fit = parseFit(s) else {
                    throw fail(name, "must be aspect-fill, aspect-fit or stretch")
                }
                slots.avatarFit = fit
            case HookExportRequest.exportKey, HookExportRequest.framesKey:
                // Used by the hook's export step (HookExportRequest); checked with the catalog.
                if case .failure(let e) = HookExportRequest.parse(.object([(name, value)])) { throw fail(name, "\(e)") }
            default:
                throw fail(name, "unknown key (known: \(knownKeys.joined(separator: ", ")))")
            }
        }
        return slots
    }

    static func parseMask(_ s: String) -> ImageMask? {
        switch s {
        case "circle": return .circle
        case "none": return ImageMask.none
        default:
            guard s.hasPrefix("radius:"), let r = Double(s.dropFirst(7)), r.isFinite, r >= 0 else { return nil }
            return .roundedCorners(radius: r)
        }
    }

    static func parseFit(_ s: String) -> ImageFit? {
        switch s {
        case "aspect-fill", "aspectFill": return .aspectFill
        case "aspect-fit", "aspectFit": return .aspectFit
        case "stretch": return .stretch
        default: return nil
        }
    }
}
