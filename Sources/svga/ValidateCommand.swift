import Foundation
import SVGAJSON
import SVGAKit
import SVGAValidation

/// `svga validate FILE|DIR ... [--profile NAME] [--rules RULES.json] [--format text|json|github|junit|sarif]
/// [--min-severity LEVEL] [--strict]`
/// (issue 4). Exit 0 when every file passes, 1 when one has an error (or a warning with
/// --strict), 2 for usage problems, including a bad rules file. `--list-rules` prints every
/// code with its default severity and the chosen profile's limits.
enum ValidateCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["profile", "rules", "threads", "format", "max-memory", "min-severity"],
                              flags: ["json", "strict", "list-rules"])
        let format = try outputFormat(a)
        var minimum = Severity.info
        if let v = a.value("min-severity") {
            guard let s = Severity(rawValue: v) else { throw .usage("--min-severity must be info, warning or error, not '\(v)'") }
            minimum = s
        }
        var rules: RulesFile?
        if let path = a.value("rules") {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw .usage("cannot read rules file \(path): \(FileSystemReason.describe(error))")
            }
            do { rules = try RulesFile.parse(data) } catch { throw .usage("\(path): \(error.description)") }
        }
        let policy: ValidationPolicy
        do { policy = try ValidationPolicy.make(profileName: a.value("profile"), rules: rules, strict: a.flag("strict")) } catch {
            throw .usage(error.description)
        }
        if a.flag("list-rules") {
            guard format == "text" || format == "json" else { throw .usage("--list-rules prints text or json, not \(format)") }
            Output.data(listing(policy, json: format == "json"))
            return
        }
        guard !a.positionals.isEmpty else { throw .usage("validate takes at least one FILE or DIR") }
        let validator = Validator(policy: policy, threads: try a.int("threads", min: 1), budget: try a.decodeBudget())
        let full = validator.validate(paths: a.positionals)
        if Output.verbose { ruleDetail(full).forEach { Output.detail($0) } }
        let report = full.showing(minimum: minimum)
        // Under --quiet a passing run prints nothing; a failing one still shows its report.
        if !Output.quiet || !report.passed {
            switch format {
            case "json": Output.data(report.json.serialized(pretty: true))
            case "github": Output.data(report.githubAnnotations)
            case "junit": Output.data(report.junitXML)
            case "sarif": Output.data(report.sarif(toolVersion: LibraryVersions.version, severities: policy.severities).serialized(pretty: true))
            default: Output.data(report.text)
            }
        }
        if !report.passed { throw .failed(nil) }
    }

    /// `validate -v`: per file, every rule and what it concluded (before `--min-severity`).
    static func ruleDetail(_ report: ValidationReport) -> [String] {
        var lines: [String] = []
        let width = RuleCode.allCases.map(\.rawValue.count).max() ?? 0
        for file in report.files {
            for (code, outcome) in file.ruleOutcomes(disabled: report.disabled) {
                let verdict: String
                switch outcome {
                case .passed: verdict = "pass"
                case .disabled: verdict = "off (rules file)"
                case .notChecked: verdict = "not checked (the file could not be read or decoded)"
                case .found(let findings):
                    let bySeverity = Severity.allCases.reversed().compactMap { s -> String? in
                        let n = findings.filter { $0.severity == s }.count
                        return n == 0 ? nil : counted(n, s.rawValue, plural: s == .info ? "info" : nil)
                    }
                    verdict = bySeverity.joined(separator: ", ")
                }
                lines.append("\(file.file): rule \(code.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  \(verdict)")
            }
        }
        return lines
    }

    /// `--format text|json|github|junit|sarif`; `--json` is `--format json`.
    static func outputFormat(_ a: Arguments) throws(CLIError) -> String {
        let named = a.value("format")
        if a.flag("json") {
            guard named == nil || named == "json" else { throw .usage("--json means --format json; it cannot be combined with --format \(named!)") }
            return "json"
        }
        guard let named else { return "text" }
        guard ["text", "json", "github", "junit", "sarif"].contains(named) else {
            throw .usage("--format must be text, json, github, junit or sarif, not '\(named)'")
        }
        return named
    }

    /// The rule table (code, default severity, what it checks) and the profile's limits.
    static func listing(_ policy: ValidationPolicy, json: Bool) -> String {
        if json {
            return JSONValue.object([
                ("profile", .string(policy.profile.name)),
                ("limits", policy.limits.json),
                ("rules", .array(RuleCode.allCases.map { code in
                    .object([("code", .string(code.rawValue)),
                             ("severity", .string((policy.severities[code] ?? code.defaultSeverity).rawValue)),
                             ("enabled", .bool(!policy.disabled.contains(code))),
                             ("summary", .string(code.summary))])
                })),
            ]).serialized(pretty: true)
        }
        var lines = ["rules (code, severity, what it checks):"]
        let width = RuleCode.allCases.map(\.rawValue.count).max() ?? 0
        for code in RuleCode.allCases {
            let severity = policy.disabled.contains(code) ? "off" : (policy.severities[code] ?? code.defaultSeverity).rawValue
            lines.append("  " + code.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                         + severity.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + code.summary)
        }
        lines.append("limits of the \(policy.profile.name) profile:")
        for (name, value) in policy.limits.json.objectValue ?? [] {
            lines.append("  \(name): \(value.serialized())")
        }
        return lines.joined(separator: "\n")
    }
}
