// Combining coverage masks: a sprite clip (spec A.3) intersected with a nested clip or a shape's
// coverage. Product per pixel with the rounding div255 the blitters use.

extension CoverageMask {
    /// Per-pixel product (div255) over the intersection; nil when it is empty or all zero.
    public func intersected(with other: CoverageMask) -> CoverageMask? {
        guard let area = bounds.intersection(other.bounds) else { return nil }
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        var any: UInt8 = 0
        data.withUnsafeBufferPointer { a in
            other.data.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<area.height {
                        let pa = a.baseAddress! + (area.y + y - bounds.y) * bounds.width + (area.x - bounds.x)
                        let pb = b.baseAddress! + (area.y + y - other.bounds.y) * other.bounds.width + (area.x - other.bounds.x)
                        let po = o.baseAddress! + y * area.width
                        for x in 0..<area.width {
                            let v = UInt8(truncatingIfNeeded: div255(UInt32(pa[x]) &* UInt32(pb[x])))
                            po[x] = v
                            any |= v
                        }
                    }
                }
            }
        }
        return any == 0 ? nil : CoverageMask(bounds: area, data: out)
    }
}
