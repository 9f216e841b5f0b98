import SVGAFormat
import SVGAKit
/// What is wrong with a rules file (`svga validate --rules`); the CLI reports it as a usage
/// error (exit 2) because the pipeline's configuration, not the asset, needs fixing.
public enum RulesFileError: Error, Sendable, Hashable, CustomStringConvertible {
    case notJSON(String)
    case notAnObject
    case unknownKey(String)
    case unknownLimit(String)
    case unknownProfile(String)
    case unknownCode(String, in: String)
    case unknownSeverity(code: String, value: String)
    case badValue(key: String, expected: String)
    case notOverridable(String)

    public var description: String {
        switch self {
        case .notJSON(let why): return "rules file is not valid JSON: \(why)"
        case .notAnObject: return "rules file must be a JSON object {\"profile\", \"limits\", \"disable\", \"severity\"}"
        case .unknownKey(let k): return "rules file: unknown key \(UntrustedText.quoted(k)) (expected profile, limits, disable, severity)"
        case .unknownLimit(let k):
            return "rules file: unknown limit \(UntrustedText.quoted(k)) (known: \(ValidationLimits.names.joined(separator: ", ")))"
        case .unknownProfile(let p):
            return "unknown profile \(UntrustedText.quoted(p)) (known: \(ValidationProfile.all.map(\.name).joined(separator: ", ")))"
        case .unknownCode(let c, let field): return "rules file: \(field): unknown rule code \(UntrustedText.quoted(c)) (see 'svga validate --list-rules')"
        case .unknownSeverity(let c, let v): return "rules file: severity of \(UntrustedText.quoted(c)) is \(UntrustedText.quoted(v)); use error, warning or info"
        case .badValue(let k, let expected): return "rules file: \(k) must be \(expected)"
        case .notOverridable(let c): return "rules file: \(UntrustedText.quoted(c)) means the file cannot be read or decoded; it cannot be disabled or downgraded"
        }
    }
}
