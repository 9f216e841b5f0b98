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
    static func decode(_ bytes: [UInt8], budget: DecodeBudget) throws(DecodeError) -> (RawMovie, ContainerKind, [Diagnostic]) {
        let zip: ZipArchive
        do { zip = try ZipArchive(bytes, budget: budget) } catch { throw DecodeError(error) }

        var movie: RawMovie
        var diagnostics: [Diagnostic] = []
        let kind: ContainerKind
        if let entry = zip.entry(named: "movie.binary") {
            let data = try read(entry, zip)
            do { movie = try ProtobufMovieDecoder.decode(data, budget: budget) } catch { throw DecodeError(error, entry: entry.name) }
            kind = .zipBinary
        } else if let entry = zip.entry(named: "movie.spec") {
            guard entry.uncompressedSize <= budget.maxSpecJSONBytes else {
                throw DecodeError(JSONFormatError.tooLarge(bytes: entry.uncompressedSize, limit: budget.maxSpecJSONBytes),
                                  entry: entry.name)
            }
            let data = try read(entry, zip)
            do { (movie, diagnostics) = try SpecJSONDecoder.decode(data, budget: budget) } catch { throw DecodeError(error, entry: entry.name) }
            kind = .zipSpec
        } else {
            throw DecodeError(stage: .container, message: "ZIP archive holds neither movie.binary nor movie.spec")
        }

        // Many image keys may name one file: inflate each entry once and share its bytes, so a
        // small archive cannot multiply one large entry by its key count (the inflate caps count
        // each entry once). Cached by the entry's offset, not its name: the bytes are what costs.
        var inflated: [Int: [UInt8]] = [:]
        for i in movie.images.indices {
            let value = movie.images[i].value
            if ImageSniffer.isInlineData(value) { continue }
            let name = String(decoding: value, as: UTF8.self)
            var found: [UInt8]?
            for candidate in [name + ".png", name] where !name.isEmpty {
                if let entry = zip.entry(named: candidate) {
                    if let cached = inflated[entry.localHeaderOffset] {
                        found = cached
                    } else {
                        let bytes = try read(entry, zip)
                        inflated[entry.localHeaderOffset] = bytes
                        found = bytes
                    }
                    break
                }
            }
            if let found {
                movie.images[i].value = found
            } else {
                movie.images[i].value = []
                let why = name.isEmpty ? "no file name" : "no file \(UntrustedText.quoted(name + ".png")) or \(UntrustedText.quoted(name)) in the ZIP"
                diagnostics.append(Diagnostic(kind: .missingImage, sprite: nil, frame: nil,
                                              message: "image \(UntrustedText.quoted(movie.images[i].key)): \(why)"))
            }
        }
        return (movie, kind, diagnostics)
    }

    private static func read(_ entry: ZipArchive.Entry, _ zip: ZipArchive) throws(DecodeError) -> [UInt8] {
        do { return try zip.read(entry) } catch { throw DecodeError(error) }
    }
}
