// Which codec a byte string needs, from its magic bytes alone (never a file name or a
// Content-Type: CDNs serve JPEG under `.png` names and WebP under `.jpg` ones).
// - PNG: the 8-byte signature (PNG spec 5.2);
// - JPEG: SOI `FF D8` then the first marker's `FF` (ITU T.81 B.1.1.3);
// - WebP: `RIFF` <size> `WEBP` (RIFF container, WebP container spec "RIFF header").

/// An encoded image format this module decodes.
public enum EncodedImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, webp

    /// The format the bytes start like, or nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> EncodedImageFormat? {
        if bytes.count >= 8, bytes.prefix(8).elementsEqual(PNGDecoder.signature) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 12, bytes[0 ..< 4].elementsEqual(Array("RIFF".utf8)), bytes[8 ..< 12].elementsEqual(Array("WEBP".utf8)) {
            return .webp
        }
        return nil
    }
}
