import SVGAJSON
import SVGAKit

/// The result of `svga validate` over any number of files: per-file reports in input order
/// (directories expanded, sorted) and a summary. Both renderings are deterministic.
public struct ValidationReport: Sendable {
    public let files: [FileReport]
    public let profileName: String
    public let strict: Bool
    /// Rules turned off by the rules file (JUnit lists them as skipped).
    public let disabled: Set<RuleCode>
    /// The severity threshold of what is listed (`--min-severity`); counts cover every finding.
    public let minimumShown: Severity

    public init(files: [FileReport], profileName: String, strict: Bool, disabled: Set<RuleCode> = [],
                minimumShown: Severity = .info) {
        self.files = files; self.profileName = profileName; self.strict = strict
        self.disabled = disabled; self.minimumShown = minimumShown
    }

    /// The report listing only findings of `minimum` severity or worse, in every format; the
    /// verdicts, counts and exit status do not change.
    public func showing(minimum: Severity) -> ValidationReport {
        ValidationReport(files: files.map { $0.showing(minimum: minimum) }, profileName: profileName, strict: strict,
                         disabled: disabled, minimumShown: minimum)
    }

    public var passed: Bool { files.allSatisfy(\.ok) }
    public var passedCount: Int { files.filter(\.ok).count }
    public func count(_ severity: Severity) -> Int { files.reduce(0) { $0 + $1.count(severity) } }

    /// `{"files": [{file, ok, findings, stats}], "summary": {...}}` (issue 4).
    public var json: JSONValue {
        .object([
            ("files", .array(files.map(\.json))),
            ("summary", .object([
                ("files", .int(files.count)),
                ("passed", .int(passedCount)),
                ("failed", .int(files.count - passedCount)),
                ("errors", .int(count(.error))),
                ("warnings", .int(count(.warning))),
                ("infos", .int(count(.info))),
                ("profile", .string(profileName)),
                ("strict", .bool(strict)),
                ("ok", .bool(passed)),
            ])),
        ])
    }

    /// Per file: its finding lines, then its summary line; last, one line for the whole run.
    public var text: String {
        var lines: [String] = []
        for f in files {
            lines += f.findingLines
            lines.append(f.summaryLine)
        }
        let e = count(.error), w = count(.warning), i = count(.info)
        lines.append("validated \(files.count) file\(files.count == 1 ? "" : "s") with the \(profileName) profile\(strict ? " (strict)" : ""): \(passedCount) passed, \(files.count - passedCount) failed (\(e) error\(e == 1 ? "" : "s"), \(w) warning\(w == 1 ? "" : "s"), \(i) info)")
        return lines.joined(separator: "\n")
    }
}
