import SVGARaster

// A rendered frame as the encoders take it: straight-alpha RGBA8 rows, optionally composited
// over a background colour first (Pixmap+Background.swift), then unpremultiplied.

enum ExportFrame {
    /// `background` is straight RGBA8; nil keeps the frame's own alpha.
    static func straightRGBA(_ pixmap: Pixmap, background: [UInt8]?) -> [UInt8] {
        (background.map { pixmap.composited(over: $0) } ?? pixmap).straightRGBA()
    }

    /// Gives fully transparent pixels the alpha-weighted mean colour of the visible pixels in
    /// their 2×2 block. Their colour is never seen, but a 4:2:0 encoder (VP9 with alpha, the
    /// colour half of an alpha MP4) averages chroma over exactly these blocks, and black from
    /// the invisible pixels would otherwise bleed into visible edges.
    static func bleedColourIntoTransparent(_ rgba: inout [UInt8], width: Int, height: Int) {
        rgba.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress!
            for by in stride(from: 0, to: height, by: 2) {
                for bx in stride(from: 0, to: width, by: 2) {
                    var sum = (r: 0, g: 0, b: 0, a: 0), transparent = 0
                    for y in by..<min(by + 2, height) {
                        for x in bx..<min(bx + 2, width) {
                            let i = (y * width + x) * 4, a = Int(p[i + 3])
                            if a == 0 { transparent += 1; continue }
                            sum.r += Int(p[i]) * a; sum.g += Int(p[i + 1]) * a; sum.b += Int(p[i + 2]) * a; sum.a += a
                        }
                    }
                    guard transparent > 0, sum.a > 0 else { continue }
                    let half = sum.a / 2
                    let r = UInt8((sum.r + half) / sum.a), g = UInt8((sum.g + half) / sum.a), b = UInt8((sum.b + half) / sum.a)
                    for y in by..<min(by + 2, height) {
                        for x in bx..<min(bx + 2, width) {
                            let i = (y * width + x) * 4
                            if p[i + 3] == 0 { p[i] = r; p[i + 1] = g; p[i + 2] = b }
                        }
                    }
                }
            }
        }
    }

    /// True when some pixel is not fully opaque.
    static func hasTransparency(_ pixmap: Pixmap) -> Bool {
        pixmap.data.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { return true }; i += 4 }
            return false
        }
    }
}
