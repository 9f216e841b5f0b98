import Foundation
import SVGAJSON
import SVGAKit

/// One upload job of `svga worker`: `{"jobID", "type", "input", "output", "options"}`, run as the
/// command line would run it (`svga <type> …`), so a job's report is exactly that command's JSON
/// report. `options` are the command's own options as JSON: `{"profile": "gift", "strict": true,
/// "set-text": ["name=Alice", "count=x3"]}` becomes `--profile gift --strict --set-text name=Alice
/// --set-text count=x3`; `false` and `null` leave an option out.
public struct UploadJob: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case validate, render, preview, optimize, export }

    public let jobID: String
    public let kind: Kind
    public let input: String
    public let output: String?
    public let options: [String]

    /// Options the job cannot set: the worker decides where output goes and how it is printed.
    static let reserved: Set<String> = ["out", "json", "format", "help", "h", "quiet", "q"]

    public static func parse(_ text: String) throws(PoolEntryProblem) -> UploadJob {
        let value: JSONValue
        do { value = try JSONValue.parse(Data(text.utf8)) } catch { throw PoolEntryProblem("job is not JSON: \(error)") }
        guard value.objectValue != nil else { throw PoolEntryProblem("a job must be a JSON object") }
        let jobID: String
        switch value["jobID"] {
        case .string(let s)? where !s.isEmpty && s.utf8.count <= 200: jobID = s
        case .int(let i)?: jobID = String(i)
        case nil: throw PoolEntryProblem("job field 'jobID' is missing")
        default: throw PoolEntryProblem("job field 'jobID' must be a non-empty string (≤ 200 bytes) or an integer")
        }
        func problem(_ text: String) -> PoolEntryProblem { PoolEntryProblem("job \(jobID): \(text)") }
        guard let typeName = value["type"]?.stringValue else { throw problem("field 'type' is missing") }
        guard let kind = Kind(rawValue: typeName) else {
            throw problem("type '\(typeName)' is not one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let input = value["input"]?.stringValue, !input.isEmpty else { throw problem("field 'input' is missing") }
        let output = value["output"]?.stringValue
        if kind != .validate && (output ?? "").isEmpty { throw problem("a \(kind.rawValue) job needs 'output'") }
        // A leading '-' would read as an option or as stdin.
        for path in [input, output].compactMap({ $0 }) where path.hasPrefix("-") {
            throw problem("paths may not start with '-' ('\(path)')")
        }
        var options: [String] = []
        if let raw = value["options"], raw != .null {
            guard let pairs = raw.objectValue else { throw problem("'options' must be an object") }
            for (name, v) in pairs {
                guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
                      name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
                    throw problem("option '\(name)' is not an option name")
                }
                guard !reserved.contains(name) else { throw problem("option '\(name)' is set by the worker") }
                func scalar(_ v: JSONValue) throws(PoolEntryProblem) -> String {
                    switch v {
                    case .string(let s): return s
                    case .int(let i): return String(i)
                    case .number(let d): return String(d)
                    default: throw problem("option '\(name)' must be a string, a number, true/false or an array of them")
                    }
                }
                switch v {
                case .null, .bool(false): continue
                case .bool(true): options.append("--" + name)
                case .array(let items): for item in items { options += ["--" + name, try scalar(item)] }
                default: options += ["--" + name, try scalar(v)]
                }
            }
        }
        return UploadJob(jobID: jobID, kind: kind, input: input, output: output, options: options)
    }

    /// The `svga` arguments that run the job.
    public var arguments: [String] {
        switch kind {
        case .validate: return ["validate", input, "--json"] + options
        case .render: return ["render", input, "--out", output!, "--json"] + options
        case .preview: return ["preview", input, "--out", output!] + options
        case .optimize: return ["optimize", input, output!, "--json"] + options
        case .export: return ["export", input, output!, "--json"] + options
        }
    }
}
