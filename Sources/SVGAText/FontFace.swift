// A loaded FreeType face that hands out glyph outlines as geometry paths (spec A.7: the font of a
// dynamic text item, e.g. a sender's nickname drawn into a gift sprite).
//
// Design: we never let FreeType rasterize or hint. Glyphs are loaded unscaled (font units), turned
// into `Path`s once, cached by glyph index, and scaled in Double by the caller's size, so a line's
// geometry is resolution-independent and bit-for-bit deterministic; our own rasterizer fills it.
//
// Threading: FreeType objects (FT_Library, FT_Face) are not thread-safe, so every FT call and every
// cache access happens under `lock`. That is why the class is `@unchecked Sendable`: all mutable
// state below is private and touched only inside `withLockedFace`.
import CFreeType
import Foundation
import SVGAGeometry

public final class FontFace: @unchecked Sendable {
    /// DejaVu Sans from Debian's `fonts-dejavu-core`.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public let familyName: String
    public let unitsPerEm: Int

    /// Font units, y up as in the font; both positive (see `init(library:face:bytes:source:)`).
    let ascenderUnits: Int
    let descenderUnits: Int
    /// FT_HAS_KERNING: the face has a legacy 'kern' table that FT_Get_Kerning reads.
    let hasKerning: Bool

    private let lock = NSLock()
    private let library: FT_Library
    private let face: FT_Face
    /// The font bytes for FT_New_Memory_Face, which reads them for the face's whole life.
    private let bytes: UnsafeMutableBufferPointer<UInt8>?
    /// Glyph index → outline in font units (y down); guarded by `lock`.
    private var outlineCache: [UInt32: GlyphOutline] = [:]

    /// Opens the face at index 0 of a font file.
    public convenience init(path: String) throws(FontError) {
        let library = try FontFace.makeLibrary(source: path)
        var face: FT_Face?
        let error = FT_New_Face(library, path, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError(source: path, operation: "FT_New_Face", code: error == 0 ? 0x01 : error)
        }
        try self.init(library: library, face: face, bytes: nil, source: path)
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
        try self.init(library: library, face: face, bytes: bytes, source: source)
    }

    private init(library: FT_Library, face: FT_Face, bytes: UnsafeMutableBufferPointer<UInt8>?,
                 source: String) throws(FontError) {
        let rec = face.pointee
        // We need outlines in font units: a bitmap-only face (FT_FACE_FLAG_SCALABLE, bit 0, clear)
        // or one with no em size has nothing we can draw resolution-independently.
        let scalable = (rec.face_flags & (1 << 0)) != 0
        guard scalable, rec.units_per_EM > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            bytes?.deallocate()
            throw FontError(source: source, operation: "check for scalable outlines", code: 0x14)
        }
        self.library = library
        self.face = face
        self.bytes = bytes
        self.familyName = rec.family_name.map { String(cString: $0) } ?? ""
        self.unitsPerEm = Int(rec.units_per_EM)
        // FT_FACE_FLAG_KERNING is bit 6.
        self.hasKerning = (rec.face_flags & (1 << 6)) != 0
        // hhea ascender/descender; a broken font may leave them zero or give the descender the
        // wrong sign, so fall back to the global bounding box to keep both strictly positive.
        let ascender = Int(rec.ascender) > 0 ? Int(rec.ascender) : Int(rec.bbox.yMax)
        let descender = abs(Int(rec.descender)) > 0 ? abs(Int(rec.descender)) : -Int(rec.bbox.yMin)
        self.ascenderUnits = ascender > 0 ? ascender : Int(rec.units_per_EM)
        self.descenderUnits = descender > 0 ? descender : 1
    }

    deinit {
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

        /// Horizontal kerning between two glyphs in font units (0 when the face has none).
        func kerning(_ left: UInt32, _ right: UInt32) -> Int {
            guard owner.hasKerning else { return 0 }
            var delta = FT_Vector(x: 0, y: 0)
            guard FT_Get_Kerning(owner.face, FT_UInt(left), FT_UInt(right),
                                 FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta) == 0 else { return 0 }
            return Int(delta.x)
        }

        /// The glyph's outline in font units, decomposed once and then served from the cache.
        func outline(_ glyph: UInt32) -> GlyphOutline {
            if let cached = owner.outlineCache[glyph] { return cached }
            let loaded = GlyphOutline.load(glyph, from: owner.face)
            owner.outlineCache[glyph] = loaded
            return loaded
        }
    }
}
