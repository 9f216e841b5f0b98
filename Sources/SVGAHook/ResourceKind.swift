import SVGAKit

// Whether fetched bytes are an SVGA animation at all, decided by content (never by the URL's
// extension): spec A.1 says an SVGA is a ZIP (`PK\3\4`) holding `movie.binary` or `movie.spec`,
// or a zlib stream (RFC 1950). A gift whose resource is anything else (a PNG icon, an MP4, an
// HTML error page) is skipped with a reason rather than reported as a broken SVGA. Bytes that
// look like an SVGA but do not decode are a corrupt resource: an error, from the decoder.

public enum ResourceKind: Sendable, Hashable {
    /// zlib header or ZIP: hand to the decoder (it may still fail: corrupt).
    case svgaCandidate
    /// Not an SVGA; the reason names what it looks like.
    case notSVGA(reason: String)

    public static func classify(_ bytes: [UInt8]) -> ResourceKind {
        if bytes.isEmpty { return .notSVGA(reason: "the resource is empty") }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            switch zipHasDescriptor(bytes) {
            case false?: return .notSVGA(reason: "the resource is a ZIP archive without movie.spec or movie.binary, not an SVGA")
            case true?, nil: return .svgaCandidate   // nil: unreadable directory, let the decoder say why
            }
        }
        if bytes.count >= 2, isZlibHeader(bytes[0], bytes[1]) { return .svgaCandidate }
        return .notSVGA(reason: "the resource is \(describe(bytes)), not an SVGA (neither zlib nor ZIP)")
    }

    /// RFC 1950 §2.2: CM = 8 (deflate), CINFO ≤ 7, and CMF·256 + FLG a multiple of 31.
    static func isZlibHeader(_ cmf: UInt8, _ flg: UInt8) -> Bool {
        cmf & 0x0F == 8 && cmf >> 4 <= 7 && (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0
    }

    /// A guess at what the bytes are, for the reason text.
    static func describe(_ b: [UInt8]) -> String {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if b.starts(with: Array("GIF8".utf8)) { return "a GIF image" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "a WebP image" }
        if b.count >= 8, Array(b[4..<8]) == Array("ftyp".utf8) { return "an MP4/MOV video" }
        if b.starts(with: [0x1F, 0x8B]) { return "a gzip file" }
        if b.starts(with: Array("ID3".utf8)) || b.starts(with: [0xFF, 0xFB]) { return "an MP3 file" }
        let head = b.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if let first = head.first {
            if first == UInt8(ascii: "<") { return "HTML/XML text" }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return "JSON text" }
        }
        return "unrecognised data"
    }

    /// Walks the ZIP central directory (found from the end-of-central-directory record) for a
    /// top-level `movie.binary` or `movie.spec`. nil when the directory cannot be read.
    static func zipHasDescriptor(_ b: [UInt8]) -> Bool? {
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        // EOCD: 22 bytes + a comment of at most 65535 bytes.
        guard b.count >= 22 else { return nil }
        var eocd = -1
        var o = b.count - 22
        let lowest = max(0, b.count - 22 - 65535)
        while o >= lowest {
            if b[o] == 0x50, b[o + 1] == 0x4B, b[o + 2] == 0x05, b[o + 3] == 0x06 { eocd = o; break }
            o -= 1
        }
        guard eocd >= 0 else { return nil }
        let entries = u16(eocd + 10)
        var p = u32(eocd + 16)
        for _ in 0..<entries {
            guard p >= 0, p + 46 <= b.count, u32(p) == 0x0201_4B50 else { return nil }
            let nameLength = u16(p + 28), extra = u16(p + 30), comment = u16(p + 32)
            guard p + 46 + nameLength <= b.count else { return nil }
            let name = b[(p + 46)..<(p + 46 + nameLength)]
            if name.elementsEqual("movie.binary".utf8) || name.elementsEqual("movie.spec".utf8) { return true }
            p += 46 + nameLength + extra + comment
        }
        return false
    }
}
