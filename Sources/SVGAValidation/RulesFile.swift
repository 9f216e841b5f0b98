import Foundation
import SVGAKit

/// A rules file: a base profile plus overrides (issue 4, "a rules file overrides any threshold").
///
///     {"profile": "gift",
///      "limits": {"maxFileBytes": 5242880, "maxOverdraw": null},
///      "disable": ["compat.audio"],
///      "severity": {"image.unused": "error"}}
///
/// Every key is optional; an unknown key, limit name, rule code or severity is an error, so a
/// typo never silently leaves a check at its default.
public struct RulesFile: Sendable {
    public var profile: String?
    public var limits: [(String, JSONValue)]
    public var disable: [RuleCode]
    public var severity: [(RuleCode, Severity)]

    public init(profile: String? = nil, limits: [(String, JSONValue)] = [], disable: [RuleCode] = [],
                severity: [(RuleCode, Severity)] = []) {
        self.profile = profile; self.limits = limits; self.disable = disable; self.severity = severity
    }

    public static func parse(_ data: Data) throws(RulesFileError) -> RulesFile {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw .notJSON(describe(error)) }
        guard let pairs = root.objectValue else { throw .notAnObject }
        var file = RulesFile()
        for (key, value) in pairs {
            switch key {
            case "profile":
                guard case .string(let name) = value else { throw .badValue(key: "profile", expected: "a profile name string") }
                guard ValidationProfile.named(name) != nil else { throw .unknownProfile(name) }
                file.profile = name
            case "limits":
                guard let limits = value.objectValue else { throw .badValue(key: "limits", expected: "an object of limit names to numbers") }
                var probe = ValidationLimits()
                for (name, v) in limits { try probe.set(name, to: v) }  // reject bad names/values now
                file.limits = limits
            case "disable":
                guard let items = value.arrayValue else { throw .badValue(key: "disable", expected: "an array of rule codes") }
                for item in items {
                    guard case .string(let c) = item else { throw .badValue(key: "disable", expected: "an array of rule codes") }
                    guard let code = RuleCode(rawValue: c) else { throw .unknownCode(c, in: "disable") }
                    guard !code.isFatal else { throw .notOverridable(c) }
                    file.disable.append(code)
                }
            case "severity":
                guard let items = value.objectValue else { throw .badValue(key: "severity", expected: "an object of rule codes to severities") }
                for (c, v) in items {
                    guard let code = RuleCode(rawValue: c) else { throw .unknownCode(c, in: "severity") }
                    guard !code.isFatal else { throw .notOverridable(c) }
                    guard case .string(let s) = v, let severity = Severity(rawValue: s) else {
                        throw .unknownSeverity(code: c, value: v.stringValue ?? v.serialized())
                    }
                    file.severity.append((code, severity))
                }
            default:
                throw .unknownKey(key)
            }
        }
        return file
    }

    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return ns.localizedDescription
    }
}
