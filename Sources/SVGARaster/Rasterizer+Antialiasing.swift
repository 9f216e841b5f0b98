import SVGAGeometry

/// Which antialiasing the renderer asks for.
public enum Antialiasing: String, Sendable, Hashable, CaseIterable {
    /// Exact area coverage for every shape.
    case exactArea
    /// What Skia's raster backend does (Android's canvas, and the reference frames): exact area
    /// for a single convex contour (Skia's analytic AA), four point-sampled sub-scanlines with
    /// exact horizontal coverage for everything else (Skia's supersampler). The default.
    case skiaCompatible
}

extension Rasterizer {
    /// Coverage with the chosen antialiasing model; see `Antialiasing`.
    public static func coverage(of polygons: [Polyline], rule: FillRule, clip: IntRect,
                                antialiasing: Antialiasing) -> CoverageMask? {
        switch antialiasing {
        case .exactArea:
            return coverage(of: polygons, rule: rule, clip: clip)
        case .skiaCompatible:
            if polygons.count == 1 && polygons[0].isConvex {
                return coverage(of: polygons, rule: rule, clip: clip)
            }
            return SupersampledRasterizer.coverage(of: polygons, rule: rule, clip: clip)
        }
    }
}
