/// The roots of A·t² + B·t + C in the open interval (0, 1), ascending, without duplicates: Skia's
/// `SkFindUnitQuadRoots`, with its numerically careful form (Q = −(B ± √disc)/2, roots Q/A and
/// C/Q), so the stroker and the edge builder split curves where Skia does.
public enum UnitQuadRoots {
    public static func roots(_ A: Double, _ B: Double, _ C: Double) -> [Double] {
        func unitDivide(_ n: Double, _ d: Double) -> Double? {
            var n = n, d = d
            if n < 0 { n = -n; d = -d }
            guard d != 0, n != 0, n < d else { return nil }
            let r = n / d
            return r.isFinite && r != 0 ? r : nil
        }
        if A == 0 { return unitDivide(-C, B).map { [$0] } ?? [] }
        let disc = B * B - 4 * A * C
        guard disc >= 0 else { return [] }
        let R = disc.squareRoot()
        let Q = B < 0 ? -(B - R) / 2 : -(B + R) / 2
        var roots: [Double] = []
        if let r = unitDivide(Q, A) { roots.append(r) }
        if let r = unitDivide(C, Q) { roots.append(r) }
        roots.sort()
        if roots.count == 2 && roots[0] == roots[1] { roots.removeLast() }
        return roots
    }
}
