// A strict RFC 8259 parser over bytes, for untrusted text: every size is checked before it is
// used, nesting and values are capped (JSONLimits), and every error names the offset, line and
// column. Policies (see JSONValue.swift for the tree's):
// - a UTF-8 byte-order mark at the start is skipped (Python's utf-8-sig reading of the same files);
// - invalid UTF-8 is an error (RFC 8259 section 8.1), at the first bad byte;
// - a `\u` escape of a lone surrogate (RFC 8259 section 8.2 leaves it undefined) becomes U+FFFD,
//   as JSONSerialization and browsers do, so the string stays valid Unicode;
// - anything after the value but whitespace is an error ("trailing data").

extension JSONValue {
    /// Parses one JSON text. `bytes` is any byte collection (`[UInt8]`, `Data`, a slice).
    public static func parse<Bytes: Collection>(_ bytes: Bytes, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue
    where Bytes.Element == UInt8 {
        let parse = { (raw: UnsafeRawBufferPointer) -> Result<JSONValue, JSONParseError> in
            Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(raw, limits: limits) }
        }
        let result = bytes.withContiguousStorageIfAvailable { parse(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes(parse)
        return try result.get()
    }

    /// Parses JSON text held in a String.
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }
}

struct JSONParser {
    private let bytes: UnsafeRawBufferPointer
    private var i = 0
    private var tokensLeft: Int
    private let limits: JSONLimits

