// Errors of the 1.x movie.spec writer: JSON has no spelling for these values, so rather than
// write a file a reader would take differently, encoding stops and names the place.
public enum SpecEncodingError: Error, Sendable, CustomStringConvertible, Equatable {
    /// NaN or ±infinity (JSON numbers are finite, RFC 8259 section 6).
    case nonFiniteNumber(path: String)

    public var description: String {
        switch self {
        case .nonFiniteNumber(let path): return "movie.spec: non-finite number at \(path)"
        }
    }
}
