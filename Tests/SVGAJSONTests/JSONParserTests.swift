import Testing
import SVGAJSON

// The one JSON parser: what it accepts, what it refuses and where it says the problem is.

private func parseError(_ bytes: [UInt8], limits: JSONLimits = .default) -> JSONParseError? {
    do { _ = try JSONValue.parse(bytes, limits: limits); return nil } catch { return error }
}

private func parseError(_ text: String, limits: JSONLimits = .default) -> JSONParseError? {
    parseError(Array(text.utf8), limits: limits)
}

struct JSONParserTests {
    @Test func objectsKeepFileOrderAndLookupTakesTheLastDuplicate() throws {
        let v = try JSONValue.parse(#"{"z":1,"a":2,"m":{"k":[true,false,null]},"a":3}"#)
        #expect(v.objectValue?.map(\.0) == ["z", "a", "m", "a"])
        #expect(v["a"] == .int(3))
        #expect(v["m"]?["k"]?.arrayValue == [.bool(true), .bool(false), .null])
        // Duplicates survive a round trip: nothing is dropped silently.
        #expect(v.serialized() == #"{"z":1,"a":2,"m":{"k":[true,false,null]},"a":3}"#)
    }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\n\t\r\b\f""#, "\n\t\r\u{8}\u{C}"),
        (#""\u00e9\u4e2d""#, "é中"), (#""\ud83d\ude00""#, "😀"), ("\"é中😀\"", "é中😀"),
        // Lone surrogates (RFC 8259 8.2 leaves them undefined) become U+FFFD; what follows is kept.
        (#""\ud83d x""#, "\u{FFFD} x"), (#""\ude00""#, "\u{FFFD}"), (#""\ud83d\u0041""#, "\u{FFFD}A"),
        (#""\ud83d""#, "\u{FFFD}"),
    ])
    func strings(_ json: String, _ expected: String) throws {
        #expect(try JSONValue.parse(json).stringValue == expected)
    }

    /// Exact numbers: integers that fit stay Int, decimals are Doubles, and what neither holds
    /// keeps its text (written back unchanged).
    @Test(arguments: [
        ("0", JSONValue.int(0)), ("-12", .int(-12)), ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)), ("123456789012345678", .int(123456789012345678)),
        ("9223372036854775808", .numberText("9223372036854775808")),
        ("123456789012345678901234567890", .numberText("123456789012345678901234567890")),
        ("-12.5", .number(-12.5)), ("1e3", .number(1000)), ("2.5E-1", .number(0.25)), ("0.1", .number(0.1)),
        ("1e999", .numberText("1e999")), ("-1e999", .numberText("-1e999")),
    ])
    func numbers(_ json: String, _ expected: JSONValue) throws {
        let v = try JSONValue.parse(json)
        switch (v, expected) {
        case (.int(let a), .int(let b)): #expect(a == b)
        case (.number(let a), .number(let b)): #expect(a == b)
        case (.numberText(let a), .numberText(let b)): #expect(a == b)
        default: Issue.record("\(json) parsed as \(v), expected \(expected)")
        }
        #expect(v.isNumber)
    }

    @Test func hugeNumbersReadAsInfinityButWriteBackTheirText() throws {
        let v = try JSONValue.parse("[1e999,123456789012345678901234567890]")
        #expect(v.arrayValue?[0].doubleValue == .infinity)
        #expect(v.arrayValue?[1].intValue == nil)
        #expect(v.serialized() == "[1e999,123456789012345678901234567890]")
    }

