import Testing
@testable import SVGAGeometry

/// Error cases: the reason, the UTF-8 byte offset, and the prefix that still parsed (spec A.5:
/// parsing stops at the first error and what was parsed is drawn).
struct ParserErrorCase: Sendable, CustomTestStringConvertible {
    let d: String
    let reason: PathSyntaxError.Reason
    let offset: Int
    let prefix: [PathSegment]
    var testDescription: String { "\"\(d)\"" }
}

let parserErrorCases: [ParserErrorCase] = [
    ParserErrorCase(d: "L1 2", reason: .noMoveTo, offset: 0, prefix: []),
    ParserErrorCase(d: "  10 20", reason: .noMoveTo, offset: 2, prefix: []),
    ParserErrorCase(d: "#", reason: .unexpectedCharacter("#"), offset: 0, prefix: []),
    ParserErrorCase(d: "M1 2 L", reason: .missingNumber, offset: 6, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M1 2 L3 Z", reason: .missingNumber, offset: 8, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M1 2 L3 4 5", reason: .missingNumber, offset: 11, prefix: [.move(P(1, 2)), .line(P(3, 4))]),
    ParserErrorCase(d: "M1 2 L3 4 x", reason: .unexpectedCharacter("x"), offset: 10, prefix: [.move(P(1, 2)), .line(P(3, 4))]),
    ParserErrorCase(d: "M1 2L,3 4", reason: .unexpectedCharacter(","), offset: 5, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M1,,2", reason: .unexpectedCharacter(","), offset: 3, prefix: []),
    ParserErrorCase(d: "M1 2L- 3", reason: .badNumber, offset: 5, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M1 2L. 3", reason: .badNumber, offset: 5, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M1 2L1e400 3", reason: .badNumber, offset: 5, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M1 2L1e 3", reason: .unexpectedCharacter("e"), offset: 6, prefix: [.move(P(1, 2))]),
    ParserErrorCase(d: "M0 0Z 1 2", reason: .unexpectedCharacter("1"), offset: 6, prefix: [.move(P(0, 0)), .close]),
    ParserErrorCase(d: "M0 0A1 1 0 2 0 3 3", reason: .badFlag, offset: 11, prefix: [.move(P(0, 0))]),
    ParserErrorCase(d: "M0 0L1 1é", reason: .unexpectedCharacter("é"), offset: 8, prefix: [.move(P(0, 0)), .line(P(1, 1))]),
    ParserErrorCase(d: "M0 0C1 1 2 2", reason: .missingNumber, offset: 12, prefix: [.move(P(0, 0))]),
]

@Test(arguments: parserErrorCases)
func reportsSyntaxErrors(_ c: ParserErrorCase) {
    let r = SVGPathParser.parse(c.d)
    #expect(r.error == PathSyntaxError(reason: c.reason, offset: c.offset))
    #expect(r.path.segments == c.prefix)
}

@Test func errorDescriptionNamesProblemAndOffset() {
    let e = PathSyntaxError(reason: .unexpectedCharacter("x"), offset: 10)
    #expect(e.description.contains("'x'"))
    #expect(e.description.contains("byte 10"))
}
