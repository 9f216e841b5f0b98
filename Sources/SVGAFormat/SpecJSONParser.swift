// A small strict JSON (RFC 8259) parser for 1.x `movie.spec` (spec B.1.3). Written here rather
// than using JSONSerialization so that object members keep their file order (the `images` map
// order becomes `Movie.images` order, which must not depend on hashing), nesting is capped
// (`Limits.maxJSONDepth`), and every syntax error names its byte offset.
// Duplicate object keys: the last one wins on lookup, as in JavaScript and JSONSerialization.

indirect enum SpecJSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SpecJSON])
    case object([(key: String, value: SpecJSON)])

    /// Member lookup on an object (last duplicate wins); nil for other values or a missing key.
    subscript(key: String) -> SpecJSON? {
        guard case .object(let members) = self else { return nil }
        for m in members.reversed() where m.key == key { return m.value }
        return nil
    }

    var arrayValue: [SpecJSON]? { if case .array(let a) = self { return a } else { return nil } }
    var isObject: Bool { if case .object = self { return true } else { return false } }
    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
}

struct SpecJSONParser {
    private let bytes: UnsafeRawBufferPointer
    private var i = 0
    /// Tokens (values and closing brackets) still allowed: each costs a tree node, so the count,
    /// not only the text size, bounds the memory of the tree (DecodeBudget.maxJSONTokens).
    private var tokensLeft: Int
    private let maxTokens: Int

    static func parse(_ data: [UInt8], maxTokens: Int = DecodeBudget.default.maxJSONTokens) throws(JSONFormatError) -> SpecJSON {
        try withByteBuffer(data) { (raw: UnsafeRawBufferPointer) throws(JSONFormatError) -> SpecJSON in
            var p = SpecJSONParser(bytes: raw, maxTokens: maxTokens)
            // A UTF-8 byte-order mark is tolerated (Python's utf-8-sig reading of the same files).
            if raw.count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF { p.i = 3 }
            p.skipWhitespace()
            let value = try p.parseValue(depth: 0)
            p.skipWhitespace()
            guard p.i == raw.count else { throw .syntax("unexpected data after the JSON value", offset: p.i) }
            return value
        }
    }

    private init(bytes: UnsafeRawBufferPointer, maxTokens: Int) {
        self.bytes = bytes
        self.tokensLeft = maxTokens
        self.maxTokens = maxTokens
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONFormatError) -> SpecJSON {
        guard i < bytes.count else { throw .syntax("unexpected end of data", offset: i) }
        tokensLeft -= 1
        guard tokensLeft >= 0 else { throw .tooManyTokens(limit: maxTokens, offset: i) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw .syntax("unexpected character '\(printable(bytes[i]))'", offset: i)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONFormatError) {
        let start = i
        let n = word.utf8CodeUnitCount
        guard bytes.count - i >= n else { throw .syntax("unexpected end of data", offset: start) }
        for k in 0 ..< n where bytes[i + k] != word.utf8Start[k] {
            throw .syntax("invalid literal", offset: start)
        }
        i += n
    }

    private mutating func parseObject(depth: Int) throws(JSONFormatError) -> SpecJSON {
        guard depth <= Limits.maxJSONDepth else { throw .tooDeep(offset: i) }
        i += 1
        var members: [(key: String, value: SpecJSON)] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw .syntax("expected a member name", offset: i) }
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw .syntax("expected ':'", offset: i) }
            i += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard i < bytes.count else { throw .syntax("unexpected end of data in an object", offset: i) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw .syntax("expected ',' or '}'", offset: i)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONFormatError) -> SpecJSON {
        guard depth <= Limits.maxJSONDepth else { throw .tooDeep(offset: i) }
        i += 1
        var items: [SpecJSON] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw .syntax("unexpected end of data in an array", offset: i) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw .syntax("expected ',' or ']'", offset: i)
        }
    }

    private mutating func parseNumber() throws(JSONFormatError) -> Double {
        let start = i
        func digits(_ p: inout SpecJSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw .syntax("malformed number", offset: start) }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw .syntax("number with a leading zero", offset: start) }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw .syntax("malformed number", offset: start) }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits(&self) > 0 else { throw .syntax("malformed number", offset: start) }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
        // The grammar above is a subset of what Double parses; huge exponents give ±infinity,
        // which the resolver reports as a non-finite number.
        guard let v = Double(text) else { throw .syntax("malformed number", offset: start) }
        return v
    }

    private mutating func parseString() throws(JSONFormatError) -> String {
        let start = i
        i += 1   // opening quote
        // Fast path: no escapes.
        let contentStart = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[contentStart ..< i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw .syntax("control character in a string", offset: i) }
            i += 1
        }
        guard i < bytes.count else { throw .syntax("unterminated string", offset: start) }
        var out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[contentStart ..< i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw .syntax("control character in a string", offset: i) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            let escapeAt = i
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
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
                var scalar = try hex4(at: escapeAt)
                if (0xD800 ..< 0xDC00).contains(scalar), bytes.count - i >= 6,
                   bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    let low = try hex4(at: save)
                    if (0xDC00 ..< 0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save   // unpaired high surrogate: replaced below, low parsed next
                    }
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"   // lone surrogates become U+FFFD
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw .syntax("invalid escape '\\\(printable(e))'", offset: escapeAt)
            }
        }
        throw .syntax("unterminated string", offset: start)
    }

    private mutating func hex4(at escapeAt: Int) throws(JSONFormatError) -> UInt32 {
        guard bytes.count - i >= 4 else { throw .syntax("truncated \\u escape", offset: escapeAt) }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case 0x30 ... 0x39: d = b - 0x30
            case 0x41 ... 0x46: d = b - 0x41 + 10
            case 0x61 ... 0x66: d = b - 0x61 + 10
            default: throw .syntax("invalid \\u escape", offset: escapeAt)
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    private func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16, uppercase: true)
    }
}
