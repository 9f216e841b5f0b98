import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `svga validate --format junit|sarif` and `--min-severity` (issue 13): JUnit XML with one
/// testsuite per file and one testcase per rule, failing exactly where the exit status does;
/// SARIF 2.1.0 with the fields its schema requires; a severity threshold that filters what every
/// format lists and never changes the exit status.
struct ValidateReportFormatCLITests {
    /// legacy-1x.svga passes with warnings; the second file does not decode.
    static func inputs() throws -> (dir: URL, bad: String) {
        let dir = try CLIRunner.temporaryDirectory("validate-formats")
        let bad = dir.appendingPathComponent("bad <&> \"name\".svga")
        try Data("not an svga".utf8).write(to: bad)
        return (dir, bad.path)
    }

    static func xml(_ text: String) throws -> XMLDocument { try XMLDocument(xmlString: text, options: []) }

    @Test func junitHasASuitePerFileAndACasePerRule() throws {
        let (dir, bad) = try Self.inputs()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga", bad, "--format", "junit"])
        #expect(r.status == 1)
        let doc = try Self.xml(r.stdout)   // well-formed, names with <&>" escaped
        let root = try #require(doc.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["SampleAssets/legacy-1x.svga", bad])
        let rules = try CLIRunner.run(["validate", "--list-rules", "--json"])
        let ruleCount = ((try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [String: Any])?["rules"] as? [Any])?.count
        for suite in suites {
            let cases = suite.elements(forName: "testcase")
            #expect(cases.count == ruleCount && suite.attribute(forName: "tests")?.stringValue == String(cases.count))
        }
        // The passing file: warnings are listed, not failures.
        let good = suites[0]
        #expect(good.attribute(forName: "failures")?.stringValue == "0")
        let zip = try #require(good.elements(forName: "testcase").first { $0.attribute(forName: "name")?.stringValue == "compat.zip-container" })
        #expect(zip.elements(forName: "failure").isEmpty)
        #expect(zip.elements(forName: "system-out").first?.stringValue?.hasPrefix("warning: the file is a 1.x ZIP container") == true)
        // The broken file: its decode rule fails, the rules it never reached are skipped.
        let broken = suites[1]
        #expect(broken.attribute(forName: "failures")?.stringValue == "1")
        let failing = broken.elements(forName: "testcase").filter { !$0.elements(forName: "failure").isEmpty }
        #expect(failing.map { $0.attribute(forName: "name")?.stringValue } == ["decode.container"])
        #expect(failing[0].elements(forName: "failure")[0].attribute(forName: "type")?.stringValue == "error")
        let skipped = broken.elements(forName: "testcase").filter { !$0.elements(forName: "skipped").isEmpty }
        #expect(skipped.count > 30 && broken.attribute(forName: "skipped")?.stringValue == String(skipped.count))
        #expect(!skipped.contains { $0.attribute(forName: "name")?.stringValue?.hasPrefix("decode.") == true })
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
    }

    @Test func junitFailsWarningsUnderStrictAndSkipsDisabledRules() throws {
        let dir = try CLIRunner.temporaryDirectory("validate-junit-strict")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rules = dir.appendingPathComponent("rules.json")
        try Data(#"{"disable": ["compat.color-255"]}"#.utf8).write(to: rules)
        let r = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga", "--format", "junit", "--strict", "--rules", rules.path])
        #expect(r.status == 1)
        let suite = try #require(try Self.xml(r.stdout).rootElement()?.elements(forName: "testsuite").first)
        let byName = Dictionary(uniqueKeysWithValues: suite.elements(forName: "testcase").map { ($0.attribute(forName: "name")!.stringValue!, $0) })
        #expect(byName["compat.zip-container"]?.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "warning")
        #expect(byName["compat.color-255"]?.elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue == "disabled by the rules file")
    }

    @Test func sarifHasTheFieldsTheSchemaRequires() throws {
        let (dir, bad) = try Self.inputs()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga", bad, "--format", "sarif"])
        #expect(r.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "svga")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count && Set(ids).count == ids.count && ids.contains("decode.container"))
        #expect(rules.allSatisfy { (($0["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        let text = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga", bad])
        let findingLines = text.stdout.split(separator: "\n").filter { $0.contains(": error ") || $0.contains(": warning ") || $0.contains(": info ") }
        #expect(results.count == findingLines.count && !results.isEmpty)
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            #expect(ids.contains(ruleId))
            #expect(result["ruleIndex"] as? Int == ids.firstIndex(of: ruleId))
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let uri = ((locations.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri == "SampleAssets/legacy-1x.svga" || uri == "file://" + bad.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!,
                    "\(uri ?? "nil")")
            #expect(URL(string: uri ?? "") != nil, "a valid URI reference")
        }
        let broken = try #require(results.first { $0["ruleId"] as? String == "decode.container" })
        #expect(broken["level"] as? String == "error")
    }

    /// The same threshold in every format: listed findings drop, verdicts and exit codes stay.
    @Test(arguments: ["text", "json", "github", "junit", "sarif"])
    func minSeverityFiltersEveryFormat(_ format: String) throws {
        let file = "SampleAssets/legacy-1x.svga"
        let all = try CLIRunner.run(["validate", file, "--format", format])
        let errorsOnly = try CLIRunner.run(["validate", file, "--format", format, "--min-severity", "error"])
        let strict = try CLIRunner.run(["validate", file, "--format", format, "--min-severity", "error", "--strict"])
        #expect(all.status == 0 && errorsOnly.status == 0)
        #expect(strict.status == 1, "--strict still fails on the warnings it does not list")
        let marker: String = switch format {
        case "text": ": warning "
        case "json": #""severity": "warning""#
        case "github": "::warning "
        case "junit": "warning: "
        default: #""ruleId": "compat.zip-container""#   // rules[] names every level; results name their rule
        }
        #expect(all.stdout.contains(marker), "\(all.stdout)")
        #expect(!errorsOnly.stdout.contains(marker), "\(errorsOnly.stdout)")
        #expect(!strict.stdout.contains(marker))
        if format == "text" {
            // Counts stay true: the summary still says how many warnings there are.
            #expect(errorsOnly.stdout.split(separator: "\n").last == all.stdout.split(separator: "\n").last)
        }
    }

    @Test(arguments: [
        (["--min-severity", "fatal"], "--min-severity must be info, warning or error, not 'fatal'"),
        (["--list-rules", "--format", "junit"], "--list-rules prints text or json, not junit"),
    ])
    func badOptions(_ options: [String], _ message: String) throws {
        let r = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga"] + options)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("svga: " + message), "\(r.stderr)")
    }
}
