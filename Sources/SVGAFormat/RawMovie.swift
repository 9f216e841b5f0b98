import SVGAGeometry

// The movie as the file states it: proto-shaped, unresolved (relative path strings, KEEP
// markers, image keys as written, absent fields as nil). The decoder fills this from any of the
// three containers; `MovieResolver` turns it into the `Movie` the renderer sees. The writer
// (SVGAWriter) encodes exactly this, so writer → decoder round-trips compare `RawMovie`s.

public struct RawMovie: Sendable, Hashable {
    public var version: String
    public var params: RawParams?
    /// `images` map in file order. Values are PNG/JPEG bytes, MP3 bytes, or (ZIP + movie.binary)
    /// a file name; for 1.x (movie.spec) the decoder has already replaced names by file bytes.
    public var images: [RawImageEntry]
    public var sprites: [RawSprite]
    public var audios: [RawAudio]

    public init(version: String = "2.0.0", params: RawParams? = nil, images: [RawImageEntry] = [],
                sprites: [RawSprite] = [], audios: [RawAudio] = []) {
        self.version = version; self.params = params; self.images = images
        self.sprites = sprites; self.audios = audios
    }
}

public struct RawImageEntry: Sendable, Hashable {
    public var key: String
    public var value: [UInt8]
    public init(key: String, value: [UInt8]) { self.key = key; self.value = value }
}

public struct RawParams: Sendable, Hashable {
    public var viewBoxWidth: Float
    public var viewBoxHeight: Float
    public var fps: Int32
    public var frames: Int32
    public init(viewBoxWidth: Float = 0, viewBoxHeight: Float = 0, fps: Int32 = 0, frames: Int32 = 0) {
        self.viewBoxWidth = viewBoxWidth; self.viewBoxHeight = viewBoxHeight
        self.fps = fps; self.frames = frames
    }
}

public struct RawSprite: Sendable, Hashable {
    public var imageKey: String
    public var frames: [RawFrame]
    public var matteKey: String
    public init(imageKey: String = "", frames: [RawFrame] = [], matteKey: String = "") {
        self.imageKey = imageKey; self.frames = frames; self.matteKey = matteKey
    }
}

public struct RawAudio: Sendable, Hashable {
    public var audioKey: String
    public var startFrame: Int32
    public var endFrame: Int32
    public var startTime: Int32
    public var totalTime: Int32
    public init(audioKey: String = "", startFrame: Int32 = 0, endFrame: Int32 = 0,
                startTime: Int32 = 0, totalTime: Int32 = 0) {
        self.audioKey = audioKey; self.startFrame = startFrame; self.endFrame = endFrame
        self.startTime = startTime; self.totalTime = totalTime
    }
}

public struct RawLayout: Sendable, Hashable {
    public var x: Float, y: Float, width: Float, height: Float
    public init(x: Float = 0, y: Float = 0, width: Float = 0, height: Float = 0) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

public struct RawTransform: Sendable, Hashable {
    public var a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    public init(a: Float = 0, b: Float = 0, c: Float = 0, d: Float = 0, tx: Float = 0, ty: Float = 0) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = RawTransform(a: 1, d: 1)
}

public struct RawFrame: Sendable, Hashable {
    /// Absent alpha is 0 (proto3 default): the frame is invisible (spec A.3).
    public var alpha: Float
    public var layout: RawLayout?
    public var transform: RawTransform?
    /// SVG path data, sprite-local; nil or "" when absent.
    public var clipPath: String?
    public var shapes: [RawShape]
    public init(alpha: Float = 0, layout: RawLayout? = nil, transform: RawTransform? = nil,
                clipPath: String? = nil, shapes: [RawShape] = []) {
        self.alpha = alpha; self.layout = layout; self.transform = transform
        self.clipPath = clipPath; self.shapes = shapes
    }
}

public enum RawShapeType: Int32, Sendable, Hashable {
    case shape = 0, rect = 1, ellipse = 2, keep = 3
}

public enum RawShapeArgs: Sendable, Hashable {
    case shape(d: String)
    case rect(x: Float, y: Float, width: Float, height: Float, cornerRadius: Float)
    case ellipse(x: Float, y: Float, radiusX: Float, radiusY: Float)
}

public struct RawColor: Sendable, Hashable {
    public var r: Float, g: Float, b: Float, a: Float
    public init(r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0) { self.r = r; self.g = g; self.b = b; self.a = a }
}

public struct RawShapeStyle: Sendable, Hashable {
    public var fill: RawColor?
    public var stroke: RawColor?
    public var strokeWidth: Float
    /// LineCap enum: BUTT = 0, ROUND = 1, SQUARE = 2 (1.x strings are mapped to these).
    public var lineCap: Int32
    /// LineJoin enum: MITER = 0, ROUND = 1, BEVEL = 2.
    public var lineJoin: Int32
    public var miterLimit: Float
    public var lineDashI: Float
    public var lineDashII: Float
    public var lineDashIII: Float
    public init(fill: RawColor? = nil, stroke: RawColor? = nil, strokeWidth: Float = 0, lineCap: Int32 = 0,
                lineJoin: Int32 = 0, miterLimit: Float = 0, lineDashI: Float = 0, lineDashII: Float = 0,
                lineDashIII: Float = 0) {
        self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth; self.lineCap = lineCap
        self.lineJoin = lineJoin; self.miterLimit = miterLimit; self.lineDashI = lineDashI
        self.lineDashII = lineDashII; self.lineDashIII = lineDashIII
    }
}

public struct RawShape: Sendable, Hashable {
    public var type: RawShapeType
    public var args: RawShapeArgs?
    public var styles: RawShapeStyle?
    public var transform: RawTransform?
    /// The ShapeType number when it is none of SHAPE/RECT/ELLIPSE/KEEP (then `type` is `.shape`
    /// and means nothing): kept as read, so validation can name it; the shape draws nothing.
    /// A 1.x `type` string naming no known type is recorded as -1.
    public var unknownType: Int32?
    public init(type: RawShapeType = .shape, args: RawShapeArgs? = nil, styles: RawShapeStyle? = nil,
                transform: RawTransform? = nil, unknownType: Int32? = nil) {
        self.type = type; self.args = args; self.styles = styles; self.transform = transform
        self.unknownType = unknownType
    }
}
