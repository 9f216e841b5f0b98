// A ZIP container (spec A.1, B.1.2) → RawMovie:
// - `movie.binary` present ("1.5"): an uncompressed protobuf MovieEntity whose `images` values
//   are file names: load `<name>.png`, else `<name>` (iOS order). Preferred over movie.spec when
//   both exist, as iOS and Android do.
// - otherwise `movie.spec` (1.x JSON): `images` values are base names: load `<value>.png`, else
//   `<value>`.
// - neither: a container error.
// A value that already holds PNG/JPEG/MP3 bytes is kept as is. A named file missing from the ZIP
// leaves the value empty and adds a `missingImage` diagnostic naming the file.

enum ZipContainerDecoder {
    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> (RawMovie, ContainerKind, [Diagnostic]) {
        let zip: ZipArchive
        do { zip = try ZipArchive(bytes) } catch { throw DecodeError(error) }

        var movie: RawMovie
        var diagnostics: [Diagnostic] = []
        let kind: ContainerKind
        if let entry = zip.entry(named: "movie.binary") {
            let data = try read(entry, zip)
            do { movie = try ProtobufMovieDecoder.decode(data) } catch { throw DecodeError(error, entry: entry.name) }
            kind = .zipBinary
        } else if let entry = zip.entry(named: "movie.spec") {
            guard entry.uncompressedSize <= Limits.maxSpecJSONBytes else {
                throw DecodeError(JSONFormatError.tooLarge(bytes: entry.uncompressedSize, limit: Limits.maxSpecJSONBytes),
                                  entry: entry.name)
            }
            let data = try read(entry, zip)
            do { (movie, diagnostics) = try SpecJSONDecoder.decode(data) } catch { throw DecodeError(error, entry: entry.name) }
            kind = .zipSpec
        } else {
            throw DecodeError(stage: .container, message: "ZIP archive holds neither movie.binary nor movie.spec")
        }

        // Many image keys may name one file: inflate each entry once and share its bytes, so a
        // small archive cannot multiply one large entry by its key count (the inflate caps count
        // each entry once).
        var inflated: [String: [UInt8]] = [:]
        for i in movie.images.indices {
            let value = movie.images[i].value
            if ImageSniffer.isInlineData(value) { continue }
            let name = String(decoding: value, as: UTF8.self)
            var found: [UInt8]?
            for candidate in [name + ".png", name] where !name.isEmpty {
                if let entry = zip.entry(named: candidate) {
                    if let cached = inflated[entry.name] {
                        found = cached
                    } else {
                        let bytes = try read(entry, zip)
                        inflated[entry.name] = bytes
                        found = bytes
                    }
                    break
                }
            }
            if let found {
                movie.images[i].value = found
            } else {
                movie.images[i].value = []
                let why = name.isEmpty ? "no file name" : "no file '\(name).png' or '\(name)' in the ZIP"
                diagnostics.append(Diagnostic(kind: .missingImage, sprite: nil, frame: nil,
                                              message: "image '\(movie.images[i].key)': \(why)"))
            }
        }
        return (movie, kind, diagnostics)
    }

    private static func read(_ entry: ZipArchive.Entry, _ zip: ZipArchive) throws(DecodeError) -> [UInt8] {
        do { return try zip.read(entry) } catch { throw DecodeError(error) }
    }
}
