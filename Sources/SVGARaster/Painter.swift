import SVGAGeometry

/// The raster core's one entry point per drawing operation (tiny-skia's painter): fill a path,
/// stroke a path, draw an image, each with an optional clip mask. The painter makes every choice
/// the pixels depend on, once per operation: the flattening tolerance, the stroker and the dash
/// cut, the edge model (Skia's quarter-pixel snapped edges or the exact curve) and the rasterizer
/// (`Antialiasing`). The renderer only says what to draw, in which space, with which paint.
///
/// Strokes (spec A.5): the pen lives in path-local units, so the outline is built there by
/// `SkiaCompatibleStroker` (Skia's stroker: lines and quads) and then mapped to device space; a
/// non-uniform scale thus gives an elliptical pen. Dashes are cut first (`Dasher.dashedPath`, on
/// the curve flattened within the device tolerance) and the pieces stroked with caps, as Skia
/// strokes a dashed path. With `.skiaCompatible` the device outline goes through
/// `SkiaCompatibleEdges` (Skia's fixed-point edge builder); otherwise, or beyond that builder's
/// fixed-point range (±8191 px), the outline is flattened and rasterized with exact area.
/// `Stroker` (the exact polygon stroker in SVGAGeometry) is no longer used for drawing; it stays
/// as the tests' oracle for the outline's area.
///
/// Coordinates: `transform` maps the path's (or image's) own space to device pixels; clip masks
/// and the target are in device pixels. Colours are premultiplied.
public struct Painter: Sendable {
    public let antialiasing: Antialiasing

    /// Maximum distance between a curve and its flattened polyline, in device pixels. Below what
    /// 8-bit coverage can show on typical curvature, and close to Skia's own flattening.
    public static let flatteningTolerance = 0.1

    public init(antialiasing: Antialiasing = .skiaCompatible) {
        self.antialiasing = antialiasing
    }

    // MARK: coverage

    /// Coverage of `path` mapped by `transform`, nonzero, within `region` (device pixels); nil
    /// when nothing inside `region` is covered. Clip masks are made with this. Curves wholly
    /// outside `region` are flattened as their chords (`Flattener`'s `visible`): hostile geometry
    /// costs what the canvas can show, not what the file asks.
    public func fillCoverage(_ path: Path, transform: Transform, within region: IntRect) -> CoverageMask? {
        let polygons = Flattener.flatten(path, transform: transform, tolerance: Painter.flatteningTolerance,
                                         visible: region.geometryRect)
        if polygons.isEmpty { return nil }
        return Rasterizer.coverage(of: polygons, rule: .nonZero, clip: region, antialiasing: antialiasing)
    }

    /// Coverage of `path` stroked with `style` (in path-local units) and mapped by `transform`.
    public func strokeCoverage(_ path: Path, style: StrokeStyle, transform: Transform,
                               within region: IntRect) -> CoverageMask? {
        var source = path, pen = style
        if let dash = style.dash {
            let localTolerance = Painter.flatteningTolerance / Swift.max(transform.maxScale, 1e-9)
            source = Dasher.dashedPath(path, pattern: dash, tolerance: localTolerance)
            pen.dash = nil
        }
        guard let outline = SkiaCompatibleStroker.stroke(source, style: pen,
                                                         resolutionScale: SkiaCompatibleStroker.resolutionScale(of: transform)),
              !outline.isEmpty else { return nil }
        let device = outline.transformed(by: transform)
        if antialiasing == .skiaCompatible && SkiaCompatibleEdges.canRepresent(device) {
            return Rasterizer.coverage(of: SkiaCompatibleEdges.polygons(of: device), rule: .nonZero, clip: region)
        }
        let polygons = Flattener.flatten(device, transform: .identity, tolerance: Painter.flatteningTolerance)
        if polygons.isEmpty { return nil }
        return Rasterizer.coverage(of: polygons, rule: .nonZero, clip: region)
    }

    // MARK: drawing

    /// Fills `path` (nonzero) with `color`, inside `clip` when given.
    public func fill(_ path: Path, transform: Transform, color: PremultipliedColorU8, clip: CoverageMask?,
                     into target: inout Pixmap) {
        guard color.a != 0, let mask = fillCoverage(path, transform: transform, within: region(target, clip)) else { return }
        target.fill(mask, color: color, clip: clip)
    }

    /// Strokes `path` with `style` and `color`, inside `clip` when given.
    public func stroke(_ path: Path, style: StrokeStyle, transform: Transform, color: PremultipliedColorU8,
                       clip: CoverageMask?, into target: inout Pixmap) {
        guard color.a != 0,
              let mask = strokeCoverage(path, style: style, transform: transform, within: region(target, clip)) else { return }
        target.fill(mask, color: color, clip: clip)
    }

    /// Draws `image` mapped by `imageToDevice` (bilinear, × `alpha`), inside its own rectangle
    /// (antialiased edges) and `clip`.
    public func drawImage(_ image: Pixmap, imageToDevice: Transform, alpha: Double, clip: CoverageMask?,
                          into target: inout Pixmap) {
        let rect = PathBuilder.rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height), cornerRadius: 0)
        drawImage(image, imageToDevice: imageToDevice, alpha: alpha, outline: rect, outlineToDevice: imageToDevice,
                  clip: clip, into: &target)
    }

    /// Draws `image` mapped by `imageToDevice` inside `outline` (mapped by `outlineToDevice`): a
    /// round or rounded-corner mask of an avatar, say. Outside the image rectangle the sampler
    /// clamps to the edge texels.
    public func drawImage(_ image: Pixmap, imageToDevice: Transform, alpha: Double, outline: Path,
                          outlineToDevice: Transform, clip: CoverageMask?, into target: inout Pixmap) {
        guard alpha > 0, imageToDevice.isDrawable,
              let mask = fillCoverage(outline, transform: outlineToDevice, within: region(target, clip)) else { return }
        target.drawImage(image, imageToDevice: imageToDevice, alpha: alpha, mask: mask, clip: clip)
    }

    /// Where an operation can draw: the clip's bounds, or the whole target.
    private func region(_ target: Pixmap, _ clip: CoverageMask?) -> IntRect {
        clip?.bounds ?? target.bounds
    }
}
