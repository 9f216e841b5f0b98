// `svga validate --format junit`: JUnit XML, the report format CI dashboards (Jenkins, GitLab,
// Azure, the JUnit viewers of GitHub Actions) read. One <testsuite> per file, one <testcase> per
// rule. A rule's case fails (<failure>) when its findings fail the file: errors, and warnings
// under --strict; findings that do not fail it (warnings, info) are listed in the case's
// <system-out>, so the dashboard's pass/fail agrees with the exit status. Disabled rules and the
// rules a file that did not decode never reached are <skipped>. No timings: the output is
// deterministic.

extension ValidationReport {
    public var junitXML: String {
        var suites: [String] = []
        var totalTests = 0, totalFailures = 0, totalSkipped = 0
        for file in files {
            var cases: [String] = []
            var failures = 0, skipped = 0
            for (code, outcome) in file.ruleOutcomes(disabled: disabled) {
                let head = "    <testcase classname=\"\(Self.xmlAttribute(file.file))\" name=\"\(code.rawValue)\""
                switch outcome {
                case .passed:
                    cases.append(head + "/>")
                case .disabled:
                    skipped += 1
                    cases.append(head + ">\n      <skipped message=\"disabled by the rules file\"/>\n    </testcase>")
                case .notChecked:
                    skipped += 1
                    cases.append(head + ">\n      <skipped message=\"not checked: the file could not be read or decoded\"/>\n    </testcase>")
                case .found(let findings):
                    let failing = findings.filter { $0.severity == .error || (strict && $0.severity == .warning) }
                    var body: [String] = []
                    if let first = failing.first {
                        failures += 1
                        let text = failing.map(Self.junitLine).joined(separator: "\n")
                        body.append("      <failure message=\"\(Self.xmlAttribute(first.message))\" type=\"\(first.severity.rawValue)\">"
                                    + Self.xmlText(text) + "</failure>")
                    }
                    let passing = findings.filter { f in !failing.contains(f) }
                    if !passing.isEmpty {
                        body.append("      <system-out>" + Self.xmlText(passing.map(Self.junitLine).joined(separator: "\n")) + "</system-out>")
                    }
                    cases.append(head + ">\n" + body.joined(separator: "\n") + "\n    </testcase>")
                }
            }
            totalTests += cases.count; totalFailures += failures; totalSkipped += skipped
            suites.append("  <testsuite name=\"\(Self.xmlAttribute(file.file))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
                          + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        let name = "svga validate (\(profileName) profile\(strict ? ", strict" : ""))"
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(Self.xmlAttribute(name))\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" skipped=\"\(totalSkipped)\">\n"
            + suites.joined(separator: "\n") + (suites.isEmpty ? "" : "\n") + "</testsuites>"
    }

    /// `severity: message (sprite 3 'key', frame 12)`.
    static func junitLine(_ f: Finding) -> String { "\(f.severity.rawValue): \(f.message)\(f.locationText)" }

    /// XML 1.0 character data: the five specials escaped, and characters XML cannot carry at
    /// all (C0 controls but tab, LF, CR; U+FFFE, U+FFFF) replaced by U+FFFD.
    static func xmlText(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// An attribute value: also tab, LF and CR as references, which attribute normalization
    /// would otherwise turn into spaces.
    static func xmlAttribute(_ s: String) -> String {
        xmlText(s).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
    }
}
