// Layer compositing for isolated groups (spec A.6 mattes): a run is drawn into a transparent
// layer, multiplied by the matte's alpha (destination-in), then composited source-over.
// Both are whole-pixmap passes over buffer pointers; `*Reference` twins in Pixmap+Reference.swift.

extension Pixmap {
    /// Source-over of a same-size layer onto self (premultiplied: d = s + div255(d · (255 − sa))).
    public mutating func compositeSourceOver(_ layer: Pixmap) {
        precondition(layer.width == width && layer.height == height,
                     "compositeSourceOver: layer is \(layer.width)×\(layer.height), target \(width)×\(height)")
        compositeSourceOver(layer, atX: 0, y: 0)
    }

    /// Source-over of `layer` placed with its top-left pixel at (x, y); the layer must lie inside
    /// self (a layer sized to what a matte run covers).
    public mutating func compositeSourceOver(_ layer: Pixmap, atX x: Int, y: Int) {
        precondition(x >= 0 && y >= 0 && x + layer.width <= width && y + layer.height <= height,
                     "compositeSourceOver: layer \(layer.width)×\(layer.height) at (\(x), \(y)) is outside \(width)×\(height)")
        let count = layer.width, rows = layer.height, stride = width
        data.withUnsafeMutableBytes { dst in
            layer.data.withUnsafeBytes { src in
                for row in 0..<rows {
                    let d = dst.baseAddress! + ((y + row) * stride + x) * 4, s = src.baseAddress! + row * count * 4
                    var i = 0
                    while i < count {
                        let w = s.load(fromByteOffset: i * 4, as: UInt32.self)
                        if w != 0 { PackedPixel.blend(w, coverage: 255, onto: d + i * 4) }
                        i += 1
                    }
                }
            }
        }
    }

    /// Destination-in: self × (matte.alpha / 255) per pixel (same size).
    public mutating func multiplyByAlpha(of matte: Pixmap) {
        precondition(matte.width == width && matte.height == height,
                     "multiplyByAlpha: matte is \(matte.width)×\(matte.height), target \(width)×\(height)")
        let count = width * height
        data.withUnsafeMutableBytes { dst in
            matte.data.withUnsafeBytes { src in
                let d = dst.baseAddress!, s = src.baseAddress!
                var i = 0
                while i < count {
                    let m = s.load(fromByteOffset: i * 4 + 3, as: UInt8.self)
                    if m != 255 {
                        let p = d + i * 4
                        p.storeBytes(of: m == 0 ? 0 : PackedPixel.scale(p.load(as: UInt32.self), by: UInt32(m)), as: UInt32.self)
                    }
                    i += 1
                }
            }
        }
    }
}
