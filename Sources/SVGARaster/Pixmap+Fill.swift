// Solid-colour fills: premultiplied source-over of colour × coverage (× clip coverage).
//
// Coverage is applied by scaling the source before the blend (tiny-skia's choice for
// source-over, where pre-scaling is equivalent to a lerp): s' = div255(s · c), then
// d = s' + div255(d · (255 − s'a)). With a clip the coverage is first div255(mask · clip).
// The path (clip or not) is chosen once per call; rows run over buffer pointers taken once. An
// opaque colour at full coverage is a plain store inside `PackedPixel.blend`, so opaque and
// translucent colours share one row kernel. `fillReference` is the plain twin the tests hold this to, exactly.

extension Pixmap {
    /// Solid source-over: colour × coverage (× clip coverage when given) per pixel.
    public mutating func fill(_ mask: CoverageMask, color: PremultipliedColorU8, clip: CoverageMask?) {
        guard color.a != 0 else { return }   // premultiplied: all channels 0, source-over is a no-op
        guard var area = mask.bounds.intersection(bounds) else { return }
        if let clip {
            guard let clipped = area.intersection(clip.bounds) else { return }
            area = clipped
        }
        let pixmapWidth = width
        let color = FillColor(color)
        data.withUnsafeMutableBufferPointer { pixels in
            mask.data.withUnsafeBufferPointer { coverage in
                let maskWidth = mask.bounds.width
                func dst(_ y: Int) -> UnsafeMutablePointer<UInt8> {
                    pixels.baseAddress! + (y * pixmapWidth + area.x) * 4
                }
                func cov(_ y: Int) -> UnsafePointer<UInt8> {
                    coverage.baseAddress! + (y - mask.bounds.y) * maskWidth + (area.x - mask.bounds.x)
                }
                if let clip {
                    clip.data.withUnsafeBufferPointer { clipCoverage in
                        for y in area.y..<area.maxY {
                            let c = clipCoverage.baseAddress! + (y - clip.bounds.y) * clip.bounds.width
                                + (area.x - clip.bounds.x)
                            FillRow.clipped(dst(y), cov(y), c, area.width, color)
                        }
                    }
                } else {
                    for y in area.y..<area.maxY { FillRow.unclipped(dst(y), cov(y), area.width, color) }
                }
            }
        }
    }
}

/// The colour as one packed word (`PackedPixel`), made once per call.
struct FillColor {
    let word: UInt32
    init(_ c: PremultipliedColorU8) {
        word = UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
    }
}

/// Row kernels: `dst` points at the first RGBA pixel of the span, `coverage` at its first
/// coverage byte. The arithmetic is `PackedPixel`'s (whole words, exact div255).
enum FillRow {
    static func unclipped(_ dst: UnsafeMutablePointer<UInt8>, _ coverage: UnsafePointer<UInt8>, _ count: Int,
                          _ c: FillColor) {
        let d = UnsafeMutableRawPointer(dst)
        var i = 0
        while i < count {
            let k = UInt32(coverage[i])
            if k != 0 { PackedPixel.blend(c.word, coverage: k, onto: d + i * 4) }
            i += 1
        }
    }

    static func clipped(_ dst: UnsafeMutablePointer<UInt8>, _ coverage: UnsafePointer<UInt8>,
                        _ clip: UnsafePointer<UInt8>, _ count: Int, _ c: FillColor) {
        let d = UnsafeMutableRawPointer(dst)
        var i = 0
        while i < count {
            let k = UInt32(coverage[i]), m = UInt32(clip[i])
            if k != 0 && m != 0 {
                PackedPixel.blend(c.word, coverage: m == 255 ? k : div255(k &* m), onto: d + i * 4)
            }
            i += 1
        }
    }
}
