import SVGAFormat
import SVGAKit

// `--background COLOR` for `render` and `export`: the frames are composited over the colour
// (SVGAKit's one composite, Pixmap+Background.swift). The colour is read by the one colour
// parser the text styles use: #RGB, #RRGGBB, #RRGGBBAA or a name.
enum BackgroundOption {
    static let optionName = "background"

    /// Straight RGBA8, or nil without the option.
    static func parse(_ a: Arguments) throws(CLIError) -> [UInt8]? {
        guard let s = a.value(optionName) else { return nil }
        let c: Color
        do { c = try TextStyleParser.parseColor(.string(s)) } catch {
            let names = TextStyleParser.colorNames.map(\.name).joined(separator: ", ")
            throw .usage("--background must be #RGB, #RRGGBB, #RRGGBBAA or one of \(names), not '\(s)'")
        }
        return [c.r, c.g, c.b, c.a].map { UInt8((min(1, max(0, $0)) * 255).rounded()) }
    }
}