    static func parse(_ bytes: UnsafeRawBufferPointer, limits: JSONLimits) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(.tooLarge(bytes: bytes.count, limit: limits.maxBytes), offset: 0, line: 1, column: 1)
        }
        var p = JSONParser(bytes: bytes, limits: limits)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { p.i = 3 }
        p.skipWhitespace()
        let value = try p.parseValue(depth: 0)
        p.skipWhitespace()
        guard p.i == bytes.count else { throw p.error(.syntax("unexpected data after the JSON value"), at: p.i) }
        return value
    }

    private init(bytes: UnsafeRawBufferPointer, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
        self.tokensLeft = limits.maxTokens
    }

    /// The error at `offset`, with its line and column counted now (errors are rare; the
    /// parser does not track lines as it goes).
    private func error(_ kind: JSONParseError.Kind, at offset: Int) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for k in 0 ..< min(offset, bytes.count) where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        var column = 1
        if lineStart < offset {
            for k in lineStart ..< min(offset, bytes.count) where bytes[k] & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(kind, offset: offset, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw error(.syntax("unexpected end of data"), at: i) }
        tokensLeft -= 1
        guard tokensLeft >= 0 else { throw error(.tooManyTokens(limit: limits.maxTokens), at: i) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return try parseNumber()
        default: throw error(.syntax("unexpected character \(printable(at: i))"), at: i)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let start = i
        let n = word.utf8CodeUnitCount
        for k in 0 ..< n {
            guard i + k < bytes.count else { throw error(.syntax("unexpected end of data"), at: i + k) }
            guard bytes[i + k] == word.utf8Start[k] else { throw error(.syntax("invalid literal"), at: start) }
        }
        i += n
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw error(.tooDeep(limit: limits.maxDepth), at: i) }
        i += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw error(.syntax("unexpected end of data in an object"), at: i) }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error(.syntax("expected a member name"), at: i) }
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count else { throw error(.syntax("unexpected end of data in an object"), at: i) }
            guard bytes[i] == UInt8(ascii: ":") else { throw error(.syntax("expected ':'"), at: i) }
            i += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard i < bytes.count else { throw error(.syntax("unexpected end of data in an object"), at: i) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error(.syntax("expected ',' or '}'"), at: i)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw error(.tooDeep(limit: limits.maxDepth), at: i) }
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw error(.syntax("unexpected end of data in an array"), at: i) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error(.syntax("expected ',' or ']'"), at: i)
        }
    }

    private mutating func digits() -> Int {
        let s = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
        return i - s
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let intStart = i
        let intDigits = digits()
        guard intDigits > 0 else { throw error(.syntax("malformed number"), at: start) }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw error(.syntax("number with a leading zero"), at: start) }
        var integral = true
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            integral = false
            guard digits() > 0 else { throw error(.syntax("malformed number"), at: start) }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            integral = false
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw error(.syntax("malformed number"), at: start) }
        }
        // 18 digits always fit in Int64: the common case costs no text.
        if integral && intDigits <= 18 {
            var v = 0
            for k in intStart ..< i { v = v * 10 + Int(bytes[k] &- 0x30) }
            return .int(negative ? -v : v)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
        if integral { return Int(text).map(JSONValue.int) ?? .numberText(text) }
        // The grammar above is a subset of what Double reads.
        guard let d = Double(text) else { throw error(.syntax("malformed number"), at: start) }
        return d.isFinite ? .number(d) : .numberText(text)
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = i
        i += 1   // the opening quote
        let contentStart = i
        var escaped = false
        var nonASCII = false
        while true {
            guard i < bytes.count else { throw error(.syntax("unterminated string"), at: start) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw error(.syntax("control character in a string"), at: i) }
            if b == UInt8(ascii: "\\") { escaped = true; i += 2; continue }
            if b >= 0x80 { nonASCII = true }
            i += 1
        }
        let content = UnsafeRawBufferPointer(rebasing: bytes[contentStart ..< i])
        i += 1   // the closing quote
        // Escapes are ASCII and a UTF-8 sequence holds no ASCII byte, so validating the raw
        // span validates every unescaped run in it.
        if nonASCII, let bad = JSONParser.firstInvalidUTF8(content) {
            throw error(.invalidUTF8, at: contentStart + bad)
        }
        if !escaped { return String(decoding: content, as: UTF8.self) }
        return try unescape(content, at: contentStart)
    }

    private func unescape(_ content: UnsafeRawBufferPointer, at base: Int) throws(JSONParseError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var k = 0
        while k < content.count {
            let b = content[k]
            if b != UInt8(ascii: "\\") { out.append(b); k += 1; continue }
            let escapeAt = base + k
            guard k + 1 < content.count else { throw error(.syntax("unterminated string"), at: escapeAt) }
            let e = content[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(content, k) else { throw error(.syntax("invalid \\u escape"), at: escapeAt) }
                k += 4
                if (0xD800 ..< 0xDC00).contains(scalar), k + 6 <= content.count,
                   content[k] == UInt8(ascii: "\\"), content[k + 1] == UInt8(ascii: "u"),
                   let low = hex4(content, k + 2), (0xDC00 ..< 0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"   // lone surrogates
                UTF8.encode(u) { out.append($0) }
            default:
                throw error(.syntax("invalid escape '\\\(printable(e))'"), at: escapeAt)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func hex4(_ content: UnsafeRawBufferPointer, _ at: Int) -> UInt32? {
        guard content.count - at >= 4 else { return nil }
        var v: UInt32 = 0
        for k in at ..< at + 4 {
            let b = content[k]
            let d: UInt8
            switch b {
            case 0x30 ... 0x39: d = b - 0x30
            case 0x41 ... 0x46: d = b - 0x41 + 10
            case 0x61 ... 0x66: d = b - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// The offset of the first byte that does not start or continue a well-formed UTF-8
    /// sequence (Unicode 15, table 3-7: no overlongs, no surrogates, nothing above U+10FFFF).
    static func firstInvalidUTF8(_ s: UnsafeRawBufferPointer) -> Int? {
        var k = 0
        while k < s.count {
            let b = s[k]
            if b < 0x80 { k += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2 ... 0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1 ... 0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return k
            }
            guard k + 1 < s.count, s[k + 1] >= low, s[k + 1] <= high else { return k }
            for c in 2 ..< length {
                guard k + c < s.count, s[k + c] & 0xC0 == 0x80 else { return k }
            }
            k += length
        }
        return nil
    }

    private func printable(at offset: Int) -> String { "'" + printable(bytes[offset]) + "'" }

    private func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16, uppercase: true)
    }
}
