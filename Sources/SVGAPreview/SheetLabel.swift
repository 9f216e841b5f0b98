import SVGAGeometry
import SVGAKit
import SVGARaster
import SVGAText

/// Frame-index labels on the contact sheet: glyph outlines from SVGAText, filled by our own
/// rasterizer (no FreeType rendering), so labels are deterministic like every other pixel.
struct SheetLabel {
    static let size = 12.0
    /// Height of the label band under each cell, in pixels.
    static let bandHeight = 18
    static let color = PremultipliedColorU8.fromStraight(r: 0.2, g: 0.2, b: 0.2, a: 1)

    let face: FontFace

    /// Draws `text` centred horizontally in `band` and vertically on the font's ascent + descent;
    /// when it is wider than the band it is left-aligned and clipped to it.
    func draw(_ text: String, in band: IntRect, on pixmap: inout Pixmap) {
        let line = face.layoutLine(text, size: SheetLabel.size)
        guard !line.path.isEmpty else { return }
        let x = Double(band.x) + max(0, (Double(band.width) - line.advance) / 2)
        let baseline = Double(band.y) + (Double(band.height) - (line.ascent + line.descent)) / 2 + line.ascent
        let polygons = Flattener.flatten(line.path, transform: .translation(x, baseline), tolerance: 0.1)
        guard let clip = band.intersection(pixmap.bounds),
              let mask = Rasterizer.coverage(of: polygons, rule: .nonZero, clip: clip) else { return }
        pixmap.fill(mask, color: SheetLabel.color, clip: nil)
    }
}
