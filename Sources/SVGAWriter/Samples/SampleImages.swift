import SVGAImageIO
import SVGARaster

// Procedural images for the sample scenes: each pixel is a function of its centre, evaluated in
// straight colour (0...1) and stored premultiplied with rounding. No rasterizer is involved, so
// the samples do not depend on the code they are meant to test; edges are antialiased by a
// coverage ramp or 4×4 supersampling.
enum SampleImages {
    struct RGBA { var r, g, b, a: Double }

    static func pixmap(width: Int, height: Int, _ shade: (_ x: Double, _ y: Double) -> RGBA) -> Pixmap {
        var data = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = shade(Double(x) + 0.5, Double(y) + 0.5)
                let a = clamp(c.a)
                data[i] = byte(clamp(c.r) * a); data[i + 1] = byte(clamp(c.g) * a)
                data[i + 2] = byte(clamp(c.b) * a); data[i + 3] = byte(a)
                i += 4
            }
        }
        return Pixmap(width: width, height: height, premultipliedRGBA: data)!
    }

    static func png(_ pixmap: Pixmap) throws(PNGError) -> [UInt8] { try PNGEncoder.encode(pixmap) }

    /// Opaque diagonal gradient between two colours.
    static func gradient(width: Int, height: Int, from: RGBA, to: RGBA) -> Pixmap {
        pixmap(width: width, height: height) { x, y in
            let t = (x / Double(width) + y / Double(height)) / 2
            return RGBA(r: SampleMath.mix(from.r, to.r, t), g: SampleMath.mix(from.g, to.g, t),
                        b: SampleMath.mix(from.b, to.b, t), a: SampleMath.mix(from.a, to.a, t))
        }
    }

    /// A disc filling the image, its edge fading over `softness` pixels; colour lighter inside.
    static func disc(size: Int, color: RGBA, softness: Double) -> Pixmap {
        let centre = Double(size) / 2, radius = Double(size) / 2 - 1
        return pixmap(width: size, height: size) { x, y in
            let dx = x - centre, dy = y - centre
            let dist = (dx * dx + dy * dy).squareRoot()
            let coverage = clamp((radius - dist) / softness + 0.5)
            let light = 1 - 0.5 * dist / radius
            return RGBA(r: color.r * light + (1 - light), g: color.g * light + (1 - light) * 0.8,
                        b: color.b * light + (1 - light) * 0.6, a: color.a * coverage)
        }
    }

    /// A checkerboard of `cell`-pixel squares; the light squares are semi-transparent.
    static func checker(size: Int, cell: Int, dark: RGBA, light: RGBA) -> Pixmap {
        pixmap(width: size, height: size) { x, y in
            ((Int(x) / cell) + (Int(y) / cell)) % 2 == 0 ? dark : light
        }
    }

    /// A five-pointed star (outer radius = half the size, inner radius 0.45 × that), 4×4 supersampled
    /// with an even-odd point-in-polygon test over its ten vertices.
    static func star(size: Int, color: RGBA) -> Pixmap {
        let centre = Double(size) / 2, outer = Double(size) / 2 - 1, inner = outer * 0.45
        var vertices: [(Double, Double)] = []
        for k in 0..<10 {
            let angle = SampleMath.radians(-90 + 36 * Double(k))
            let r = k % 2 == 0 ? outer : inner
            vertices.append((centre + r * SampleMath.cos(angle), centre + r * SampleMath.sin(angle)))
        }
        return pixmap(width: size, height: size) { x, y in
            var hits = 0
            for sy in 0..<4 {
                for sx in 0..<4 {
                    let px = x - 0.5 + (Double(sx) + 0.5) / 4, py = y - 0.5 + (Double(sy) + 0.5) / 4
                    if inside(px, py, vertices) { hits += 1 }
                }
            }
            return RGBA(r: color.r, g: color.g, b: color.b, a: color.a * Double(hits) / 16)
        }
    }

    /// One flat colour (placeholder slots).
    static func solid(width: Int, height: Int, color: RGBA) -> Pixmap {
        pixmap(width: width, height: height) { _, _ in color }
    }

    private static func inside(_ x: Double, _ y: Double, _ polygon: [(Double, Double)]) -> Bool {
        var result = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let (xi, yi) = polygon[i], (xj, yj) = polygon[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { result.toggle() }
            j = i
        }
        return result
    }

    private static func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
    private static func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
}

extension SampleImages.RGBA {
    static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Self { Self(r: r, g: g, b: b, a: a) }
}
