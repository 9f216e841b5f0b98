import SVGAFormat

// Arithmetic for the sample scenes. The committed sample files are checked byte for byte
// against fresh output, so the scenes use only IEEE-exact operations (+ − × ÷ √) and this
// polynomial sine instead of libm, whose last bit may differ between platforms and versions.
enum SampleMath {
    static let pi = 3.141592653589793

    /// sin(x) by range reduction to [−π/2, π/2] and a degree-13 Taylor polynomial (error < 1e-9
    /// there, far below Float precision).
    static func sin(_ x: Double) -> Double {
        let twoPi = 2 * pi
        var r = x - twoPi * (x / twoPi).rounded(.down)  // [0, 2π)
        if r > pi { r -= twoPi }                        // (−π, π]
        if r > pi / 2 { r = pi - r } else if r < -pi / 2 { r = -pi - r }
        let r2 = r * r
        var term = r, sum = r
        for n in stride(from: 2, through: 12, by: 2) {
            term *= -r2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    static func cos(_ x: Double) -> Double { sin(x + pi / 2) }

    static func radians(_ degrees: Double) -> Double { degrees * pi / 180 }

    /// Linear interpolation, `t` in 0...1.
    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// Smooth ease-out over 0...1 (for fly-ins).
    static func easeOut(_ t: Double) -> Double {
        let c = min(max(t, 0), 1)
        return 1 - (1 - c) * (1 - c)
    }
}

/// A 2D affine map in the SVGA order (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, spec B.2),
/// in Double while a scene composes it, Float only when written.
struct SampleAffine {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = SampleAffine()
    static func translate(_ x: Double, _ y: Double) -> SampleAffine { SampleAffine(tx: x, ty: y) }
    static func scale(_ sx: Double, _ sy: Double) -> SampleAffine { SampleAffine(a: sx, d: sy) }
    static func rotate(degrees: Double) -> SampleAffine {
        let r = SampleMath.radians(degrees)
        let s = SampleMath.sin(r), co = SampleMath.cos(r)
        return SampleAffine(a: co, b: s, c: -s, d: co)
    }
    /// Horizontal skew: x' = x + k·y.
    static func skewX(_ k: Double) -> SampleAffine { SampleAffine(c: k) }

    /// `self · other`: `other` applies first.
    func concatenating(_ o: SampleAffine) -> SampleAffine {
        SampleAffine(a: a * o.a + c * o.b, b: b * o.a + d * o.b,
                     c: a * o.c + c * o.d, d: b * o.c + d * o.d,
                     tx: a * o.tx + c * o.ty + tx, ty: b * o.tx + d * o.ty + ty)
    }

    /// Rotation/scale about a point: translate(p) · m · translate(−p).
    static func about(_ x: Double, _ y: Double, _ m: SampleAffine) -> SampleAffine {
        translate(x, y).concatenating(m).concatenating(translate(-x, -y))
    }

    var raw: RawTransform {
        RawTransform(a: Float(a), b: Float(b), c: Float(c), d: Float(d), tx: Float(tx), ty: Float(ty))
    }
}
