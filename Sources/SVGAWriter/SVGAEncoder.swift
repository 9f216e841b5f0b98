import SVGAFormat

// The public writer: a RawMovie in any of the three containers of spec A.1 / B.1.
// Every output is deterministic (fixed zlib level, fixed ZIP timestamps, sorted JSON keys), so
// generated sample files can be committed and checked byte for byte.
public enum SVGAEncoder {
    /// 2.x: protobuf MovieEntity, zlib-wrapped (level 9, deterministic).
    public static func encodeZlibProtobuf(_ movie: RawMovie) -> [UInt8] {
        ZlibCompression.zlibWrapped(encodeProtobuf(movie))
    }

    /// Plain protobuf bytes (for movie.binary).
    public static func encodeProtobuf(_ movie: RawMovie) -> [UInt8] {
        MovieProtobufEncoder.encode(movie)
    }

    /// 1.x ZIP + movie.spec JSON (B.1.3 shape: colours as [r,g,b,a] arrays, enums as strings,
    /// shape type strings, lineDash [I,II,III]); every image entry written as `<key>.png` and the
    /// JSON images map is {key: key}.
    public static func encodeZipSpec(_ movie: RawMovie) throws -> [UInt8] {
        let spec = try SpecJSONEncoder.encode(movie)
        var zip = ZipWriter()
        // movie.spec first, as the converter writes it; images sorted like the JSON map.
        zip.add(name: "movie.spec", data: spec, method: .deflate)
        for entry in movie.images.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            // PNG data is already deflated: store it.
            zip.add(name: entry.key + ".png", data: entry.value, method: .stored)
        }
        return zip.finish()
    }

    /// ZIP + movie.binary: images values replaced by file names, PNG files beside it.
    /// The name is the key; the file is `<key>.png`, which readers try first (spec A.1).
    public static func encodeZipBinary(_ movie: RawMovie) -> [UInt8] {
        var named = movie
        named.images = movie.images.map { RawImageEntry(key: $0.key, value: Array($0.key.utf8)) }
        var zip = ZipWriter()
        zip.add(name: "movie.binary", data: encodeProtobuf(named), method: .deflate)
        for entry in movie.images {
            zip.add(name: entry.key + ".png", data: entry.value, method: .stored)
        }
        return zip.finish()
    }
}
