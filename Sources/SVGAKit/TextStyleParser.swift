import SVGAFormat
import SVGAJSON
import SVGARender

/// Reads a text style from JSON, as `--text-style KEY=JSON` and gift catalogs give it:
/// `{"font": "/path.ttf", "size": 28, "color": "#FFD700" | "#FFD700CC" | [1, 0.84, 0, 1],
///   "align": "left"|"center"|"right", "ellipsis": true, "fit": "shrink"|"fixed", "minSize": 16}`.
/// Every key is optional. `fit: shrink` shrinks an over-wide line down to `minSize` (default half
/// the size) before the ellipsis applies.
public enum TextStyleParser {
    public struct StyleError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ json: JSONValue, base: TextStyle = TextStyle()) throws(StyleError) -> TextStyle {
        guard let pairs = json.objectValue else { throw StyleError(description: "a text style must be a JSON object") }
        var style = base
        for (key, value) in pairs {
            switch key {
            case "font", "fontPath":
                guard let s = value.stringValue else { throw StyleError(description: "font must be a path string") }
                style.fontPath = s
            case "size", "fontSize":
                guard let d = value.doubleValue, d.isFinite, d > 0 else { throw StyleError(description: "size must be a number > 0") }
                style.size = d
            case "color", "colour":
                style.color = try parseColor(value)
            case "align", "alignment":
                guard let s = value.stringValue, let a = TextAlignment(rawValue: s == "centre" ? "center" : s) else {
                    throw StyleError(description: "align must be left, center or right")
                }
                style.alignment = a
            case "ellipsis":
                guard let b = value.boolValue else { throw StyleError(description: "ellipsis must be true or false") }
                style.ellipsis = b
            case "fit":
                guard let s = value.stringValue, let f = s == "none" ? .fixed : TextFit(rawValue: s) else {
                    throw StyleError(description: "fit must be \"shrink\" or \"fixed\"")
                }
                style.fit = f
            case "minSize", "minimumSize":
                guard let d = value.doubleValue, d.isFinite, d > 0 else { throw StyleError(description: "minSize must be a number > 0") }
                style.minimumSize = d
            default:
                throw StyleError(description: "unknown text style key '\(key)' (known: font, size, color, align, ellipsis, fit, minSize)")
            }
        }
        return style
    }

    /// The colour names `parseColor` knows, with CSS's values (so `green` is #008000, as in a
    /// browser). A short list on purpose: anything else is written in hex.
    public static let colorNames: [(name: String, hex: String)] = [
        ("black", "#000000"), ("white", "#FFFFFF"), ("grey", "#808080"), ("gray", "#808080"),
        ("red", "#FF0000"), ("green", "#008000"), ("blue", "#0000FF"), ("transparent", "#00000000"),
    ]

    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a name from `colorNames`, or `[r, g, b(, a)]` in 0...1.
    /// One parser for every colour the tool reads: text styles, `--background` of render and export.
    public static func parseColor(_ value: JSONValue) throws(StyleError) -> Color {
        if let s = value.stringValue, let named = colorNames.first(where: { $0.name == s.lowercased() }) {
            return try parseColor(.string(named.hex))
        }
        if let s = value.stringValue, s.hasPrefix("#") {
            var hex = String(s.dropFirst())
            // #RGB is #RRGGBB with each digit doubled, as in CSS.
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt64(hex, radix: 16) else {
                throw StyleError(description: "colour '\(s)' is not #RGB, #RRGGBB or #RRGGBBAA")
            }
            let full = hex.count == 6 ? (v << 8) | 0xFF : v
            func c(_ shift: UInt64) -> Double { Double((full >> shift) & 0xFF) / 255 }
            return Color(r: c(24), g: c(16), b: c(8), a: c(0))
        }
        if let a = value.arrayValue, a.count == 3 || a.count == 4 {
            let comps = a.compactMap(\.doubleValue)
            guard comps.count == a.count, comps.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
                throw StyleError(description: "colour arrays hold 3 or 4 numbers in 0...1")
            }
            return Color(r: comps[0], g: comps[1], b: comps[2], a: comps.count == 4 ? comps[3] : 1)
        }
        throw StyleError(description: "colour must be \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", one of \(colorNames.map(\.name).joined(separator: ", ")) or [r, g, b, a] in 0...1")
    }
}
