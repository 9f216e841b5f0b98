import SVGAGeometry
import SVGARaster

/// Polygons used across the rasterizer tests (device space, y down).
enum TestShapes {
    static func polygon(_ points: [(Double, Double)]) -> Polyline {
        Polyline(points: points.map { Point($0.0, $0.1) }, isClosed: true)
    }

    /// Axis-aligned rectangle; `clockwise` on screen (y down) when true.
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool = true) -> Polyline {
        let pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        return polygon(clockwise ? pts : pts.reversed())
    }

    static func circle(cx: Double, cy: Double, r: Double, segments: Int, clockwise: Bool = true) -> Polyline {
        let pts = (0..<segments).map { i -> Point in
            let t = Double(i) / Double(segments) * 2 * Double.pi * (clockwise ? 1 : -1)
            return Point(cx + r * Double.cosine(t), cy + r * Double.sine(t))
        }
        return Polyline(points: pts, isClosed: true)
    }

    /// Pentagram through the 5 points of a regular pentagon, visiting every second one.
    static func star(cx: Double, cy: Double, r: Double) -> Polyline {
        let pts = (0..<5).map { i -> Point in
            let t = -Double.pi / 2 + Double(i * 2 % 5) * 2 * Double.pi / 5
            return Point(cx + r * Double.cosine(t), cy + r * Double.sine(t))
        }
        return Polyline(points: pts, isClosed: true)
    }

    /// Shoelace area (signed: positive when clockwise on screen).
    static func signedArea(_ p: Polyline) -> Double {
        var sum = 0.0
        for i in p.points.indices {
            let a = p.points[i], b = p.points[(i + 1) % p.points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// Sum of coverage / 255: the area the mask says is covered, in pixels.
    static func coveredArea(_ mask: CoverageMask?) -> Double {
        guard let mask else { return 0 }
        return Double(mask.data.reduce(0) { $0 + Int($1) }) / 255
    }

    /// Pixels with coverage strictly between 0 and 255 (each carries ≤ 0.5/255 rounding).
    static func partialPixels(_ mask: CoverageMask?) -> Int {
        mask?.data.reduce(0) { $0 + ($1 != 0 && $1 != 255 ? 1 : 0) } ?? 0
    }
}
