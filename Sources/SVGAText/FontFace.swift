// A loaded font face (spec A.7: the font of a dynamic text item, e.g. a sender's nickname drawn
// into a gift sprite): FreeType for outlines and colour bitmaps, HarfBuzz for shaping.
//
// Design: we never let FreeType rasterize or hint outlines. Glyphs are loaded unscaled (font
// units), turned into `Path`s once, cached by glyph index, and scaled in Double by the caller's
// size, so a line's geometry is resolution-independent and bit-for-bit deterministic; our own
// rasterizer fills it. The one exception is colour emoji: Noto Color Emoji has no outlines, only
// CBDT bitmaps at one strike, which we take as premultiplied images (ColorGlyph.swift).
//
// Shaping uses a HarfBuzz font made from the same bytes (hb_blob) with HarfBuzz's own OpenType
// functions at scale = units per em, exactly what `hb-shape` does by default, so glyph IDs and
// advances can be checked against that tool and come out in font units.
//
// Threading: FreeType objects (FT_Library, FT_Face) are not thread-safe, so every FT call, every
// HarfBuzz shaping call and every cache access happens under `lock`. That is why the class is
// `@unchecked Sendable`: all mutable state below is private and touched only in `withLockedFace`.
import CFreeType
import CHarfBuzz
import Foundation
import SVGAGeometry

public final class FontFace: @unchecked Sendable {
    /// DejaVu Sans from Debian's `fonts-dejavu-core`.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public let familyName: String
    public let unitsPerEm: Int
    /// The font file, nil for a face loaded from memory.
    public let path: String?
    /// Face index inside a collection (.ttc); 0 for a plain font file.
    public let faceIndex: Int

    /// Font units, y up as in the font; both positive (see `init(library:face:...)`).
    let ascenderUnits: Int
    let descenderUnits: Int
    /// FT_HAS_KERNING: the face has a legacy 'kern' table (HarfBuzz applies it when shaping).
    let hasKerning: Bool
    /// A colour-bitmap face (CBDT/sbix, e.g. Noto Color Emoji): glyphs are images at
    /// `strikePixelsPerEm`, not outlines.
    let isColorBitmapFace: Bool
    /// Pixels per em of the selected bitmap strike (0 for an outline face).
    let strikePixelsPerEm: Double

    /// Cache bounds: outlines are a few hundred bytes to a few KiB each; an emoji bitmap is about
    /// 70 KiB (136 × 128 × 4), so 512 of them is about 35 MiB. Clearing only costs reloading.
    static let maxCachedOutlines = 16384
    static let maxCachedColorGlyphs = 512

    private let lock = NSLock()
    private let library: FT_Library
    private let face: FT_Face
    private let hbFont: OpaquePointer
    /// The font bytes for FT_New_Memory_Face (and the HarfBuzz blob), alive as long as the face.
    private let bytes: UnsafeMutableBufferPointer<UInt8>?
    /// Glyph index → outline in font units (y down); guarded by `lock`.
    private var outlineCache: [UInt32: GlyphOutline] = [:]
    /// Glyph index → colour bitmap (nil: none); guarded by `lock`.
    private var colorCache: [UInt32: ColorGlyph?] = [:]

