/// Why a JSON text was refused, and where: the byte offset, and the line and column (1-based;
/// the column counts characters, not bytes) a person can find in an editor.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Not JSON (RFC 8259): what was expected or found.
        case syntax(String)
        /// Bytes that are not UTF-8 (RFC 8259 section 8.1 requires it).
        case invalidUTF8
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// More values than the limit; the offset is where the first one over it starts.
        case tooManyTokens(limit: Int)
        /// More bytes than the limit (offset 0: refused before parsing).
        case tooLarge(bytes: Int, limit: Int)
    }

    public let kind: Kind
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(_ kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// True for the caps (size, depth, values) rather than malformed text.
    public var isLimit: Bool {
        if case .syntax = kind { return false }
        if case .invalidUTF8 = kind { return false }
        return true
    }

    public var what: String {
        switch kind {
        case .syntax(let s): return s
        case .invalidUTF8: return "invalid UTF-8"
        case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
        case .tooManyTokens(let limit): return "more than \(limit) JSON values"
        case .tooLarge(let n, let limit): return "\(n) bytes > limit \(limit)"
        }
    }

    public var description: String {
        if case .tooLarge = kind { return what }
        return "\(what) at line \(line), column \(column) (offset \(offset))"
    }
}
