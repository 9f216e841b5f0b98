import SVGAKit

// `--png-level fast|default|max` for every command that writes PNG frames; `--fast-png` is the
// older spelling of `--png-level fast` and keeps working.
enum PNGLevelOption {
    static let optionName = "png-level"
    static let flagName = "fast-png"

    static func parse(_ a: Arguments, default fallback: PNGCompression) throws(CLIError) -> PNGCompression {
        let named = a.value(optionName)
        if a.flag(flagName) {
            guard named == nil || named == PNGCompression.fast.rawValue else {
                throw .usage("--fast-png means --png-level fast; it cannot be combined with --png-level \(named!)")
            }
            return .fast
        }
        guard let named else { return fallback }
        guard let level = PNGCompression(rawValue: named) else {
            throw .usage("--png-level must be one of \(PNGCompression.allCases.map(\.rawValue).joined(separator: ", ")), not '\(named)'")
        }
        return level
    }
}
