// The tiny JSON tree the movie.spec writer builds, and its serialiser: compact, object keys in
// sorted (byte) order, numbers that read back to the same Float, so output is deterministic.
indirect enum JSONValue {
    case number(Float)
    case integer(Int32)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .number(let value):
            out += JSONValue.format(value)
        case .integer(let value):
            out += String(value)
        case .string(let text):
            JSONValue.writeString(text, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// Integral values print as integers (as real movie.spec files have them); others use
    /// `Float.description`, the shortest text that reads back to the same Float. Callers have
    /// already refused non-finite values.
    static func format(_ value: Float) -> String {
        if value == value.rounded(), abs(value) < 1e7 {
            return String(Int(value))
        }
        return value.description
    }

    /// RFC 8259 section 7: quote, backslash and control characters escaped; the rest as UTF-8.
    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
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
