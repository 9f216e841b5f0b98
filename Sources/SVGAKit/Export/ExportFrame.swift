import SVGARaster

// A rendered frame as the encoders take it: straight-alpha RGBA8 rows, optionally composited
// over a background colour first (source-over, in premultiplied space, then unpremultiplied).

enum ExportFrame {
    /// `background` is straight RGBA8; nil keeps the frame's own alpha.
    static func straightRGBA(_ pixmap: Pixmap, background: [UInt8]?) -> [UInt8] {
        guard let bg = background, bg.count == 4 else { return pixmap.straightRGBA() }
        var flat = pixmap
        let ba = UInt32(bg[3])
        // The background, premultiplied (rounded), as the destination under each pixel.
        let bp = (0..<3).map { (UInt32(bg[$0]) * ba + 127) / 255 } + [ba]
        flat.data.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress!
            var i = 0
            while i < buffer.count {
                let inverse = 255 - UInt32(p[i + 3])
                for c in 0..<4 {
                    p[i + c] = UInt8(truncatingIfNeeded: min(255, UInt32(p[i + c]) + (bp[c] * inverse + 127) / 255))
                }
                i += 4
            }
        }
        return flat.straightRGBA()
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
