import Testing
@testable import SVGAFormat

// The strict JSON reader behind movie.spec: member order kept, escapes, error offsets, depth cap.

private func parseError(_ text: String) -> JSONFormatError? {
    do { _ = try SpecJSONParser.parse(Array(text.utf8)); return nil } catch { return error }
}

struct SpecJSONParserTests {
    @Test func objectsKeepFileOrderAndLastDuplicateWins() throws {
        let v = try SpecJSONParser.parse(Array(#"{"z":1,"a":2,"m":{"k":[true,false,null]},"a":3}"#.utf8))
        guard case .object(let members) = v else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["z", "a", "m", "a"])
        if case .number(let n)? = v["a"] { #expect(n == 3) } else { Issue.record("a is not a number") }
        #expect(v["m"]?["k"]?.arrayValue?.count == 3)
    }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\n\t\r\b\f""#, "\n\t\r\u{8}\u{C}"),
        (#""\u00e9\u4e2d""#, "é中"), (#""\ud83d\ude00""#, "😀"), (#""\ud83d x""#, "\u{FFFD} x"), ("\"é\"", "é"),
    ])
    func strings(_ json: String, _ expected: String) throws {
        #expect(try SpecJSONParser.parse(Array(json.utf8)).stringValue == expected)
    }

    @Test(arguments: [("0", 0.0), ("-12.5", -12.5), ("1e3", 1000), ("2.5E-1", 0.25), ("1e999", Double.infinity)])
    func numbers(_ json: String, _ expected: Double) throws {
        guard case .number(let n) = try SpecJSONParser.parse(Array(json.utf8)) else { Issue.record("not a number"); return }
        #expect(n == expected)
    }

    @Test(arguments: [
        ("", JSONFormatError.syntax("unexpected end of data", offset: 0)),
        (#"{"a":1,}"#, .syntax("expected a member name", offset: 7)),
        (#"[1 2]"#, .syntax("expected ',' or ']'", offset: 3)),
        (#"{"a" 1}"#, .syntax("expected ':'", offset: 5)),
        ("01", .syntax("number with a leading zero", offset: 0)),
        ("1.", .syntax("malformed number", offset: 0)),
        ("NaN", .syntax("unexpected character 'N'", offset: 0)),
        ("tru", .syntax("unexpected end of data", offset: 0)),
        ("\"abc", .syntax("unterminated string", offset: 0)),
        ("\"a\u{1}\"", .syntax("control character in a string", offset: 2)),
        (#""\x""#, .syntax("invalid escape '\\x'", offset: 1)),
        ("{} x", .syntax("unexpected data after the JSON value", offset: 3)),
    ])
    func syntaxErrorsNameTheOffset(_ json: String, _ expected: JSONFormatError) {
        #expect(parseError(json) == expected)
    }

    @Test func nestingIsCapped() {
        let deep = String(repeating: "[", count: Limits.maxJSONDepth + 1) + String(repeating: "]", count: Limits.maxJSONDepth + 1)
        #expect(parseError(deep) == .tooDeep(offset: Limits.maxJSONDepth))
        let ok = String(repeating: "[", count: Limits.maxJSONDepth) + String(repeating: "]", count: Limits.maxJSONDepth)
        #expect(parseError(ok) == nil)
    }

    @Test func byteOrderMarkIsTolerated() throws {
        #expect(try SpecJSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"ver":"1"}"#.utf8))["ver"]?.stringValue == "1")
    }
}
