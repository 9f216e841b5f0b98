// One glyph as FreeType describes it, converted to our geometry once (spec A.7 text is drawn by
// our own rasterizer, so we need outlines, never FreeType bitmaps).
import CFreeType
import SVGAGeometry

/// A glyph outline in font units with y pointing down (already flipped from FreeType's y-up),
/// plus its unhinted advance in font units. TrueType contours keep their winding, so the path is
/// meant to be filled nonzero.
struct GlyphOutline: Sendable {
    let path: Path
    let advance: Int

    static let empty = GlyphOutline(path: Path(), advance: 0)

    /// Loads `glyph` unscaled and decomposes its outline. A glyph FreeType cannot load (a corrupt
    /// font, an out-of-range index) becomes an empty outline with zero advance: text never crashes.
    static func load(_ glyph: UInt32, from face: FT_Face) -> GlyphOutline {
        // FT_LOAD_NO_SCALE (1 << 0) | FT_LOAD_NO_HINTING (1 << 1) | FT_LOAD_NO_BITMAP (1 << 3):
        // these macros are `(1L << n)` expressions that do not import into Swift. Unscaled means
        // font units, which we scale ourselves in Double.
        let flags: FT_Int32 = 0x1 | 0x2 | 0x8
        guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0, let slot = face.pointee.glyph else {
            return .empty
        }
        // With NO_SCALE, advance.x is in font units and unhinted.
        let advance = Int(slot.pointee.advance.x)
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return GlyphOutline(path: Path(), advance: advance)
        }
        return GlyphOutline(path: decompose(slot.pointee.outline), advance: advance)
    }

    /// Walks the outline with FT_Outline_Decompose. The callbacks are `@convention(c)` (they
    /// capture nothing) and find the collector through FreeType's user pointer.
    static func decompose(_ outline: FT_Outline) -> Path {
        var outline = outline  // a shallow copy of the header; FreeType only reads the points
        let collector = OutlineCollector()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                guard let to, let user else { return 1 }
                OutlineCollector.from(user).move(to.pointee)
                return 0
            },
            line_to: { to, user in
                guard let to, let user else { return 1 }
                OutlineCollector.from(user).line(to.pointee)
                return 0
            },
            conic_to: { control, to, user in
                guard let control, let to, let user else { return 1 }
                OutlineCollector.from(user).conic(control.pointee, to.pointee)
                return 0
            },
            cubic_to: { control1, control2, to, user in
                guard let control1, let control2, let to, let user else { return 1 }
                OutlineCollector.from(user).cubic(control1.pointee, control2.pointee, to.pointee)
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(collector).toOpaque()
        let error = withExtendedLifetime(collector) { FT_Outline_Decompose(&outline, &funcs, user) }
        // A malformed outline (FreeType reports an error mid-walk) draws nothing rather than a
        // half-built glyph.
        guard error == 0 else { return Path() }
        return collector.finish()
    }
}

/// Collects decomposition callbacks into a `Path` (font units, y flipped to point down).
private final class OutlineCollector {
    private var path = Path()
    private var contourOpen = false

    static func from(_ user: UnsafeMutableRawPointer) -> OutlineCollector {
        Unmanaged<OutlineCollector>.fromOpaque(user).takeUnretainedValue()
    }

    private func point(_ v: FT_Vector) -> Point { Point(Double(v.x), -Double(v.y)) }

    func move(_ to: FT_Vector) {
        // FreeType ends every contour with a segment back to its start but emits no "close",
        // so the next move_to (or finish) closes the previous contour.
        if contourOpen { path.close() }
        path.move(to: point(to))
        contourOpen = true
    }
    func line(_ to: FT_Vector) { path.line(to: point(to)) }
    func conic(_ control: FT_Vector, _ to: FT_Vector) { path.quad(to: point(to), control: point(control)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.cubic(to: point(to), control1: point(c1), control2: point(c2))
    }

    func finish() -> Path {
        if contourOpen { path.close(); contourOpen = false }
        return path
    }
}
