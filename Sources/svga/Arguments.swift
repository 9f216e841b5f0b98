import SVGAKit

/// A small argument scanner: positionals, `--flag`, `--option VALUE` / `--option=VALUE`, and
/// repeatable options. Each command states which options it takes, so a typo is a usage error
/// (exit 2) instead of being ignored.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ args: [String], options: Set<String>, flags allowedFlags: Set<String>) throws(CLIError) {
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--" {
                positionals.append(contentsOf: args[(i + 1)...]); break
            }
            if arg.hasPrefix("--") || (arg.hasPrefix("-") && arg.count == 2 && arg != "-") {
                var name = String(arg.drop(while: { $0 == "-" }))
                var inline: String?
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if allowedFlags.contains(name) && inline == nil {
                    flags.insert(name)
                } else if options.contains(name) {
                    if let inline {
                        values[name, default: []].append(inline)
                    } else {
                        guard i + 1 < args.count else { throw .usage("option --\(name) needs a value") }
                        values[name, default: []].append(args[i + 1]); i += 1
                    }
                } else {
                    throw .usage("unknown option \(arg)")
                }
            } else {
                positionals.append(arg)
            }
            i += 1
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func int(_ name: String, min: Int = Int.min) throws(CLIError) -> Int? {
        guard let v = value(name) else { return nil }
        guard let i = Int(v), i >= min else { throw .usage("--\(name) must be an integer ≥ \(min), not '\(v)'") }
        return i
    }
    /// `--max-memory SIZE` (bytes, or with a binary suffix K, M, G: `768M`, `2G`) as the decode
    /// budget scaled to it; the default budget without the option.
    func decodeBudget() throws(CLIError) -> DecodeBudget {
        guard let v = value("max-memory") else { return .default }
        var digits = Substring(v)
        var unit = 1
        switch digits.last.map({ Character($0.uppercased()) }) {
        case "K": unit = 1 << 10; digits = digits.dropLast()
        case "M": unit = 1 << 20; digits = digits.dropLast()
        case "G": unit = 1 << 30; digits = digits.dropLast()
        default: break
        }
        guard let n = Int(digits), n > 0, n <= (1 << 50) / unit, n * unit >= 16 << 20 else {
            throw .usage("--max-memory must be a size of at least 16M such as 768M or 2G, not '\(v)'")
        }
        return DecodeBudget.scaled(toMemory: n * unit)
    }

    func double(_ name: String) throws(CLIError) -> Double? {
        guard let v = value(name) else { return nil }
        guard let d = Double(v), d.isFinite, d > 0 else { throw .usage("--\(name) must be a number > 0, not '\(v)'") }
        return d
    }
}

/// Splits `KEY=VALUE` (the first `=`).
func keyValue(_ s: String, option: String) throws(CLIError) -> (String, String) {
    guard let eq = s.firstIndex(of: "="), eq != s.startIndex else {
        throw .usage("--\(option) expects KEY=VALUE, not '\(s)'")
    }
    return (String(s[..<eq]), String(s[s.index(after: eq)...]))
}
