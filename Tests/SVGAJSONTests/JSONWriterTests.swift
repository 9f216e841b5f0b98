import Testing
import SVGAJSON

// The one writer: deterministic bytes, escapes, and parse ∘ serialize as the identity.

struct JSONWriterTests {
    static let sample: JSONValue = .object([
        ("name", .string("a \"quoted\" \\ name\n\t\u{1}é😀")),
        ("count", .int(-3)), ("ratio", .number(0.1)), ("whole", .number(3)), ("big", .number(1e20)),
        ("exact", .numberText("123456789012345678901234567890")),
        ("flags", .array([.bool(true), .bool(false), .null])), ("empty", .object([])), ("none", .array([])),
        ("nested", .object([("z", .int(1)), ("a", .array([.object([("k", .string(""))])]))])),
    ])

    @Test func compactText() {
        #expect(Self.sample.serialized() == #"{"name":"a \"quoted\" \\ name\n\t\u0001é😀","count":-3,"ratio":0.1,"whole":3,"big":1e+20,"exact":123456789012345678901234567890,"flags":[true,false,null],"empty":{},"none":[],"nested":{"z":1,"a":[{"k":""}]}}"#)
    }

    @Test func prettyText() {
        let v: JSONValue = .object([("a", .array([.int(1), .object([("b", .null)])])), ("c", .object([]))])
        #expect(v.serialized(pretty: true) == "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {}\n}")
    }

    @Test func nonFiniteNumbersHaveNoJSONFormAndWriteNull() {
        #expect(JSONValue.array([.number(.infinity), .number(.nan)]).serialized() == "[null,null]")
    }

    @Test func parsingWhatWasWrittenGivesItBack() throws {
        for pretty in [false, true] {
            let text = Self.sample.serialized(pretty: pretty)
            let back = try JSONValue.parse(text)
            #expect(back == Self.sample)
            #expect(back.serialized(pretty: pretty) == text)
        }
    }

    /// Text in canonical compact form comes back byte for byte, whatever it holds.
    @Test(arguments: [
        #"{"b":1,"a":[1.5,-0.25,1e-07,12345678901234567890,"\u001f"],"c":{"d":[[],{}]}}"#,
        #"[null,true,false,0,-1,"é中😀","\\\"/"]"#,
        #""\ud83d\ude00 is written as UTF-8""#,
    ])
    func canonicalTextRoundTrips(_ text: String) throws {
        let v = try JSONValue.parse(text)
        let again = try JSONValue.parse(v.serialized())
        #expect(again.serialized() == v.serialized())
    }

    @Test func equalityIsByText() {
        #expect(JSONValue.int(1) == .number(1))
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(2))]) != .object([("b", .int(2)), ("a", .int(1))]))
    }
}
