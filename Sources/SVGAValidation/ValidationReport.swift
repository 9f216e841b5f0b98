import SVGAKit

/// The result of `svga validate` over any number of files: per-file reports in input order
/// (directories expanded, sorted) and a summary. Both renderings are deterministic.
public struct ValidationReport: Sendable {
    public let files: [FileReport]
    public let profileName: String
    public let strict: Bool

    public init(files: [FileReport], profileName: String, strict: Bool) {
        self.files = files; self.profileName = profileName; self.strict = strict
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