    /// Opens face `index` (0 for a plain font, the member of a .ttc collection otherwise).
    public convenience init(path: String, index: Int = 0) throws(FontError) {
        let library = try FontFace.makeLibrary(source: path)
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError(source: path, operation: "FT_New_Face", code: error == 0 ? 0x01 : error)
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw FontError(source: path, operation: "hb_blob_create_from_file", code: 0x01)
        }
        try self.init(library: library, face: face, blob: blob, bytes: nil, source: path, path: path, index: index)
    }

    /// Opens the face at index 0 of font bytes held in memory (a copy is kept alive for FreeType).
    public convenience init(data: [UInt8]) throws(FontError) {
        let source = "memory (\(data.count) bytes)"
        let library = try FontFace.makeLibrary(source: source)
        // FT_New_Memory_Face keeps pointing into the buffer, so it must outlive the face: an
        // Array's storage is only pinned inside withUnsafeBufferPointer, hence the copy.
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        _ = bytes.initialize(from: data)
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(data.count), 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            bytes.deallocate()
            throw FontError(source: source, operation: "FT_New_Memory_Face", code: error == 0 ? 0x02 : error)
        }
        let blob = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(data.count, 1)) {
            hb_blob_create($0, UInt32(data.count), HB_MEMORY_MODE_READONLY, nil, nil)
        }
        try self.init(library: library, face: face, blob: blob, bytes: bytes, source: source, path: nil, index: 0)
    }

    private init(library: FT_Library, face: FT_Face, blob: OpaquePointer?, bytes: UnsafeMutableBufferPointer<UInt8>?,
                 source: String, path: String?, index: Int) throws(FontError) {
        let rec = face.pointee
        // We need outlines in font units, or colour bitmaps we can scale: a monochrome
        // bitmap-only face (FT_FACE_FLAG_SCALABLE, bit 0, and FT_FACE_FLAG_COLOR, bit 14, clear)
        // or one with no em size has nothing we can draw.
        let scalable = (rec.face_flags & (1 << 0)) != 0
        let color = (rec.face_flags & (1 << 14)) != 0 && rec.num_fixed_sizes > 0
        var strike = 0.0
        if !scalable && color {
            // The largest strike: the image is scaled down to the text size, never up if we can help it.
            var best = -1, bestPpem = 0
            for i in 0..<Int(rec.num_fixed_sizes) {
                let ppem = Int(rec.available_sizes[i].y_ppem)
                if ppem > bestPpem { best = i; bestPpem = ppem }
            }
            if best >= 0, FT_Select_Size(face, FT_Int(best)) == 0 { strike = Double(bestPpem) / 64 }
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)  // the face holds its own reference
        // FreeType reports no em size for a bitmap-only face; HarfBuzz reads it from 'head',
        // and its advances (hmtx) are in those units.
        let unitsPerEm = rec.units_per_EM > 0 ? Int(rec.units_per_EM) : Int(hb_face_get_upem(hbFace))
        let font = scalable || strike > 0 ? hb_font_create(hbFace) : nil
        hb_face_destroy(hbFace)
        guard let font, unitsPerEm > 0 else {
            hb_font_destroy(font)
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            bytes?.deallocate()
            throw FontError(source: source, operation: "check for scalable outlines or colour bitmaps", code: 0x14)
        }
        self.hbFont = font
        self.library = library
        self.face = face
        self.bytes = bytes
        self.path = path
        self.faceIndex = index
        self.isColorBitmapFace = !scalable
        self.strikePixelsPerEm = strike
        self.familyName = rec.family_name.map { String(cString: $0) } ?? ""
        self.unitsPerEm = unitsPerEm
        // FT_FACE_FLAG_KERNING is bit 6.
        self.hasKerning = (rec.face_flags & (1 << 6)) != 0
        // hhea ascender/descender; a broken font may leave them zero or give the descender the
        // wrong sign, so fall back to the global bounding box to keep both strictly positive.
        let ascender = Int(rec.ascender) > 0 ? Int(rec.ascender) : Int(rec.bbox.yMax)
        let descender = abs(Int(rec.descender)) > 0 ? abs(Int(rec.descender)) : -Int(rec.bbox.yMin)
        self.ascenderUnits = ascender > 0 ? ascender : unitsPerEm
        self.descenderUnits = descender > 0 ? descender : 1
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes?.deallocate()
    }

    private static func makeLibrary(source: String) throws(FontError) -> FT_Library {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FontError(source: source, operation: "FT_Init_FreeType", code: error == 0 ? 0x40 : error)
        }
        return library
    }

    /// Where the face came from, for messages and tests: "path" or "path#index".
    public var sourceName: String {
        guard let path else { return "memory" }
        return faceIndex == 0 ? path : "\(path)#\(faceIndex)"
    }

    /// Runs `body` holding the lock; the only way code reaches the FreeType face or the cache.
    func withLockedFace<R>(_ body: (LockedFace) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(LockedFace(owner: self))
    }

    /// Access to the face, handed out only while the lock is held (`withLockedFace`); callers do
    /// not keep it. (It was ~Copyable, which crashes the Swift 6.3.1 optimizer in -O builds.)
    struct LockedFace {
        fileprivate let owner: FontFace

        /// cmap lookup; 0 (.notdef) when the font lacks the character.
        func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
            UInt32(FT_Get_Char_Index(owner.face, FT_ULong(scalar.value)))
        }

        /// True when the cmap maps every scalar that needs a glyph; default-ignorable ones (ZWJ,
        /// variation selectors, tags) are left to the shaper, which consumes or hides them.
        func covers<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
            scalars.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || glyphIndex(for: $0) != 0 }
        }

        /// The HarfBuzz font, used only while the lock is held.
        var harfBuzzFont: OpaquePointer { owner.hbFont }

        /// The glyph's outline in font units, decomposed once and then served from the cache.
        func outline(_ glyph: UInt32) -> GlyphOutline {
            if let cached = owner.outlineCache[glyph] { return cached }
            let loaded = owner.isColorBitmapFace ? .empty : GlyphOutline.load(glyph, from: owner.face)
            // Fallback faces live for the whole process (a hook serves many names): bound the cache.
            if owner.outlineCache.count >= FontFace.maxCachedOutlines { owner.outlineCache.removeAll() }
            owner.outlineCache[glyph] = loaded
            return loaded
        }

        /// The glyph's colour bitmap at the face's strike, or nil for an outline face or a glyph
        /// without one; loaded once and then served from the cache.
        func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
            guard owner.isColorBitmapFace else { return nil }
            if let cached = owner.colorCache[glyph] { return cached }
            let loaded = ColorGlyph.load(glyph, from: owner.face, pixelsPerEm: owner.strikePixelsPerEm)
            if owner.colorCache.count >= FontFace.maxCachedColorGlyphs { owner.colorCache.removeAll() }
            owner.colorCache[glyph] = loaded
            return loaded
        }
    }
}
