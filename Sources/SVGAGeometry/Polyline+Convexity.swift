/// Convexity of a closed polygon, decided the way Skia's path convexity check does it
/// (SkPath "Convexicator"): every turn goes the same way (collinear steps allowed), and the
/// x and y directions each change sign at most 3 times going round, which rejects
/// self-intersecting shapes whose turns all agree (a pentagram). The renderer uses this to pick
/// the antialiasing path Skia — and so Android — would use for the same shape (see
/// `Rasterizer.coverage`).
extension Polyline {
    public var isConvex: Bool {
        let pts = points
        guard pts.count >= 3 else { return true }
        var turn = 0.0          // sign of the first non-zero cross product
        var lastVector: Point?
        var dxChanges = 0, dyChanges = 0
        var lastDxSign = 0, lastDySign = 0
        let n = pts.count
        for i in 0...n {         // includes the closing edge, then the first edge again for the last turn
            let a = pts[i % n], b = pts[(i + 1) % n]
            let v = b - a
            if v.x == 0 && v.y == 0 { continue }
            if i < n {
                let sx = v.x > 0 ? 1 : (v.x < 0 ? -1 : 0), sy = v.y > 0 ? 1 : (v.y < 0 ? -1 : 0)
                if sx != 0 { if lastDxSign != 0 && sx != lastDxSign { dxChanges += 1 }; lastDxSign = sx }
                if sy != 0 { if lastDySign != 0 && sy != lastDySign { dyChanges += 1 }; lastDySign = sy }
                if dxChanges > 3 || dyChanges > 3 { return false }
            }
            if let last = lastVector {
                let cross = last.cross(v)
                // Skia treats nearly collinear steps as straight; scale the test by the lengths.
                let scale = (last.x * last.x + last.y * last.y).squareRoot() * (v.x * v.x + v.y * v.y).squareRoot()
                if abs(cross) > scale * 1e-9 {
                    if turn == 0 { turn = cross } else if (cross > 0) != (turn > 0) { return false }
                } else if last.dot(v) < 0 {
                    return false     // a reversal: the outline doubles back on itself
                }
            }
            lastVector = v
        }
        return true
    }
}
