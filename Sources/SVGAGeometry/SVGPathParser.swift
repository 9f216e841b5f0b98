/// SVG path data (`d`) → absolute `Path` segments.
///
/// Spec A.5 and B.3.7 recommend the full SVG grammar: M L H V C S Q T A Z with relative forms,
/// implicit repeated coordinates, exponents, and `.5.5`-style packed numbers. The output is only
/// `.move/.line/.quad/.cubic/.close` (STYLE habit 1: nothing downstream sees SVG syntax):
/// H/V become lines, S/T reflect the previous control point per SVG 1.1 §8.3.6/§8.3.7 (not the
/// Web player's truthiness bug, B.3.7), and arcs become ≤ 90° cubics (SVG implementation notes F.6).
///
/// Parsing stops at the first error and keeps every segment completed before it, as SVG
/// renderers do (SVG 1.1 F.2 "render up to the segment in error"). It works on the UTF-8 bytes
/// with no regex and no Foundation; error offsets are UTF-8 byte offsets.
///
/// Leniency (matching Chromium's parser rather than the strict BNF): a comma may follow the last
/// number of a command (`M1 2,L3 4`). A comma directly after a command letter is still an error.
public struct SVGPathParseResult: Sendable {
    /// Everything parsed before the first error (all of it when `error` is nil).
    public let path: Path
    public let error: PathSyntaxError?

    public init(path: Path, error: PathSyntaxError?) {
        self.path = path
        self.error = error
    }
}

public enum SVGPathParser {
    public static func parse(_ d: String) -> SVGPathParseResult {
        var text = d
        return text.withUTF8 { bytes in
            var parser = SVGPathByteParser(bytes: bytes)
            parser.run()
            return SVGPathParseResult(path: Path(parser.segments), error: parser.error)
        }
    }
}

