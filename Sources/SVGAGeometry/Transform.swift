/// An affine transform in canvas order (the SVGA `Transform` message and canvas
/// `transform(a, b, c, d, e, f)`): `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct Transform: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    @inlinable public static func scale(_ s: Double) -> Transform { .scale(s, s) }
    @inlinable public static func translation(_ tx: Double, _ ty: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }
    @inlinable public static func rotation(_ radians: Double) -> Transform {
        let c = _cos(radians), s = _sin(radians)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self · other`: apply `other` first, then `self` (as `M = G · T` in the spec).
    @inlinable public func concatenating(_ o: Transform) -> Transform {
        Transform(a: a * o.a + c * o.b,
                  b: b * o.a + d * o.b,
                  c: a * o.c + c * o.d,
                  d: b * o.c + d * o.d,
                  tx: a * o.tx + c * o.ty + tx,
                  ty: b * o.tx + d * o.ty + ty)
    }
    @inlinable public static func * (l: Transform, r: Transform) -> Transform { l.concatenating(r) }

    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies only the linear part (for vectors).
    @inlinable public func applyLinear(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }

    @inlinable public var determinant: Double { a * d - b * c }
    @inlinable public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
    /// Spec A.3: a matrix with a non-finite entry or a zero determinant draws nothing.
    @inlinable public var isDrawable: Bool { isFinite && determinant != 0 && determinant.isFinite }
    @inlinable public var isIdentity: Bool { self == .identity }

    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        return Transform(a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
                         tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
    }

    /// The largest factor by which this transform can stretch a unit vector (the larger
    /// singular value). Used to convert a device-pixel tolerance into local units.
    public var maxScale: Double {
        let e = (a * a + b * b + c * c + d * d) / 2
        let f = ((a * a + b * b - c * c - d * d) / 2)
        let g = a * c + b * d
        let root = (f * f + g * g).squareRoot()
        return (e + root).squareRoot()
    }
}

@usableFromInline func _cos(_ x: Double) -> Double { Double.cosine(x) }
@usableFromInline func _sin(_ x: Double) -> Double { Double.sine(x) }
