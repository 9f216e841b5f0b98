import SVGAKit

/// `svga validate --format github`: one GitHub Actions workflow command per finding
/// (`::error file=…,title=…::message`), which GitHub shows as an annotation on the pull request,
/// then the run's summary line as plain log text. Severities map error → error, warning →
/// warning, info → notice.
extension ValidationReport {
    public var githubAnnotations: String {
        var lines: [String] = []
        for f in files {
            for finding in f.findings {
                let level: String
                switch finding.severity {
                case .error: level = "error"
                case .warning: level = "warning"
                case .info: level = "notice"
                }
                lines.append("::\(level) file=\(Self.githubProperty(f.file)),title=\(Self.githubProperty(finding.code.rawValue))::"
                             + Self.githubData(finding.message + finding.locationText))
            }
        }
        lines.append(text.split(separator: "\n").last.map(String.init) ?? "")
        return lines.joined(separator: "\n")
    }

    /// Workflow-command escaping (actions/toolkit `escapeData`): a message may not break the line.
    static func githubData(_ s: String) -> String {
        s.replacingAll([("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// Property values (`escapeProperty`) also escape the separators `:` and `,`.
    static func githubProperty(_ s: String) -> String {
        githubData(s).replacingAll([(":", "%3A"), (",", "%2C")])
    }
}

private extension String {
    /// One pass over the characters, so an escape is never escaped again.
    func replacingAll(_ pairs: [(Character, String)]) -> String {
        var out = ""
        for c in self {
            if let r = pairs.first(where: { $0.0 == c }) { out += r.1 } else { out.append(c) }
        }
        return out
    }
}
