import Foundation
import SVGAKit
import SVGAValidation

/// `svga validate FILE|DIR ... [--profile NAME] [--rules RULES.json] [--format text|json|github] [--strict]`
/// (issue 4). Exit 0 when every file passes, 1 when one has an error (or a warning with
/// --strict), 2 for usage problems, including a bad rules file. `--list-rules` prints every
/// code with its default severity and the chosen profile's limits.
enum ValidateCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["profile", "rules", "threads", "format", "max-memory"], flags: ["json", "strict", "list-rules"])
        let format = try outputFormat(a)
        var rules: RulesFile?
        if let path = a.value("rules") {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw .usage("cannot read rules file \(path): \(error.localizedDescription)")
            }
            do { rules = try RulesFile.parse(data) } catch { throw .usage("\(path): \(error.description)") }
        }
        let policy: ValidationPolicy
        do { policy = try ValidationPolicy.make(profileName: a.value("profile"), rules: rules, strict: a.flag("strict")) } catch {
            throw .usage(error.description)
        }
        if a.flag("list-rules") {
            guard format != "github" else { throw .usage("--list-rules prints text or json, not github annotations") }
            Output.data(listing(policy, json: format == "json"))
            return
        }
        guard !a.positionals.isEmpty else { throw .usage("validate takes at least one FILE or DIR") }
        let validator = Validator(policy: policy, threads: try a.int("threads", min: 1), budget: try a.decodeBudget())
        let report = validator.validate(paths: a.positionals)
        // Under --quiet a passing run prints nothing; a failing one still shows its report.
        if !Output.quiet || !report.passed {
            switch format {
            case "json": Output.data(report.json.serialized(pretty: true))
            case "github": Output.data(report.githubAnnotations)
            default: Output.data(report.text)
            }
        }
        if !report.passed { throw .failed(nil) }
    }

    /// `--format text|json|github`; `--json` is `--format json`.
    static func outputFormat(_ a: Arguments) throws(CLIError) -> String {
        let named = a.value("format")
        if a.flag("json") {
            guard named == nil || named == "json" else { throw .usage("--json means --format json; it cannot be combined with --format \(named!)") }
            return "json"
        }
        guard let named else { return "text" }
        guard ["text", "json", "github"].contains(named) else {
            throw .usage("--format must be text, json or github, not '\(named)' (junit and sarif are not written yet)")
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
