// What an `images` value holds, by its magic bytes (spec A.1, B.5, B.6), and the pixel size from
// its header, read without decoding (stb_image style: every size checked before it is used).
// - audio: `ID3`, or an MPEG audio sync `FF FB` / `FF F3` / `FF F2` (jojo_audio uses `FF FB`);
// - PNG: the 8-byte signature, then IHDR as the first chunk (PNG §5.2, §11.2.2);
// - JPEG: `FF D8 FF`, size from the first SOF0/SOF1/SOF2 segment (ITU T.81 B.2.2).

enum ImageSniffer {
    enum Kind: Equatable { case png, jpeg, audio, empty, unknown }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func kind(_ b: [UInt8]) -> Kind {
        if b.isEmpty { return .empty }
        if isAudio(b) { return .audio }
        if b.count >= 8 && b[0 ..< 8].elementsEqual(pngSignature) { return .png }
        if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { return .jpeg }
        return .unknown
    }

    static func isAudio(_ b: [UInt8]) -> Bool {
        if b.count >= 3 && b[0] == 0x49 && b[1] == 0x44 && b[2] == 0x33 { return true }   // "ID3"
        return b.count >= 2 && b[0] == 0xFF && (b[1] == 0xFB || b[1] == 0xF3 || b[1] == 0xF2)
    }

    /// True when the value is image or audio data rather than a file name (ZIP + movie.binary).
    static func isInlineData(_ b: [UInt8]) -> Bool {
        switch kind(b) {
        case .png, .jpeg, .audio: return true
        case .empty, .unknown: return false
        }
    }

    struct HeaderError: Error { let reason: String }

    /// Width and height from IHDR; the caller checks them against `Limits`.
    static func pngSize(_ b: [UInt8]) throws(HeaderError) -> (width: Int, height: Int) {
        guard b.count >= 24 else { throw HeaderError(reason: "PNG data ends before its IHDR chunk (\(b.count) bytes)") }
        let type = String(decoding: b[12 ..< 16], as: UTF8.self)
        guard type == "IHDR" else { throw HeaderError(reason: "PNG does not start with an IHDR chunk") }
        let w = Int(b[16]) << 24 | Int(b[17]) << 16 | Int(b[18]) << 8 | Int(b[19])
        let h = Int(b[20]) << 24 | Int(b[21]) << 16 | Int(b[22]) << 8 | Int(b[23])
        return (w, h)
    }

    /// Width and height from the first SOF0/1/2 segment.
    static func jpegSize(_ b: [UInt8]) throws(HeaderError) -> (width: Int, height: Int) {
        var p = 2
        while p + 1 < b.count {
            guard b[p] == 0xFF else { throw HeaderError(reason: "JPEG marker expected at offset \(p)") }
            let marker = b[p + 1]
            if marker == 0xFF { p += 1; continue }          // fill byte before a marker
            p += 2
            if marker == 0x01 || marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) { continue }   // no length
            if marker == 0xD9 || marker == 0xDA { break }    // end of image / start of scan: no frame header
            guard p + 2 <= b.count else { break }
            let length = Int(b[p]) << 8 | Int(b[p + 1])
            guard length >= 2 else { throw HeaderError(reason: "JPEG segment length \(length) at offset \(p)") }
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard p + 7 <= b.count else { throw HeaderError(reason: "JPEG frame header truncated at offset \(p)") }
                let h = Int(b[p + 3]) << 8 | Int(b[p + 4])
                let w = Int(b[p + 5]) << 8 | Int(b[p + 6])
                return (w, h)
            case 0xC3, 0xC5 ... 0xC7, 0xC9 ... 0xCB, 0xCD ... 0xCF:
                throw HeaderError(reason: "JPEG coding SOF\(marker - 0xC0) is unsupported (only baseline, extended and progressive)")
            default:
                p += length
            }
        }
        throw HeaderError(reason: "JPEG without a SOF0/SOF1/SOF2 frame header")
    }
}
