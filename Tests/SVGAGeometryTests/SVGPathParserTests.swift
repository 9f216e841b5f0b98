import Testing
@testable import SVGAGeometry

/// Parser table: d string → the absolute segments it must produce (exact where the numbers are
/// exact doubles). Spec A.5 / B.3.7: full SVG grammar, absolute output only.
struct ParserCase: Sendable, CustomTestStringConvertible {
    let d: String
    let expected: [PathSegment]
    init(_ d: String, _ expected: [PathSegment]) { self.d = d; self.expected = expected }
    var testDescription: String { "\"\(d)\"" }
}

let parserCases: [ParserCase] = [
    ParserCase("", []),
    ParserCase("   \n\t ", []),
    ParserCase("M1 2", [.move(P(1, 2))]),
    // Implicit repeats after M are linetos; after m they are relative linetos.
    ParserCase("M1 2 3 4 5 6", [.move(P(1, 2)), .line(P(3, 4)), .line(P(5, 6))]),
    ParserCase("m1 2 3 4 5 6", [.move(P(1, 2)), .line(P(4, 6)), .line(P(9, 12))]),
    ParserCase("M0 0L1 1 2 2", [.move(P(0, 0)), .line(P(1, 1)), .line(P(2, 2))]),
    ParserCase("M1 1l1 1 1 1", [.move(P(1, 1)), .line(P(2, 2)), .line(P(3, 3))]),
    // H/V and h/v keep the other coordinate (not the Android bug of B.3.7).
    ParserCase("M5 7H10V20h-3v-4", [.move(P(5, 7)), .line(P(10, 7)), .line(P(10, 20)),
                                     .line(P(7, 20)), .line(P(7, 16))]),
    ParserCase("M0 0H1 2 3", [.move(P(0, 0)), .line(P(1, 0)), .line(P(2, 0)), .line(P(3, 0))]),
    ParserCase("M1 1c1 0 2 1 2 2", [.move(P(1, 1)), .cubic(P(2, 1), P(3, 2), P(3, 3))]),
    // S after C reflects the previous second control point about the current point.
    ParserCase("M0 0C0 10 10 10 10 0S20 -10 20 0",
               [.move(P(0, 0)), .cubic(P(0, 10), P(10, 10), P(10, 0)), .cubic(P(10, -10), P(20, -10), P(20, 0))]),
    ParserCase("M0 0C0 10 10 10 10 0s10 -10 10 0",
               [.move(P(0, 0)), .cubic(P(0, 10), P(10, 10), P(10, 0)), .cubic(P(10, -10), P(20, -10), P(20, 0))]),
    // S after a non-cubic: the first control point is the current point. Zero coordinates in the
    // previous control must still reflect (the Web truthiness bug, B.3.7).
    ParserCase("M0 0L5 5S10 0 20 0", [.move(P(0, 0)), .line(P(5, 5)), .cubic(P(5, 5), P(10, 0), P(20, 0))]),
    ParserCase("M0 0C0 0 0 5 0 10S5 20 10 20",
               [.move(P(0, 0)), .cubic(P(0, 0), P(0, 5), P(0, 10)), .cubic(P(0, 15), P(5, 20), P(10, 20))]),
    ParserCase("M0 0Q5 10 10 0T20 0", [.move(P(0, 0)), .quad(P(5, 10), P(10, 0)), .quad(P(15, -10), P(20, 0))]),
    ParserCase("M0 0q5 10 10 0t10 0t10 0",
               [.move(P(0, 0)), .quad(P(5, 10), P(10, 0)), .quad(P(15, -10), P(20, 0)), .quad(P(25, 10), P(30, 0))]),
    // T after a non-quad: control = current point.
    ParserCase("M0 0L4 4T8 0", [.move(P(0, 0)), .line(P(4, 4)), .quad(P(4, 4), P(8, 0))]),
    // T after C does not reflect the cubic control.
    ParserCase("M0 0C1 1 2 2 3 3T5 5", [.move(P(0, 0)), .cubic(P(1, 1), P(2, 2), P(3, 3)), .quad(P(3, 3), P(5, 5))]),
    // Numbers: exponents, packed dots, signs as separators, commas.
    ParserCase("M1e2 2E+1L-1e-1 .5", [.move(P(100, 20)), .line(P(-0.1, 0.5))]),
    ParserCase("M.5.5", [.move(P(0.5, 0.5))]),
    ParserCase("M-1-2", [.move(P(-1, -2))]),
    ParserCase("M+3,4", [.move(P(3, 4))]),
    ParserCase("M1.5e-7 0", [.move(P(1.5e-7, 0))]),
    ParserCase("M0.1 0.2", [.move(P(0.1, 0.2))]),
    ParserCase("M5. 6.", [.move(P(5, 6))]),
    ParserCase("M1,2,3,4", [.move(P(1, 2)), .line(P(3, 4))]),
    // Real-world forms of B.3.7 (exporter output, runs of spaces, trailing blanks).
    ParserCase("M309,240 C309,240 310,241 311,242 Z",
               [.move(P(309, 240)), .cubic(P(309, 240), P(310, 241), P(311, 242)), .close]),
    ParserCase("  M0 -74.642 C41.223 -74.642  74.642 -41.223   74.642 0 Z  ",
               [.move(P(0, -74.642)), .cubic(P(41.223, -74.642), P(74.642, -41.223), P(74.642, 0)), .close]),
    ParserCase("M1 2,L3 4", [.move(P(1, 2)), .line(P(3, 4))]),
    // After Z the current point returns to the subpath start; a relative m starts from there and a
    // drawing command gets an explicit move to the start.
    ParserCase("M10 10L20 10Zm5 5l1 0", [.move(P(10, 10)), .line(P(20, 10)), .close, .move(P(15, 15)), .line(P(16, 15))]),
    ParserCase("M10 10L20 10zl0 5", [.move(P(10, 10)), .line(P(20, 10)), .close, .move(P(10, 10)), .line(P(10, 15))]),
    ParserCase("M0 0L1 0ZZ", [.move(P(0, 0)), .line(P(1, 0)), .close]),
    ParserCase("M0 0L1 1 Z M2 2 L3 3 z", [.move(P(0, 0)), .line(P(1, 1)), .close, .move(P(2, 2)), .line(P(3, 3)), .close]),
    // Arcs with degenerate parameters: zero radius → line, equal endpoints → omitted.
    ParserCase("M0 0A0 5 0 0 1 10 0", [.move(P(0, 0)), .line(P(10, 0))]),
    ParserCase("M3 3A5 5 0 0 1 3 3L4 4", [.move(P(3, 3)), .line(P(4, 4))]),
]

@Test(arguments: parserCases)
func parsesPathData(_ c: ParserCase) {
    let r = SVGPathParser.parse(c.d)
    #expect(r.error == nil)
    #expect(r.path.segments == c.expected)
}
