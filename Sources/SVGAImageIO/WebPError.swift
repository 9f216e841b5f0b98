// The error of the WebP stage; libwebp's status code is named in the message.

public enum WebPError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The bytes do not start with a `RIFF….WEBP` header.
    case notWebP
    /// The VP8/VP8L/VP8X header could not be read; the message says what libwebp reported.
    case header(String)
    /// The header states a size whose pixel count is above the caller's cap.
    case tooLarge(width: Int, height: Int)
    /// An animated WebP (ANIM chunk): a slot shows one still image, and choosing a frame
    /// silently would hide the problem.
    case animated
    /// The bitstream is corrupt or truncated.
    case decodeFailed(String)

    public var description: String {
        switch self {
        case .notWebP: return "webp: not a WebP file (no RIFF/WEBP header)"
        case .header(let message): return "webp: cannot read the header: \(message)"
        case .tooLarge(let width, let height): return "webp: image \(width)×\(height) is over the pixel limit"
        case .animated: return "webp: animated WebP is not supported (use a still image)"
        case .decodeFailed(let message): return "webp: decode failed: \(message)"
        }
    }
}
