import SVGARaster

/// Tiny coverage cases as text a reader can check by eye: one line per pixel row, each pixel's
/// coverage right-aligned in 3 columns, separated by one space (0 outside the mask's bounds).
enum CoverageGrid {
    static func render(_ mask: CoverageMask?, width: Int, height: Int, x: Int = 0, y: Int = 0) -> String {
        (y..<(y + height)).map { row in
            (x..<(x + width)).map { column in
                let v = mask?.coverage(atX: column, y: row) ?? 0
                let s = String(v)
                return String(repeating: " ", count: 3 - s.count) + s
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// Normalises a literal written in the test (leading newline, indentation).
    static func literal(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { line -> String in
                let numbers = line.split(separator: " ").map { String($0) }
                return numbers.map { String(repeating: " ", count: 3 - $0.count) + $0 }.joined(separator: " ")
            }
            .joined(separator: "\n")
    }
}
