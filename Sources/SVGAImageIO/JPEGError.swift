// The error of the JPEG stage. libjpeg-turbo's own message is passed through where it has one.

public enum JPEGError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The bytes do not start with SOI (`FF D8 FF`).
    case notJPEG
    /// The headers before the first scan could not be read (no frame header, unsupported coding…).
    case header(String)
    /// The frame header states a size whose pixel count is above the caller's cap.
    case tooLarge(width: Int, height: Int)
    /// The entropy-coded data is corrupt or truncated (libjpeg-turbo's warnings count: a
    /// truncated file would otherwise come out half grey).
    case decodeFailed(String)

    public var description: String {
        switch self {
        case .notJPEG: return "jpeg: not a JPEG file (no SOI marker)"
        case .header(let message): return "jpeg: cannot read the header: \(message)"
        case .tooLarge(let width, let height): return "jpeg: image \(width)×\(height) is over the pixel limit"
        case .decodeFailed(let message): return "jpeg: decode failed: \(message)"
        }
    }
}
