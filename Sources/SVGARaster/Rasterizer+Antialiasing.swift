import SVGAGeometry

/// Which antialiasing the renderer asks for.
public enum Antialiasing: String, Sendable, Hashable, CaseIterable {
    /// Exact area coverage for every shape.
    case exactArea
    /// Close to what Skia's raster backend does (Android's canvas, and the reference frames).
    /// Skia m144 uses analytic AA for every path, on edges whose end points are snapped to the
    /// quarter pixel in y. Strokes reproduce that (`SkiaCompatibleStroker`, `SkiaCompatibleEdges`,
    /// then exact area); for fills this function approximates it: exact area for a single convex
    /// contour, four point-sampled sub-scanlines with exact horizontal coverage otherwise (which
    /// steps a horizontal edge by quarter pixels, as the snap does). The default.
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
