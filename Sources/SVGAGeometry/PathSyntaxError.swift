/// Why SVG path data stopped parsing, and where. Spec A.5 / B.3.7: parsing stops at the first
/// error and what was parsed before it is drawn, so this travels *with* a partial path
/// (`SVGPathParseResult`) instead of being thrown.
public struct PathSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// A byte that can start neither a command nor a number here (a comma after a command
        /// letter, a number after `Z`, an unknown letter, a stray exponent `e`).
        case unexpectedCharacter(Character)
        /// A command needed another number and the data ended or the next command began.
        case missingNumber
        /// Something number-shaped that is not a number (`-`, `.`, `+.`), or a non-finite value
        /// such as `1e400`.
        case badNumber
        /// An arc flag that is not a single `0` or `1`.
        case badFlag
        /// The data does not begin with `M` or `m` (SVG 1.1 §8.3.2: path data starts with moveto).
        case noMoveTo
    }

    public let reason: Reason
    /// Offset in **UTF-8 bytes** from the start of the `d` string to where the problem was found
    /// (the first byte of the offending token, or the end of the data for `missingNumber`).
    public let offset: Int

    public init(reason: Reason, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch reason {
        case .unexpectedCharacter(let c):
            // The character comes from the file: a control character is shown as its code, so a
            // message can never carry a terminal escape or a line break.
            let shown = c.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F ..< 0xA0).contains($0.value) }
                ? String(c) : c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            what = "unexpected character '\(shown)'"
        case .missingNumber: what = "a number is missing"
        case .badNumber: what = "malformed or non-finite number"
        case .badFlag: what = "arc flag must be 0 or 1"
        case .noMoveTo: what = "path data must start with M or m"
        }
        return "SVG path data: \(what) at byte \(offset)"
    }
}
