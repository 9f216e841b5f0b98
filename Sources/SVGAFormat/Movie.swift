import SVGAGeometry

// The resolved movie: the only thing the renderer sees (STYLE.md habit 1). Built by
// `MovieResolver` from a `RawMovie`; immutable. Paths are absolute segments, KEEP is resolved,
// image keys are resolved, matte runs are known, audio is separated from images.

public enum ContainerKind: String, Sendable, Hashable, Codable {
    case zlibProtobuf = "zlib-protobuf"   // 2.x
    case zipSpec = "zip-spec"             // 1.x ZIP + movie.spec
    case zipBinary = "zip-binary"         // ZIP + movie.binary ("1.5")
}

public struct Movie: Sendable {
    public let container: ContainerKind
    public let version: String
    /// Canvas size in viewBox units (spec A.2).
    public let viewBox: Size
    public let fps: Int
    /// `params.frames`: frame n ranges over 0 ..< frameCount.
    public let frameCount: Int
    /// Bitmap images (PNG, JPEG) by key, in file order.
    public let images: [MovieImage]
    public let sprites: [Sprite]
    /// Audio entries with their timeline; never drawn.
    public let audios: [AudioEntry]
    /// Sprites and matte runs in draw order (spec A.6).
    public let drawList: [DrawItem]
    /// Non-fatal problems found while resolving (bad path data, non-finite numbers, …).
    public let diagnostics: [Diagnostic]
    /// Keys of the `images` entries that hold audio (MP3, spec A.1/B.5), in file order, whether or
    /// not the `audios` list refers to them (a file can carry audio with no timeline).
    public let audioKeys: [String]
    /// The budget the movie was decoded under; the renderer bounds a frame's flattening work by
    /// its `maxFlattenedPointsPerFrame`.
    public var budget: DecodeBudget = .default

    public init(container: ContainerKind, version: String, viewBox: Size, fps: Int, frameCount: Int,
                images: [MovieImage], sprites: [Sprite], audios: [AudioEntry], drawList: [DrawItem],
                diagnostics: [Diagnostic], audioKeys: [String] = []) {
        self.container = container; self.version = version; self.viewBox = viewBox; self.fps = fps
        self.frameCount = frameCount; self.images = images; self.sprites = sprites; self.audios = audios
        self.drawList = drawList; self.diagnostics = diagnostics; self.audioKeys = audioKeys
    }

    /// Duration in seconds: frames / fps (0 when fps is 0).
    public var duration: Double { fps > 0 ? Double(frameCount) / Double(fps) : 0 }

    public func image(forKey key: String) -> MovieImage? { images.first { $0.key == key } }
}

public struct Size: Sendable, Hashable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

public enum ImageFormat: String, Sendable, Hashable { case png, jpeg }

/// An encoded bitmap; the renderer decodes it (SVGAImageIO) once per movie.
public struct MovieImage: Sendable, Hashable {
    public let key: String
    public let format: ImageFormat
    /// Pixel size read from the PNG IHDR / JPEG SOF header by the format layer.
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let data: [UInt8]
    public init(key: String, format: ImageFormat, pixelWidth: Int, pixelHeight: Int, data: [UInt8]) {
        self.key = key; self.format = format; self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight; self.data = data
    }
    /// Decoded RGBA8 memory: width × height × 4.
    public var decodedBytes: Int { pixelWidth * pixelHeight * 4 }
}

public struct AudioEntry: Sendable, Hashable {
    public let key: String
    public let startFrame: Int
    public let endFrame: Int
    /// Milliseconds into the audio file where playback starts.
    public let startTime: Int
    /// Length of the audio file in milliseconds.
    public let totalTime: Int
    /// The MP3 bytes from `images[key]`, empty if the key has no data.
    public let data: [UInt8]
    public init(key: String, startFrame: Int, endFrame: Int, startTime: Int, totalTime: Int, data: [UInt8]) {
        self.key = key; self.startFrame = startFrame; self.endFrame = endFrame
        self.startTime = startTime; self.totalTime = totalTime; self.data = data
    }
}

