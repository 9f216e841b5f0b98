// The one error type of the PNG stage (decode, encode, APNG assembly). Messages name what is
// wrong; libpng's own text is passed through where it has one.

public enum PNGError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The bytes do not start with the PNG signature and an IHDR chunk.
    case notPNG
    /// libpng (or our header check) rejected the data; the message says why.
    case decodeFailed(String)
    /// The header states a size whose pixel count is above the caller's cap.
    case tooLarge(width: Int, height: Int)
    /// libpng could not encode, or the frames given to the APNG encoder are inconsistent.
    case encodeFailed(String)

    public var description: String {
        switch self {
        case .notPNG: return "png: not a PNG file (bad signature or missing IHDR)"
        case .decodeFailed(let message): return "png: decode failed: \(message)"
        case .tooLarge(let width, let height): return "png: image \(width)×\(height) is over the pixel limit"
        case .encodeFailed(let message): return "png: encode failed: \(message)"
        }
    }
}
