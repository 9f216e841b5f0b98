// Test support: a second, independent FreeType handle used as the oracle for advances and
// kerning, plus the shared default face. Kept apart from SVGAText's own code paths on purpose.
import CFreeType
import SVGAGeometry
@testable import SVGAText

enum Fixture {
    /// One face shared by tests that only read; FontFace is documented as thread-safe.
    static let face: FontFace = {
        do { return try FontFace(path: FontFace.defaultPath) } catch {
            fatalError("DejaVu Sans (fonts-dejavu-core) is required by the SVGAText tests: \(error)")
        }
    }()
}

/// Direct FreeType queries in font units, y up, as FreeType reports them.
final class FreeTypeOracle {
    private var library: FT_Library?
    private var face: FT_Face?

    init(path: String = FontFace.defaultPath) {
        precondition(FT_Init_FreeType(&library) == 0)
        precondition(FT_New_Face(library, path, 0, &face) == 0)
    }
    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    var unitsPerEm: Int { Int(face!.pointee.units_per_EM) }
    var hasKerning: Bool { (face!.pointee.face_flags & (1 << 6)) != 0 }

    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Unhinted advance in font units (FT_LOAD_NO_SCALE = 1).
    func advance(_ glyph: UInt32) -> Int {
        precondition(FT_Load_Glyph(face, glyph, 1) == 0)
        return Int(face!.pointee.glyph.pointee.advance.x)
    }

    /// Unscaled kerning in font units.
    func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        var v = FT_Vector(x: 0, y: 0)
        precondition(FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &v) == 0)
        return Int(v.x)
    }

    /// Width of `text` in font units: advances plus pair kerning, one glyph per scalar.
    func width(of text: String) -> Int {
        let glyphs = text.unicodeScalars.map(glyphIndex)
        var total = 0
        for (i, g) in glyphs.enumerated() {
            if i > 0 { total += kerning(glyphs[i - 1], g) }
            total += advance(g)
        }
        return total
    }
}
