// The one JSON writer: every `--json` output, report, manifest and the movie.spec writer go
// through it, so the same value always gives the same bytes. Keys are written in the order the
// object holds them (callers that want sorted keys build them sorted). Non-finite `.number`s
// have no JSON form and are written as `null`.

extension JSONValue {
    /// Compact (one line, no spaces) or indented (two spaces, `"key": value`) text.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d): out += JSONValue.format(d)
        case .numberText(let t): out += t
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { JSONValue.newline(into: &out, indent: indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(into: &out, indent: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { JSONValue.newline(into: &out, indent: indent + 1) }
                JSONValue.writeString(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(into: &out, indent: indent) }
            out += "}"
        }
    }

    private static func newline(into out: inout String, indent: Int) {
        out += "\n"
        for _ in 0 ..< indent { out += "  " }
    }

    /// Integral values below 1e15 print as integers ("3", not "3.0"); others as Swift's
    /// shortest round-tripping text ("0.1", "1e+20"), which is valid JSON.
    static func format(_ d: Double) -> String {
        if !d.isFinite { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// RFC 8259 section 7: quote, backslash and C0 control characters escaped (\n, \r, \t by
    /// name, the rest as \u00XX); everything else as UTF-8.
    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
