// The error of `ImageDecoder`: which stage failed (the sniffer, or one codec), with that
// codec's own typed error inside, so the CLI and the hook can say "jpeg: …" or "webp: …".

public enum ImageDecodeError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The bytes are none of PNG, JPEG or WebP; `magic` is their first bytes in hex.
    case unknownFormat(magic: String)
    case png(PNGError)
    case jpeg(JPEGError)
    case webp(WebPError)

    /// The stage that failed: `image` (sniffing), `png`, `jpeg` or `webp`.
    public var stage: String {
        switch self {
        case .unknownFormat: return "image"
        case .png: return "png"
        case .jpeg: return "jpeg"
        case .webp: return "webp"
        }
    }

    public var description: String {
        switch self {
        case .unknownFormat(let magic):
            return "image: not a PNG, JPEG or WebP image (starts \(magic.isEmpty ? "with no bytes" : magic))"
        case .png(let e): return e.description
        case .jpeg(let e): return e.description
        case .webp(let e): return e.description
        }
    }
}
