import Foundation
import SVGAJSON
import SVGAKit

// `svga validate --format sarif`: SARIF 2.1.0 (OASIS), the format GitHub code scanning and other
// static-analysis dashboards import. One run; `tool.driver.rules` is the rule table (every code,
// its one-line summary as help text, its severity under this run's policy as the default level,
// disabled rules marked so); one result per listed finding with its rule, level (error, warning,
// note for info), message and a location naming the file. Sprite and frame are not places in a
// text file, so they stay in the message, and in `properties` for a machine.

extension ValidationReport {
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// `severities`: each rule's severity under the policy (default levels of the rules).
    public func sarif(toolVersion: String, severities: [RuleCode: Severity] = [:]) -> JSONValue {
        let codes = RuleCode.allCases
        let index = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        let rules: [JSONValue] = codes.map { code in
            var configuration: [(String, JSONValue)] = [("level", .string(Self.sarifLevel(severities[code] ?? code.defaultSeverity)))]
            if disabled.contains(code) { configuration.insert(("enabled", .bool(false)), at: 0) }
            return .object([
                ("id", .string(code.rawValue)),
                ("shortDescription", .object([("text", .string(code.summary))])),
                ("help", .object([("text", .string(code.summary))])),
                ("defaultConfiguration", .object(configuration)),
            ])
        }
        var results: [JSONValue] = []
        for file in files {
            for f in file.findings {
                var properties: [(String, JSONValue)] = [("severity", .string(f.severity.rawValue))]
                if let json = f.json.objectValue {
                    properties += json.filter { ["sprite", "frame", "image", "value", "limit"].contains($0.0) && $0.1 != .null }
                }
                results.append(.object([
                    ("ruleId", .string(f.code.rawValue)),
                    ("ruleIndex", .int(index[f.code]!)),
                    ("level", .string(Self.sarifLevel(f.severity))),
                    ("message", .object([("text", .string(f.message + f.locationText))])),
                    ("locations", .array([.object([
                        ("physicalLocation", .object([("artifactLocation", .object([("uri", .string(Self.sarifURI(file.file)))]))])),
                    ])])),
                    ("properties", .object(properties)),
                ]))
            }
        }
        return .object([
            ("$schema", .string(Self.sarifSchema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("svga")),
                    ("fullName", .string("svga validate (SVGAKit)")),
                    ("version", .string(toolVersion)),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(results)),
                ("properties", .object([("profile", .string(profileName)), ("strict", .bool(strict)),
                                        ("minSeverity", .string(minimumShown.rawValue)), ("ok", .bool(passed))])),
            ])])),
        ])
    }

    /// SARIF's levels: `note` is its name for information.
    static func sarifLevel(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// The path as a URI reference (SARIF §3.10): relative paths stay relative (code scanning
    /// resolves them against the checkout), absolute ones become `file://` URIs; characters a
    /// URI path cannot hold are percent-encoded.
    static func sarifURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        if path.hasPrefix("/") { return "file://" + encoded }
        // A colon in the first segment would read as a scheme (`c:x.svga`).
        return encoded.prefix { $0 != "/" }.contains(":") ? "./" + encoded : encoded
    }
}