public struct Sprite: Sendable, Hashable {
    /// The key as written (may end in `.matte` or `.vector`).
    public let imageKey: String
    /// Key into `Movie.images` after A.1 key resolution, or nil when the sprite has no bitmap.
    public let bitmapKey: String?
    /// Non-empty `matteKey`, or nil.
    public let matteKey: String?
    /// True when `imageKey` ends in `.matte`: never drawn directly (A.6).
    public let isMatteSource: Bool
    /// One entry per frame entity in the file (may be fewer or more than `frameCount`).
    public let frames: [Frame]
    public init(imageKey: String, bitmapKey: String?, matteKey: String?, isMatteSource: Bool, frames: [Frame]) {
        self.imageKey = imageKey; self.bitmapKey = bitmapKey; self.matteKey = matteKey
        self.isMatteSource = isMatteSource; self.frames = frames
    }
    /// The frame entity at n, or nil when the sprite has none (then it is skipped, A.3).
    public func frame(at n: Int) -> Frame? { n >= 0 && n < frames.count ? frames[n] : nil }
}

public struct Frame: Sendable, Hashable {
    /// Frame alpha (absent = 0). The renderer skips the sprite when ≤ 0.
    public let alpha: Double
    /// Layout rectangle in sprite-local units (x/y are ignored for bitmaps, A.4).
    public let layout: Rect
    /// Sprite-local → viewBox, identity when absent, used as is (A.3).
    public let transform: Transform
    /// Clip in sprite-local space, nil when absent or empty.
    public let clipPath: Path?
    /// KEEP-resolved shapes (A.5).
    public let shapes: [Shape]
    /// True when the file's frame was a KEEP frame (kept for `info` features and validation).
    public let isKeep: Bool
    public init(alpha: Double, layout: Rect, transform: Transform, clipPath: Path?, shapes: [Shape], isKeep: Bool) {
        self.alpha = alpha; self.layout = layout; self.transform = transform
        self.clipPath = clipPath; self.shapes = shapes; self.isKeep = isKeep
    }
    public var isVisible: Bool { alpha > 0 }
}

public enum ShapeKind: String, Sendable, Hashable { case path, rect, ellipse }

public struct Shape: Sendable, Hashable {
    public let kind: ShapeKind
    /// The geometry in shape-local space (before `transform`): parsed path data, or the rect /
    /// ellipse built by `PathBuilder` with the start point and direction of spec A.5.
    public let path: Path
    /// Shape-local → sprite-local, about the origin.
    public let transform: Transform
    /// nil: the shape draws nothing (A.5).
    public let style: ShapeStyle?
    public init(kind: ShapeKind, path: Path, transform: Transform, style: ShapeStyle?) {
        self.kind = kind; self.path = path; self.transform = transform; self.style = style
    }
}

/// A straight-alpha colour, components clamped to 0...1 (A.5).
public struct Color: Sendable, Hashable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
}

public struct ShapeStyle: Sendable, Hashable {
    public let fill: Color?
    /// Present only when a stroke colour is given and strokeWidth > 0 (A.5).
    public let stroke: StrokePaint?
    public init(fill: Color?, stroke: StrokePaint?) { self.fill = fill; self.stroke = stroke }
}

public struct StrokePaint: Sendable, Hashable {
    public let color: Color
    /// Width, cap, join, miter limit (as given; ≤ 1 means bevel) and the normalised dash
    /// pattern `[max(I, 1), max(II, 0.1)]` with phase III, all in shape-local units.
    public let style: StrokeStyle
    public init(color: Color, style: StrokeStyle) { self.color = color; self.style = style }
}

/// One entry of the draw order (A.6).
public enum DrawItem: Sendable, Hashable {
    /// An ordinary sprite (not a matte source, no matteKey).
    case sprite(Int)
    /// Consecutive sprites sharing one matteKey, masked by `matteSprite` (nil when the matte
    /// sprite is missing: the run draws nothing).
    case matteRun(matteSprite: Int?, sprites: [Int])
}

/// A non-fatal finding from resolution, for validation to report.
public struct Diagnostic: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case badPathData, nonFiniteNumber, missingImage, missingMatte, unknownShapeType, colorOutOfRange, imageNotDecodable
    }
    public let kind: Kind
    public let sprite: Int?
    public let frame: Int?
    public let message: String
    public init(kind: Kind, sprite: Int?, frame: Int?, message: String) {
        self.kind = kind; self.sprite = sprite; self.frame = frame; self.message = message
    }
}