/// The state machine behind `SVGPathParser.parse`. Lives only inside `withUTF8`, so holding the
/// buffer pointer is safe.
struct SVGPathByteParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var segments: [PathSegment] = []
    var error: PathSyntaxError?

    /// Current point and start of the current subpath, absolute, in the path's own units.
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous segment when that segment was a cubic (for S/s)
    /// or the control point when it was a quad (for T/t); SVG 1.1 §8.3.6–7 reflect it only then.
    var lastCubicControl: Point?
    var lastQuadControl: Point?
    /// True right after Z: a drawing command other than M/m then starts a new subpath at
    /// `subpathStart`, so an explicit `.move` is emitted first (SVG 1.1 §8.3.3).
    var needsMoveAfterClose = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        segments.reserveCapacity(bytes.count / 8)
    }

    // MARK: byte classes

    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isNumberStart(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }
    @inline(__always) static func isCommand(_ b: UInt8) -> Bool {
        switch b | 0x20 {  // fold to lower case
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
             UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
             UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    @inline(__always) var atEnd: Bool { i >= bytes.count }

    @inline(__always) mutating func skipWhitespace() {
        while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
    }

    /// `comma-wsp?` after an argument: whitespace, at most one comma, whitespace.
    @inline(__always) mutating func skipCommaWhitespace() {
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
            i += 1
            skipWhitespace()
        }
    }

    /// The character starting at byte `at` (decoding a multi-byte scalar for the message).
    func character(at offset: Int) -> Character {
        let end = Swift.min(offset + 4, bytes.count)
        let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return s.first ?? "\u{FFFD}"
    }

    mutating func fail(_ reason: PathSyntaxError.Reason, at offset: Int) {
        error = PathSyntaxError(reason: reason, offset: offset)
    }

    // MARK: driver

    mutating func run() {
        skipWhitespace()
        if atEnd { return }  // empty or whitespace-only d: empty path, no error (spec A.5)
        let first = bytes[i]
        if first | 0x20 != UInt8(ascii: "m") {
            if Self.isCommand(first) || Self.isNumberStart(first) {
                fail(.noMoveTo, at: i)
            } else {
                fail(.unexpectedCharacter(character(at: i)), at: i)
            }
            return
        }

        var command: UInt8 = 0
        while true {
            skipWhitespace()
            if atEnd { return }
            let b = bytes[i]
            if Self.isCommand(b) {
                command = b
                i += 1
                skipWhitespace()
            } else if Self.isNumberStart(b) && command | 0x20 != UInt8(ascii: "z") {
                // Implicit repeat of the previous command (SVG 1.1 §8.3.2); extra pairs after a
                // moveto are implicit linetos.
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else {
                fail(.unexpectedCharacter(character(at: i)), at: i)
                return
            }
            if !parseArguments(for: command) { return }
        }
    }

    /// Reads one argument set of `command` and appends its segments. False on error (then
    /// nothing of this set was appended).
    mutating func parseArguments(for command: UInt8) -> Bool {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : Point.zero
        let lower = command | 0x20

        if lower == UInt8(ascii: "z") {
            // Z after Z adds nothing; a lone Z right after a completed close keeps one close.
            if case .close? = segments.last {} else { segments.append(.close) }
            current = subpathStart
            lastCubicControl = nil
            lastQuadControl = nil
            needsMoveAfterClose = true
            return true
        }

        if lower == UInt8(ascii: "m") {
            guard let p = readPoint(relativeTo: base) else { return false }
            segments.append(.move(p))
            current = p
            subpathStart = p
            lastCubicControl = nil
            lastQuadControl = nil
            needsMoveAfterClose = false
            return true
        }

        // Every other command draws. All of its numbers are read before anything is emitted, so
        // an error mid-command leaves only the completed segments.
        var newCubicControl: Point?
        var newQuadControl: Point?
        let end: Point

        switch lower {
        case UInt8(ascii: "l"):
            guard let p = readPoint(relativeTo: base) else { return false }
            end = p
            beginDrawing()
            segments.append(.line(p))
        case UInt8(ascii: "h"):
            guard let x = readNumber() else { return false }
            end = Point(relative ? current.x + x : x, current.y)
            beginDrawing()
            segments.append(.line(end))
        case UInt8(ascii: "v"):
            guard let y = readNumber() else { return false }
            end = Point(current.x, relative ? current.y + y : y)
            beginDrawing()
            segments.append(.line(end))
        case UInt8(ascii: "c"):
            guard let c1 = readPoint(relativeTo: base), let c2 = readPoint(relativeTo: base),
                  let p = readPoint(relativeTo: base) else { return false }
            end = p
            newCubicControl = c2
            beginDrawing()
            segments.append(.cubic(c1, c2, p))
        case UInt8(ascii: "s"):
            guard let c2 = readPoint(relativeTo: base), let p = readPoint(relativeTo: base) else { return false }
            // SVG 1.1 §8.3.6: reflect the previous cubic's second control point about the current
            // point; without a previous C/S the first control point is the current point.
            let c1 = lastCubicControl.map { current + (current - $0) } ?? current
            end = p
            newCubicControl = c2
            beginDrawing()
            segments.append(.cubic(c1, c2, p))
        case UInt8(ascii: "q"):
            guard let c = readPoint(relativeTo: base), let p = readPoint(relativeTo: base) else { return false }
            end = p
            newQuadControl = c
            beginDrawing()
            segments.append(.quad(c, p))
        case UInt8(ascii: "t"):
            guard let p = readPoint(relativeTo: base) else { return false }
            // SVG 1.1 §8.3.7: the same reflection for quads, after Q/T only.
            let c = lastQuadControl.map { current + (current - $0) } ?? current
            end = p
            newQuadControl = c
            beginDrawing()
            segments.append(.quad(c, p))
        case UInt8(ascii: "a"):
            guard let rx = readNumber(), let ry = readNumber(), let rotation = readNumber(),
                  let largeArc = readFlag(), let sweep = readFlag(),
                  let p = readPoint(relativeTo: base) else { return false }
            end = p
            // An arc to the current point is omitted entirely (F.6.2), with no implicit move.
            if p != current { beginDrawing() }
            SVGArc.appendCubics(from: current, to: p, radiusX: rx, radiusY: ry,
                                xAxisRotationDegrees: rotation, largeArc: largeArc, sweep: sweep,
                                into: &segments)
        default:
            // Unreachable: `run` only passes command letters.
            fail(.unexpectedCharacter(character(at: Swift.max(i - 1, 0))), at: Swift.max(i - 1, 0))
            return false
        }

        current = end
        lastCubicControl = newCubicControl
        lastQuadControl = newQuadControl
        return true
    }

    /// After Z, a drawing command starts a new subpath at the old start (SVG 1.1 §8.3.3).
    @inline(__always) mutating func beginDrawing() {
        if needsMoveAfterClose {
            segments.append(.move(subpathStart))
            needsMoveAfterClose = false
        }
    }

    // MARK: arguments

    @inline(__always) mutating func readPoint(relativeTo base: Point) -> Point? {
        guard let x = readNumber(), let y = readNumber() else { return nil }
        return Point(base.x + x, base.y + y)
    }

    /// An arc flag: exactly one `0` or `1`, which may be followed directly by the next argument
    /// (`a1 1 0 00 1 1`, SVG 1.1 BNF `flag: "0" | "1"`).
    mutating func readFlag() -> Bool? {
        guard i < bytes.count else {
            fail(.missingNumber, at: i)
            return nil
        }
        let b = bytes[i]
        guard b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else {
            fail(Self.isCommand(b) ? .missingNumber : .badFlag, at: i)
            return nil
        }
        i += 1
        skipCommaWhitespace()
        return b == UInt8(ascii: "1")
    }

    /// One number per SVG 1.1 `number`: sign? (digits | digits? "." digits?) exponent?, with at
    /// least one digit; then `comma-wsp?`. Non-finite results (`1e400`) are `badNumber`.
    mutating func readNumber() -> Double? {
        let start = i
        let n = bytes.count
        guard i < n else {
            fail(.missingNumber, at: i)
            return nil
        }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        // Up to 19 significant decimal digits fit in a UInt64; more fall back to the exact parser.
        var mantissa: UInt64 = 0
        var significant = 0
        var dropped = false
        var exponent10 = 0
        var digits = 0
        while i < n, Self.isDigit(bytes[i]) {
            let d = UInt64(bytes[i] &- 0x30)
            if mantissa == 0 && d == 0 {
                // leading zero: not significant
            } else if significant < 19 {
                mantissa = mantissa &* 10 &+ d
                significant += 1
            } else {
                exponent10 += 1
                dropped = true
            }
            digits += 1
            i += 1
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, Self.isDigit(bytes[i]) {
                let d = UInt64(bytes[i] &- 0x30)
                if mantissa == 0 && d == 0 {
                    exponent10 -= 1
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ d
                    significant += 1
                    exponent10 -= 1
                } else {
                    dropped = true
                }
                digits += 1
                i += 1
            }
        }
        if digits == 0 {
            let signOrDotOnly = i > start
            i = start
            if signOrDotOnly {
                fail(.badNumber, at: start)
            } else if i >= n || Self.isCommand(bytes[i]) {
                fail(.missingNumber, at: i)
            } else {
                fail(.unexpectedCharacter(character(at: i)), at: i)
            }
            return nil
        }
        // Exponent only when digits follow (`1e` + non-digit leaves the `e` for the caller).
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            var expNegative = false
            if j < n, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
                expNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if j < n, Self.isDigit(bytes[j]) {
                var e = 0
                while j < n, Self.isDigit(bytes[j]) {
                    // Cap so absurd exponents cannot overflow; 10^±100000 is 0 or ∞ anyway.
                    if e < 100_000 { e = e * 10 + Int(bytes[j] &- 0x30) }
                    j += 1
                }
                exponent10 += expNegative ? -e : e
                i = j
            }
        }
        let end = i

        var value: Double
        if mantissa == 0 {
            value = 0
        } else if !dropped && significant <= 15 && exponent10 >= -22 && exponent10 <= 22 {
            // Clinger's fast path: mantissa and 10^|e| are both exact doubles, so one
            // multiplication or division is correctly rounded.
            let m = Double(mantissa)
            value = exponent10 < 0 ? m / Self.powersOf10[-exponent10] : m * Self.powersOf10[exponent10]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            guard let v = Double(text) else {
                fail(.badNumber, at: start)
                return nil
            }
            value = Swift.abs(v)
        }
        if negative { value = -value }
        guard value.isFinite else {
            fail(.badNumber, at: start)
            return nil
        }
        skipCommaWhitespace()
        return value
    }

    static let powersOf10: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
