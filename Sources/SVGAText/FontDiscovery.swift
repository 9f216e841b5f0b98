// Font discovery for per-character fallback, as browsers do it: when the style's font lacks a
// character, ask fontconfig for the installed fonts sorted by how well they match the run's
// language (and colour, for emoji), and take the first that covers the whole cluster.
//
// One process-wide instance: fontconfig's configuration is loaded once (it scans the font
// directories), its calls are not documented as thread-safe, so they run under `lock`; answers
// and opened faces are cached, so a render asks fontconfig once per distinct cluster shape.
// Output is deterministic for a given set of installed fonts; a different machine with other
// fonts can pick other faces, which is why the README lists the packages.
import CFontconfig
import Foundation

/// A face inside a font file.
public struct FontLocation: Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let index: Int
    public init(path: String, index: Int) { self.path = path; self.index = index }
    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}

final class FontDiscovery: @unchecked Sendable {
    static let shared = FontDiscovery()

    private struct Query: Hashable {
        let scalars: [UInt32]
        let language: String?
        let emoji: Bool
    }

    private let lock = NSLock()
    /// nil when fontconfig could not load a configuration: fallback is then off (only the
    /// primary face draws), which `layoutLine` reports as missing characters.
    private let config: OpaquePointer?
    /// Guarded by `lock`.
    private var answers: [Query: FontFace?] = [:]
    private var faces: [FontLocation: FontFace?] = [:]

    /// Distinct queries remembered; far above what names need, it bounds a hostile text.
    private static let maxAnswers = 8192

    private init() {
        config = FcInitLoadConfigAndFonts()
    }

    /// The best installed face covering all of `scalars` for `language` (a BCP 47 tag such as
    /// "zh-cn"; nil for none), preferring colour fonts when `emoji`; nil when none covers them.
    func face(covering scalars: [Unicode.Scalar], language: String?, emoji: Bool) -> FontFace? {
        let query = Query(scalars: scalars.map(\.value), language: language, emoji: emoji)
        lock.lock()
        defer { lock.unlock() }
        if let known = answers[query] { return known }
        let found = search(query, scalars: scalars)
        if answers.count >= FontDiscovery.maxAnswers { answers.removeAll() }
        answers[query] = found
        return found
    }

    /// FcFontSort (trimmed: only fonts that add coverage) over a pattern of the cluster's
    /// characters and language; the first candidate whose cmap really covers them wins.
    private func search(_ query: Query, scalars: [Unicode.Scalar]) -> FontFace? {
        guard let config, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { return nil }
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        for scalar in needed { FcCharSetAddChar(charset, scalar.value) }
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcCharSetDestroy(charset)
        if let language = query.language ?? (query.emoji ? "und-zsye" : nil) {
            FcPatternAddString(pattern, FC_LANG, language)
        }
        if query.emoji { FcPatternAddBool(pattern, FC_COLOR, 1) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let candidate = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(candidate, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(candidate, FC_INDEX, 0, &index)
            var fontCharset: OpaquePointer?
            if FcPatternGetCharSet(candidate, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset,
               !needed.allSatisfy({ FcCharSetHasChar(fontCharset, $0.value) != 0 }) { continue }
            let location = FontLocation(path: String(cString: file), index: Int(index))
            guard let face = openFace(location) else { continue }
            if face.withLockedFace({ $0.covers(needed) }) { return face }
        }
        return nil
    }

    /// Opens (once) the face at `location`; nil when FreeType or HarfBuzz refuse it.
    private func openFace(_ location: FontLocation) -> FontFace? {
        if let known = faces[location] { return known }
        let face = try? FontFace(path: location.path, index: location.index)
        faces[location] = face
        return face
    }
}
