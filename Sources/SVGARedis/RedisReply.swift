/// A decoded hiredis reply (RESP2, what hiredis 0.14 speaks). Bulk strings stay bytes:
/// stream fields are binary-safe; `string` decodes them as UTF-8 where text is expected.
public indirect enum RedisReply: Sendable, Equatable, CustomStringConvertible {
    case bulk([UInt8])
    case status(String)
    case integer(Int)
    case array([RedisReply])
    case null
    case error(String)

    public var string: String? {
        switch self {
        case .bulk(let b): return String(decoding: b, as: UTF8.self)
        case .status(let s): return s
        case .integer(let i): return String(i)
        default: return nil
        }
    }
    public var integer: Int? {
        switch self {
        case .integer(let i): return i
        case .bulk, .status: return string.flatMap { Int($0) }
        default: return nil
        }
    }
    public var array: [RedisReply]? { if case .array(let a) = self { return a }; return nil }
    public var isNull: Bool { self == .null }

    public var description: String {
        switch self {
        case .bulk(let b):
            let text = String(decoding: b.prefix(60), as: UTF8.self)
            return b.count > 60 ? "\"\(text)…\" (\(b.count) bytes)" : "\"\(text)\""
        case .status(let s): return "+\(s)"
        case .integer(let i): return "(integer) \(i)"
        case .array(let a): return "[\(a.prefix(4).map(\.description).joined(separator: ", "))\(a.count > 4 ? ", … \(a.count) items" : "")]"
        case .null: return "(nil)"
        case .error(let e): return "-\(e)"
        }
    }
}
