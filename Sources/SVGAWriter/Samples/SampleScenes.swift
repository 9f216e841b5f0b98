import SVGAFormat
import SVGAImageIO

/// One generated sample: its file name in `SampleAssets/`, the movie and its container (spec A.1).
public struct SampleScene: Sendable {
    public let fileName: String
    public let movie: RawMovie
    public let container: ContainerKind

    public func encoded() throws -> [UInt8] {
        switch container {
        case .zlibProtobuf: return SVGAEncoder.encodeZlibProtobuf(movie)
        case .zipSpec: return try SVGAEncoder.encodeZipSpec(movie)
        case .zipBinary: return SVGAEncoder.encodeZipBinary(movie)
        }
    }
}

// The project's own sample movies, built procedurally and deterministically (SampleMath), shared
// by the `svga-sample` executable (which writes `SampleAssets/`) and the tests (which check the
// committed files equal fresh output). What each one exercises is listed in SampleAssets/README.md.
public enum SampleScenes {
    /// Every scene, in the order the README lists them.
    public static func scenes() throws -> [SampleScene] {
        [
            SampleScene(fileName: "bitmaps.svga", movie: try BitmapsSample.movie(), container: .zlibProtobuf),
            SampleScene(fileName: "shapes.svga", movie: ShapesSample.movie(), container: .zlibProtobuf),
            SampleScene(fileName: "keep.svga", movie: KeepSample.movie(), container: .zlibProtobuf),
            SampleScene(fileName: "clip.svga", movie: try ClipSample.movie(), container: .zlibProtobuf),
            SampleScene(fileName: "matte.svga", movie: try MatteSample.movie(), container: .zlibProtobuf),
            SampleScene(fileName: "legacy-1x.svga", movie: try LegacySample.movie(), container: .zipSpec),
            SampleScene(fileName: "binary-zip.svga", movie: try BinaryZipSample.movie(), container: .zipBinary),
            SampleScene(fileName: "audio.svga", movie: try AudioSample.movie(), container: .zlibProtobuf),
            SampleScene(fileName: "gift.svga", movie: try GiftSample.movie(), container: .zlibProtobuf),
        ]
    }

    /// (file name, file bytes) for every scene.
    public static func all() throws -> [(name: String, bytes: [UInt8])] {
        try scenes().map { ($0.fileName, try $0.encoded()) }
    }
}

/// Small builders the scene files share.
enum SampleBuild {
    static func frames(_ count: Int, _ make: (Int) -> RawFrame) -> [RawFrame] {
        (0..<count).map(make)
    }

    /// `t` in 0...1 across `count` frames.
    static func progress(_ i: Int, of count: Int) -> Double {
        count > 1 ? Double(i) / Double(count - 1) : 0
    }

    static func layout(_ w: Double, _ h: Double) -> RawLayout {
        RawLayout(x: 0, y: 0, width: Float(w), height: Float(h))
    }

    static func color(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) -> RawColor {
        RawColor(r: r, g: g, b: b, a: a)
    }

    static func fill(_ c: RawColor) -> RawShapeStyle { RawShapeStyle(fill: c) }

    static func stroke(_ c: RawColor, width: Float, cap: Int32 = 0, join: Int32 = 0,
                       miterLimit: Float = 0, fill: RawColor? = nil) -> RawShapeStyle {
        RawShapeStyle(fill: fill, stroke: c, strokeWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit)
    }

    static func path(_ d: String, _ style: RawShapeStyle?, transform: RawTransform? = nil) -> RawShape {
        RawShape(type: .shape, args: .shape(d: d), styles: style, transform: transform)
    }

    static func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float, radius: Float = 0,
                     _ style: RawShapeStyle?, transform: RawTransform? = nil) -> RawShape {
        RawShape(type: .rect, args: .rect(x: x, y: y, width: w, height: h, cornerRadius: radius),
                 styles: style, transform: transform)
    }

    static func ellipse(_ cx: Float, _ cy: Float, _ rx: Float, _ ry: Float, _ style: RawShapeStyle?,
                        transform: RawTransform? = nil) -> RawShape {
        RawShape(type: .ellipse, args: .ellipse(x: cx, y: cy, radiusX: rx, radiusY: ry),
                 styles: style, transform: transform)
    }

    static let keep = RawShape(type: .keep)

    /// The PNG bytes of the sample images most scenes share.
    static func standardImages() throws(PNGError) -> [RawImageEntry] {
        [
            RawImageEntry(key: "gradient", value: try SampleImages.png(
                SampleImages.gradient(width: 64, height: 64, from: .rgb(0.95, 0.35, 0.2), to: .rgb(0.2, 0.3, 0.9)))),
            RawImageEntry(key: "disc", value: try SampleImages.png(
                SampleImages.disc(size: 64, color: .rgb(0.1, 0.7, 0.3), softness: 3))),
            RawImageEntry(key: "checker", value: try SampleImages.png(
                SampleImages.checker(size: 32, cell: 8, dark: .rgb(0.15, 0.15, 0.2), light: .rgb(1, 0.9, 0.4, 0.6)))),
            RawImageEntry(key: "star", value: try SampleImages.png(
                SampleImages.star(size: 64, color: .rgb(1, 0.8, 0.1)))),
        ]
    }
}
