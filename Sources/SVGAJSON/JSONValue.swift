// The one JSON tree of the toolkit (issue 13, "One JSON layer"): what the 1.x movie.spec reader,
// the movie.spec writer, the hook (events, catalogs, manifests), the validation, optimize and
// export reports and every `--json` output share. This module sits at the bottom of the graph
// and depends on nothing (not even Foundation), so any module may use it.
//
// - Objects keep their members in order (file order when parsed, construction order when
//   built), so output is deterministic without sorting and `images` keeps its file order.
// - Duplicate keys: kept in the tree in file order; lookup by key returns the *last* one, as
//   JavaScript, Python's json and JSONSerialization do. Readers that care (movie.spec `images`)
//   walk the members themselves.
// - Numbers are exact: an integer literal that fits in Int is `.int`; a decimal or exponent
//   literal with a finite Double is `.number`; anything else (an integer outside Int's range,
//   a literal Double overflows to ±infinity) keeps its text as `.numberText`, so it is written
//   back unchanged and nothing is silently rounded or clamped. Writers use `.numberText` for
//   numbers they format themselves (the movie.spec writer's shortest Float text).
// - Not `indirect`: arrays and member lists already live on the heap, so a number, literal or
//   short string costs no allocation of its own. A movie.spec holds ~200 000 values; boxing each
//   one made parsing allocation-bound (and 3–5× slower under AddressSanitizer, when fuzzing).

public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    /// A number kept as its literal text (see above); always valid JSON number syntax.
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal when they serialize to the same text (so `.int(1)` and `.number(1)` are equal, and
    /// member order matters).
    public static func == (l: JSONValue, r: JSONValue) -> Bool { l.serialized() == r.serialized() }
    public func hash(into h: inout Hasher) { h.combine(serialized()) }
}

extension JSONValue {
    /// The value of the last member named `key` of an object; nil for other values or no such member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members.reversed() where member.0 == key { return member.1 }
        return nil
    }

    public var stringValue: String? {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .number(let d): return String(d)
        case .numberText(let t): return t
        default: return nil
        }
    }

    /// Numbers, and strings that read as a number (movie.spec writes some numbers as strings).
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .number(let d): return d
        case .numberText(let t): return Double(t)
        case .string(let s): return Double(s)
        default: return nil
        }
    }

    /// Integral numbers that fit in Int (and strings that read as one).
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .number(let d): return d.isFinite && d == d.rounded() && abs(d) < 9e15 ? Int(d) : nil
        case .numberText(let t): return Int(t)
        case .string(let s): return Int(s)
        default: return nil
        }
    }

    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [(String, JSONValue)]? { if case .object(let o) = self { return o }; return nil }
    public var isObject: Bool { if case .object = self { return true }; return false }
    public var isNumber: Bool {
        switch self {
        case .int, .number, .numberText: return true
        default: return false
        }
    }
}
