import Foundation
import SVGAFormat
import SVGAGeometry
import SVGAImageIO
import SVGARaster
import SVGARender
import SVGAText
import Testing

/// Dynamic items (spec A.7): replaced images under the sprite's transform with fit modes and
/// masks, text in the layout box with alignment, colour, clip and ellipsis, and hidden keys.
struct DynamicItemsTests {
    /// A `width × height` image of one straight colour.
    static func solid(_ width: Int, _ height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> Pixmap {
        var bytes: [UInt8] = []
        for _ in 0..<(width * height) { bytes += [rgba.0, rgba.1, rgba.2, rgba.3] }
        return Pixmap(width: width, height: height, straightRGBA: bytes)!
    }

    /// A 100×100 movie with one sprite `slot` whose 40×40 layout sits at (30, 30) by its
    /// transform, with a grey placeholder bitmap, and optionally a clip path.
    static func slotMovie(layout: (Double, Double) = (40, 40), clip: String? = nil, canvas: (Float, Float) = (100, 100),
                          translate: (Float, Float) = (30, 30)) throws -> Movie {
        let placeholder = try PNGEncoder.encode(solid(8, 8, (128, 128, 128, 255)))
        let frame = RawFrame(alpha: 1, layout: RawLayout(width: Float(layout.0), height: Float(layout.1)),
                             transform: RawTransform(a: 1, d: 1, tx: translate.0, ty: translate.1), clipPath: clip)
        let raw = RawMovie(version: "2.0.0",
                           params: RawParams(viewBoxWidth: canvas.0, viewBoxHeight: canvas.1, fps: 20, frames: 1),
                           images: [RawImageEntry(key: "slot", value: placeholder)],
                           sprites: [RawSprite(imageKey: "slot", frames: [frame])])
        return try MovieResolver.resolve(raw, container: .zlibProtobuf)
    }

    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * p.width + x) * 4
        return Array(p.data[i..<(i + 4)])
    }

    static let red = (UInt8(255), UInt8(0), UInt8(0), UInt8(255))

    @Test func stretchedReplacementFillsTheLayoutUnderTheTransform() throws {
        let items = DynamicItems(images: ["slot": DynamicImage(pixmap: Self.solid(20, 10, Self.red))])
        let frame = try MovieRenderer(movie: Self.slotMovie(), dynamic: items).render(frame: 0)
        #expect(Self.pixel(frame, 50, 50) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 31, 31) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 68, 68) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 25, 50) == [0, 0, 0, 0])
        #expect(Self.pixel(frame, 75, 50) == [0, 0, 0, 0])
    }

    @Test func withoutReplacementThePlaceholderIsDrawn() throws {
        let frame = try MovieRenderer(movie: Self.slotMovie()).render(frame: 0)
        #expect(Self.pixel(frame, 50, 50) == [128, 128, 128, 255])
    }

    @Test func circleMaskKeepsTheCornersEmpty() throws {
        let items = DynamicItems(images: ["slot": DynamicImage(pixmap: Self.solid(16, 16, Self.red), mask: .circle)])
        let frame = try MovieRenderer(movie: Self.slotMovie(), dynamic: items).render(frame: 0)
        #expect(Self.pixel(frame, 50, 50) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 31, 31) == [0, 0, 0, 0], "corner of the slot is outside the circle")
        #expect(Self.pixel(frame, 68, 31) == [0, 0, 0, 0])
        #expect(Self.pixel(frame, 50, 31) == [255, 0, 0, 255], "top centre is inside")
    }

    @Test func aspectFitLetterboxesAndAspectFillCrops() throws {
        let wide = Self.solid(20, 10, Self.red)
        let fit = try MovieRenderer(movie: Self.slotMovie(), dynamic: DynamicItems(images: ["slot": DynamicImage(pixmap: wide, fit: .aspectFit)])).render(frame: 0)
        // 20×10 fitted into 40×40 → 40×20, centred: canvas rows 40..<60.
        #expect(Self.pixel(fit, 50, 35) == [0, 0, 0, 0])
        #expect(Self.pixel(fit, 50, 45) == [255, 0, 0, 255])
        #expect(Self.pixel(fit, 50, 64) == [0, 0, 0, 0])
        let fill = try MovieRenderer(movie: Self.slotMovie(), dynamic: DynamicItems(images: ["slot": DynamicImage(pixmap: wide, fit: .aspectFill)])).render(frame: 0)
        // 20×10 filling 40×40 → 80×40, centred and cropped to the layout.
        #expect(Self.pixel(fill, 50, 32) == [255, 0, 0, 255])
        #expect(Self.pixel(fill, 31, 50) == [255, 0, 0, 255])
        #expect(Self.pixel(fill, 28, 50) == [0, 0, 0, 0], "cropped to the layout")
        #expect(Self.pixel(fill, 72, 50) == [0, 0, 0, 0])
    }

    @Test func hiddenKeySkipsTheSprite() throws {
        let frame = try MovieRenderer(movie: Self.slotMovie(), dynamic: DynamicItems(hidden: ["slot"])).render(frame: 0)
        #expect(frame.data.allSatisfy { $0 == 0 })
    }

    /// Ink bounds (alpha > 0) of a rendered frame.
    static func inkBounds(_ p: Pixmap) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var b: (Int, Int, Int, Int)?
        for y in 0..<p.height {
            for x in 0..<p.width where p.data[(y * p.width + x) * 4 + 3] > 0 {
                b = b.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
            }
        }
        return b.map { ($0.0, $0.1, $0.2, $0.3) }
    }

    static func textMovie(clip: String? = nil) throws -> Movie {
        try slotMovie(layout: (200, 50), clip: clip, canvas: (240, 100), translate: (20, 25))
    }

    static let green = Color(r: 0, g: 1, b: 0, a: 1)

    @Test func textIsCentredInTheLayoutWithItsColour() throws {
        let text = DynamicText(text: "Hi", style: TextStyle(size: 30, color: Self.green))
        let frame = try MovieRenderer(movie: Self.textMovie(), dynamic: DynamicItems(texts: ["slot": text], hidden: [])).render(frame: 0)
        // The placeholder bitmap is drawn too (grey); find the green ink.
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = Self.pixel(frame, x, y)
                if p[1] > 200 && p[0] < 60 && p[2] < 60 { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
            }
        }
        #expect(minX > 20 && maxX < 220 && minY > 25 && maxY < 75, "ink inside the layout box (20…220 × 25…75)")
        let centreX = Double(minX + maxX) / 2, centreY = Double(minY + maxY) / 2
        #expect(abs(centreX - 120) <= 3, "horizontally centred: \(centreX)")
        #expect(abs(centreY - 50) <= 4, "vertically centred: \(centreY)")
    }

    @Test func alignmentMovesTheText() throws {
        func inkX(_ alignment: TextAlignment) throws -> (Int, Int) {
            let text = DynamicText(text: "Hi", style: TextStyle(size: 30, color: Self.green, alignment: alignment))
            let movie = try Self.slotMovie(layout: (200, 50), canvas: (240, 100), translate: (20, 25))
            // Hide the placeholder by replacing it with a transparent image.
            let items = DynamicItems(images: ["slot": DynamicImage(pixmap: Self.solid(2, 2, (0, 0, 0, 0)))], texts: ["slot": text])
            let b = try #require(Self.inkBounds(try MovieRenderer(movie: movie, dynamic: items).render(frame: 0)))
            return (b.minX, b.maxX)
        }
        let left = try inkX(.left), centre = try inkX(.center), right = try inkX(.right)
        #expect(left.0 >= 20 && left.0 <= 24)
        #expect(right.1 <= 220 && right.1 >= 214)
        #expect(left.0 < centre.0 && centre.0 < right.0)
    }

    @Test func textIsClippedByTheClipPath() throws {
        let text = DynamicText(text: "WWWWWW", style: TextStyle(size: 40, color: Self.green))
        // Clip to the left half of the layout (sprite-local coordinates).
        let movie = try Self.textMovie(clip: "M0 0 H100 V50 H0 Z")
        let items = DynamicItems(images: ["slot": DynamicImage(pixmap: Self.solid(2, 2, (0, 0, 0, 0)))], texts: ["slot": text])
        let b = try #require(Self.inkBounds(try MovieRenderer(movie: movie, dynamic: items).render(frame: 0)))
        #expect(b.maxX <= 120, "nothing right of the clip (x = 120): \(b.maxX)")
        #expect(b.minX < 100)
    }

    @Test func overLongTextEndsInAnEllipsisWithinTheLayout() throws {
        let name = "Maximilian Alexander von Hohenberg-Wittelsbach"
        let font = try FontFace(path: FontFace.defaultPath)
        let line = font.layoutLine(name, size: 30, maxWidth: 200, ellipsis: true)
        #expect(line.isTruncated && line.text.hasSuffix("…") && line.advance <= 200)
        let items = DynamicItems(images: ["slot": DynamicImage(pixmap: Self.solid(2, 2, (0, 0, 0, 0)))],
                                 texts: ["slot": DynamicText(text: name, style: TextStyle(size: 30, color: Self.green))])
        let b = try #require(Self.inkBounds(try MovieRenderer(movie: Self.textMovie(), dynamic: items).render(frame: 0)))
        #expect(b.minX >= 20 && b.maxX < 220)
    }

    @Test func textAlphaFollowsTheFrameAlpha() throws {
        var raw = RawMovie(version: "2.0.0", params: RawParams(viewBoxWidth: 100, viewBoxHeight: 50, fps: 20, frames: 1))
        raw.sprites = [RawSprite(imageKey: "label", frames: [RawFrame(alpha: 0.5, layout: RawLayout(width: 100, height: 50))])]
        let movie = try MovieResolver.resolve(raw, container: .zlibProtobuf)
        let items = DynamicItems(texts: ["label": DynamicText(text: "IIII", style: TextStyle(size: 40, color: Self.green))])
        let frame = try MovieRenderer(movie: movie, dynamic: items).render(frame: 0)
        let maxAlpha = stride(from: 3, to: frame.data.count, by: 4).map { frame.data[$0] }.max() ?? 0
        #expect(maxAlpha >= 125 && maxAlpha <= 130, "half-transparent text: \(maxAlpha)")
    }
}
