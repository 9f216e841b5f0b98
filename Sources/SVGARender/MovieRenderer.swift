import SVGAFormat
import SVGAGeometry
import SVGAImageIO
import SVGARaster
import SVGAText
import Synchronization

/// Renders frames of one movie (spec Part A). Construction decodes every bitmap once; after
/// that the renderer is immutable and `render(frame:scale:)` may be called from any number of
/// threads at once (each call draws into its own pixmap), which is how `svga render --threads`
/// gets identical bytes for any thread count.
public final class MovieRenderer: Sendable {
    public let movie: Movie
    public let dynamic: DynamicItems
    /// Decoded bitmaps (premultiplied) by image key.
    let bitmaps: [String: Pixmap]
    /// Primary fonts for dynamic texts, by font path; each falls back through fontconfig.
    let fonts: [String: FontFace]
    /// Laid-out text lines by (font, text, size, width limit): a slot's layout size rarely changes
    /// between frames, so each line is shaped once instead of once per frame under the font's lock.
    let textLines = Mutex<[TextLineKey: TextLine]>([:])
    /// Things that did not stop rendering but draw less than the file or the caller asks (e.g.
    /// characters no installed font covers).
    public let warnings: [String]
    /// Skia-compatible by default, so frames match Android's canvas and the reference frames.
    public let antialiasing: Antialiasing
    /// Makes every raster choice (stroker, edges, rasterizer) for the draws.
    let painter: Painter
    /// Layer buffers for matte runs, reused across frames and threads.
    let layers = PixmapPool()
    /// Bilinear (the spec's renderer, default) or mipmapped file bitmaps.
    public let filtering: ImageFiltering
    /// With `.mipmapped`: each file bitmap's levels, built once here (key as in `bitmaps`).
    /// Replacement images and text glyphs are drawn bilinear in both modes.
    let mipmaps: [String: MipmapChain]

    public init(movie: Movie, dynamic: DynamicItems = .none, antialiasing: Antialiasing = .skiaCompatible,
                filtering: ImageFiltering = .bilinear) throws(RenderError) {
        self.movie = movie
        self.antialiasing = antialiasing
        self.filtering = filtering
        self.painter = Painter(antialiasing: antialiasing)
        self.dynamic = dynamic
        var decoded: [String: Pixmap] = [:]
        var warnings: [String] = []
        let used = Set(movie.sprites.compactMap(\.bitmapKey))
        for image in movie.images where used.contains(image.key) {
            // PNG and JPEG alike (the format layer sniffed them); drawn as stored, without Exif
            // rotation, as Android's BitmapFactory draws them.
            do {
                decoded[image.key] = try ImageDecoder.decode(image.data, orientation: .ignoreExif)
            } catch {
                throw .imageDecodeFailed(key: image.key, reason: error.description)
            }
        }
        self.bitmaps = decoded
        self.mipmaps = filtering == .mipmapped ? decoded.mapValues { MipmapChain($0) } : [:]
        var fonts: [String: FontFace] = [:]
        for text in dynamic.texts.values {
            let path = text.style.fontPath ?? FontFace.defaultPath
            if fonts[path] != nil { continue }
            do {
                fonts[path] = try FontFace(path: path)
            } catch {
                throw .fontUnavailable(path: path, reason: error.description)
            }
        }
        self.fonts = fonts
        // A.7 text: a character no installed font covers is drawn as the missing glyph, and
        // said once per key (sorted, so the messages come out in the same order every run).
        for key in dynamic.texts.keys.sorted() {
            guard let text = dynamic.texts[key], let font = fonts[text.style.fontPath ?? FontFace.defaultPath] else { continue }
            let missing = font.missingCharacters(in: text.text)
            guard !missing.isEmpty else { continue }
            warnings.append(MovieRenderer.missingGlyphWarning(key: key, missing: missing))
        }
        self.warnings = warnings
    }

    /// Output size for scale `s` (spec A.2): ceil(viewBox × s), at least 1 × 1.
    public func canvasSize(scale: Double = 1) throws(RenderError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let w = (movie.viewBox.width * scale).rounded(.up), h = (movie.viewBox.height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w < Double(Int32.max), h < Double(Int32.max) else {
            throw .canvasTooLarge(width: movie.viewBox.width, height: movie.viewBox.height, scale: scale)
        }
        let width = max(1, Int(w)), height = max(1, Int(h))
        guard width.multipliedReportingOverflow(by: height).partialValue <= Pixmap.maxPixelCount,
              !width.multipliedReportingOverflow(by: height).overflow else {
            throw .canvasTooLarge(width: movie.viewBox.width, height: movie.viewBox.height, scale: scale)
        }
        return (width, height)
    }

    /// Renders frame `n` (any index; a sprite without a frame entity at n is skipped).
    public func render(frame n: Int, scale: Double = 1) throws(RenderError) -> Pixmap {
        let size = try canvasSize(scale: scale)
        guard var canvas = Pixmap(width: size.width, height: size.height) else {
            throw .canvasTooLarge(width: movie.viewBox.width, height: movie.viewBox.height, scale: scale)
        }
        let context = FrameContext(frame: n, global: .scale(scale), canvas: canvas.bounds)
        try checkWorkBudget(context)
        draw(into: &canvas, context: context)
        return canvas
    }

    /// Draws the draw list (A.3, A.6) onto `canvas`.
    func draw(into canvas: inout Pixmap, context: FrameContext) {
        for item in movie.drawList {
            switch item {
            case .sprite(let index):
                drawSprite(index, into: &canvas, context: context)
            case .matteRun(let matteIndex, let members):
                drawMatteRun(matte: matteIndex, members: members, into: &canvas, context: context)
            }
        }
    }

    /// A.6: the run is drawn into an isolated layer, multiplied by the matte sprite's rendered
    /// alpha (destination-in), then composited source-over. A missing or invisible matte hides it.
    /// Destination-in leaves nothing outside the matte, so both layers cover only what the matte
    /// sprite can draw (`drawnBounds`), drawn with the frame's transform shifted to their origin.
    func drawMatteRun(matte matteIndex: Int?, members: [Int], into canvas: inout Pixmap, context: FrameContext) {
        guard let matteIndex, let matteFrame = movie.sprites[matteIndex].frame(at: context.frame),
              matteFrame.alpha > 0,
              let region = drawnBounds(ofSprite: matteIndex, context: context),
              var layer = layers.take(width: region.width, height: region.height) else { return }
        defer { layers.give(&layer) }
        guard var matteLayer = layers.take(width: region.width, height: region.height) else { return }
        defer { layers.give(&matteLayer) }
        let local = FrameContext(frame: context.frame,
                                 global: Transform.translation(Double(-region.x), Double(-region.y)).concatenating(context.global),
                                 canvas: layer.bounds)
        for index in members where index != matteIndex {
            drawSprite(index, into: &layer, context: local)
        }
        drawSprite(matteIndex, into: &matteLayer, context: local, ignoringHidden: true)
        layer.multiplyByAlpha(of: matteLayer)
        canvas.compositeSourceOver(layer, atX: region.x, y: region.y)
    }
}

/// Per-frame constants: the frame index, the global transform G = scale(s) and the canvas.
struct FrameContext {
    let frame: Int
    let global: Transform
    let canvas: IntRect
}

/// What a laid-out dynamic text line depends on.
struct TextLineKey: Hashable {
    let font: String, text: String, size: Double, maxWidth: Double?, ellipsis: Bool, minimumSize: Double?
}