    /// One line per malformed input: the message, and where (offset, line, column).
    @Test(arguments: [
        ("", "unexpected end of data", 0, 1, 1),
        ("   ", "unexpected end of data", 3, 1, 4),
        (#"{"a":1,}"#, "expected a member name", 7, 1, 8),
        ("[1 2]", "expected ',' or ']'", 3, 1, 4),
        (#"{"a" 1}"#, "expected ':'", 5, 1, 6),
        ("01", "number with a leading zero", 0, 1, 1),
        ("1.", "malformed number", 0, 1, 1),
        ("-", "malformed number", 0, 1, 1),
        ("1e+", "malformed number", 0, 1, 1),
        ("NaN", "unexpected character 'N'", 0, 1, 1),
        ("Infinity", "unexpected character 'I'", 0, 1, 1),
        ("tru", "unexpected end of data", 3, 1, 4),
        ("nul!", "invalid literal", 0, 1, 1),
        ("\"abc", "unterminated string", 0, 1, 1),
        ("\"a\\", "unterminated string", 0, 1, 1),
        ("\"a\u{1}\"", "control character in a string", 2, 1, 3),
        ("\"a\nb\"", "control character in a string", 2, 1, 3),
        (#""\x""#, "invalid escape '\\x'", 1, 1, 2),
        (#""\u12G4""#, "invalid \\u escape", 1, 1, 2),
        (#""\u12""#, "invalid \\u escape", 1, 1, 2),
        // Truncated input: every prefix of a document is an error at its end.
        (#"{"a":[1,2"#, "unexpected end of data in an array", 9, 1, 10),
        (#"{"a":"#, "unexpected end of data", 5, 1, 6),
        (#"{"a""#, "unexpected end of data in an object", 4, 1, 5),
        ("{", "unexpected end of data in an object", 1, 1, 2),
        // Trailing garbage.
        ("{} x", "unexpected data after the JSON value", 3, 1, 4),
        ("1 2", "unexpected data after the JSON value", 2, 1, 3),
        ("{}\u{0}", "unexpected data after the JSON value", 2, 1, 3),
        // Lines and columns: the column counts characters, not bytes.
        ("{\n  \"é\": 1,\n  \"b\": tru\n}", "invalid literal", 20, 3, 8),
        ("[\"中文\",\n\"中\", x]", "unexpected character 'x'", 18, 2, 6),
    ])
    func malformedInputsNameWhere(_ json: String, _ what: String, _ offset: Int, _ line: Int, _ column: Int) {
        let e = parseError(json)
        #expect(e == JSONParseError(.syntax(what), offset: offset, line: line, column: column))
        #expect(e?.description == "\(what) at line \(line), column \(column) (offset \(offset))")
    }

    /// RFC 8259 8.1: JSON text is UTF-8; anything else is refused at its first bad byte
    /// (overlong forms, encoded surrogates, code points above U+10FFFF, truncated sequences).
    @Test(arguments: [
        ([0x22, 0xFF, 0x22], 1), ([0x22, 0x61, 0xC0, 0xAF, 0x22], 2), ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1), ([0x22, 0xE4, 0xB8, 0x22], 1), ([0x22, 0x80, 0x22], 1),
        ([0x22, 0x5C, 0x6E, 0xE0, 0x80, 0x80, 0x22], 3), ([0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22], 1),
    ] as [([UInt8], Int)])
    func invalidUTF8IsRefused(_ bytes: [UInt8], _ offset: Int) {
        #expect(parseError(bytes)?.kind == .invalidUTF8)
        #expect(parseError(bytes)?.offset == offset)
    }

    @Test func nonASCIIOutsideStringsIsASyntaxError() {
        #expect(parseError([0x5B, 0xC3, 0xA9, 0x5D])?.kind == .syntax("unexpected character '\\xC3'"))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array(#"{"ver":"1"}"#.utf8))["ver"]?.stringValue == "1")
    }

    @Test func nestingIsCappedAtTheDepthLimit() throws {
        let depth = JSONLimits.defaultMaxDepth
        let ok = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(parseError(ok) == nil)
        let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(parseError(deep) == JSONParseError(.tooDeep(limit: depth), offset: depth, line: 1, column: depth + 1))
        #expect(parseError(deep)?.isLimit == true)
        // Far deeper than any stack would survive unrefused: still an error, not a crash.
        let hostile = String(repeating: "[{\"a\":", count: 100_000)
        #expect(parseError(hostile)?.kind == .tooDeep(limit: depth))
        let objects = String(repeating: #"{"a":"#, count: 3)
        #expect(parseError(objects + "1}}}", limits: JSONLimits(maxBytes: 100, maxDepth: 2, maxTokens: 100))?.kind == .tooDeep(limit: 2))
    }

    @Test func valuesAndBytesAreCapped() {
        let limits = JSONLimits(maxBytes: 32, maxTokens: 4)
        #expect(parseError("[1,2,3]", limits: limits) == nil)   // the array and three numbers
        #expect(parseError("[1,2,3,4]", limits: limits) == JSONParseError(.tooManyTokens(limit: 4), offset: 7, line: 1, column: 8))
        let long = "[" + String(repeating: " ", count: 40) + "]"
        #expect(parseError(long, limits: limits) == JSONParseError(.tooLarge(bytes: 42, limit: 32), offset: 0, line: 1, column: 1))
        #expect(parseError(long, limits: limits)?.description == "42 bytes > limit 32")
    }
}
