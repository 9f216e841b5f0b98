// The public entry: bytes → RawMovie (decodeRaw) → Movie (decode, via MovieResolver).
// Container detection is spec A.1 / B.1.1: `PK\3\4` is a ZIP; anything else must be a zlib
// stream holding a protobuf MovieEntity (gzip fails in the zlib stage naming it; bytes that are
// not even a zlib header fail in the container stage as "not an SVGA file"). Nothing is printed here.

public enum SVGADecoder {
    public static func decodeRaw(_ bytes: [UInt8], budget: DecodeBudget = .default) throws(DecodeError) -> (RawMovie, ContainerKind) {
        let (raw, kind, _) = try decodeContainer(bytes, budget: budget)
        return (raw, kind)
    }

    /// `budget` bounds what each stage may allocate or loop over (`DecodeBudget`); over it, the
    /// error's stage is `limits`.
    public static func decode(_ bytes: [UInt8], budget: DecodeBudget = .default) throws(DecodeError) -> Movie {
        let (raw, kind, diagnostics) = try decodeContainer(bytes, budget: budget)
        return try MovieResolver.resolve(raw, container: kind, diagnostics: diagnostics, budget: budget)
    }

    /// An uncompressed protobuf MovieEntity (a 2.x stream after zlib, or a ZIP's movie.binary).
    public static func decodeMovieEntity(_ bytes: [UInt8], budget: DecodeBudget = .default) throws(DecodeError) -> RawMovie {
        do { return try ProtobufMovieDecoder.decode(bytes, budget: budget) } catch { throw DecodeError(error) }
    }

    /// A 1.x `movie.spec` JSON document (image values are still file names).
    public static func decodeSpecJSON(_ bytes: [UInt8], budget: DecodeBudget = .default) throws(DecodeError) -> RawMovie {
        do { return try SpecJSONDecoder.decode(bytes, budget: budget).0 } catch { throw DecodeError(error, entry: "movie.spec") }
    }

    /// Also returns the diagnostics found before resolution (1.x colours on the 0..255 scale,
    /// image files missing from a ZIP), which `decode` passes on to the movie.
    static func decodeContainer(_ bytes: [UInt8], budget: DecodeBudget) throws(DecodeError) -> (RawMovie, ContainerKind, [Diagnostic]) {
        guard !bytes.isEmpty else { throw DecodeError(stage: .container, message: "empty input (0 bytes)") }
        if bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 0x03 && bytes[3] == 0x04 {
            return try ZipContainerDecoder.decode(bytes, budget: budget)
        }
        // Not even a zlib method byte (nor gzip, which zlib names itself): most likely not an SVGA at
        // all (a text file, a GIF), and "unknown compression method" would not tell a person that.
        let gzip = bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
        // Only a first byte that does not even name deflate (RFC 1950 CM = 8) counts: 78 with a
        // broken check byte is a damaged SVGA and keeps zlib's own message.
        if !gzip && bytes[0] & 0x0F != 8 {
            let hex = Array("0123456789ABCDEF")
            let start = bytes.prefix(4).map { String([hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]]) }
            throw DecodeError(stage: .container, message: "not an SVGA file (neither zlib nor ZIP): it starts with \(start.joined(separator: " "))")
        }
        let inflated: [UInt8]
        do { inflated = try Inflate.zlib(bytes, limit: budget.maxInflatedBytes) } catch { throw DecodeError(error) }
        do { return (try ProtobufMovieDecoder.decode(inflated, budget: budget), .zlibProtobuf, []) } catch { throw DecodeError(error) }
    }
}
