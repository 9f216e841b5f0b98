import SVGAGeometry
import SVGARaster

/// An independent, slow oracle for the rasterizer: each pixel sampled on an n × n grid of
/// points, a point inside when its winding number (crossings of a ray from x = −∞, signed by
/// edge direction) satisfies the rule. Point sampling is exact in the limit; at n samples a
/// straight edge through a pixel is off by at most about 1/n of the pixel.
enum SupersampledCoverage {
    static func coverage(of polygons: [Polyline], rule: FillRule, width: Int, height: Int, samples n: Int) -> [UInt8] {
        var edges: [(Point, Point)] = []
        for p in polygons where p.points.count >= 3 {
            for i in p.points.indices { edges.append((p.points[i], p.points[(i + 1) % p.points.count])) }
        }
        var counts = [Int](repeating: 0, count: width * height)
        for y in 0..<height {
            for sy in 0..<n {
                let py = Double(y) + (Double(sy) + 0.5) / Double(n)
                // Crossings of this sample row, left to right, with their winding change.
                var crossings: [(x: Double, winding: Int)] = []
                for (a, b) in edges where (a.y <= py) != (b.y <= py) {
                    let t = (py - a.y) / (b.y - a.y)
                    crossings.append((a.x + t * (b.x - a.x), b.y > a.y ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var next = 0, winding = 0
                for sx in 0..<(width * n) {
                    let px = (Double(sx) + 0.5) / Double(n)
                    while next < crossings.count && crossings[next].x < px {
                        winding += crossings[next].winding; next += 1
                    }
                    if rule == .nonZero ? winding != 0 : winding % 2 != 0 { counts[y * width + sx / n] += 1 }
                }
            }
        }
        return counts.map { UInt8((Double($0) / Double(n * n) * 255).rounded()) }
    }
}
