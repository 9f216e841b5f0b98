import SVGAKit

// Every finding code, in one place. Scheme: `area.what`, lower case, words joined by '-'
// (e.g. `decode.zlib`, `image.unused`, `compat.faint-alpha`). The severity is not part of the code
// because a rules file may change it. Codes are never renamed or reused: a pipeline matches on
// them. New rules get new codes; a retired rule's code stays reserved here.

public enum RuleCode: String, Sendable, Hashable, CaseIterable {
    // The file cannot be read or decoded: one code per decoder stage (DecodeError.Stage).
    case decodeContainer = "decode.container"
    case decodeZlib = "decode.zlib"
    case decodeZip = "decode.zip"
    case decodeProtobuf = "decode.protobuf"
    case decodeJSON = "decode.json"
    case decodePNG = "decode.png"
    case decodeLimits = "decode.limits"
    case fileUnreadable = "file.unreadable"
    case fileNoSVGA = "file.no-svga"

    // Sizes and counts against the profile.
    case fileSize = "file.size"
    case memoryHigh = "memory.high"
    case memoryLimit = "memory.limit"
    case canvasEmpty = "canvas.empty"
    case canvasSize = "canvas.size"
    case fpsInvalid = "fps.invalid"
    case fpsNonstandard = "fps.nonstandard"
    case fpsMax = "fps.max"
    case framesEmpty = "frames.empty"
    case framesMax = "frames.max"
    case durationMax = "duration.max"
    case imagesMax = "images.max"

    // Images and what uses them.
    case imageUnused = "image.unused"
    case imageOversized = "image.oversized"
    case imageUndecodable = "image.undecodable"
    case spriteMissingImage = "sprite.missing-image"
    case matteMissing = "matte.missing"

    // Visibility and timeline.
    case spriteInvisible = "sprite.invisible"
    case spriteFramesShort = "sprite.frames-short"
    case spriteFramesLong = "sprite.frames-long"

    // Compatibility with the official players (spec Part B).
    case compatJPEG = "compat.jpeg"
    case compatAudio = "compat.audio"
    case compatZipContainer = "compat.zip-container"
    case compatMatte = "compat.matte"
    case compatEmptyPath = "compat.empty-path"
    case compatColor255 = "compat.color-255"
    case compatFaintAlpha = "compat.faint-alpha"
    case transformNonFinite = "transform.non-finite"
    case transformDegenerate = "transform.degenerate"
    case pathSyntax = "path.syntax"
    case numberNonFinite = "number.non-finite"
    case shapeUnknownType = "shape.unknown-type"

    // Render cost.
    case costOverdraw = "cost.overdraw"
    case costPathComplexity = "cost.path-complexity"

    public var defaultSeverity: Severity {
        switch self {
        case .decodeContainer, .decodeZlib, .decodeZip, .decodeProtobuf, .decodeJSON, .decodePNG,
             .decodeLimits, .fileUnreadable, .fileNoSVGA,
             .fileSize, .memoryLimit, .canvasEmpty, .canvasSize, .fpsInvalid, .fpsMax, .framesEmpty,
             .framesMax, .durationMax, .imagesMax, .matteMissing, .spriteFramesShort, .transformNonFinite,
             .costPathComplexity:
            return .error
        case .memoryHigh, .fpsNonstandard, .imageUnused, .imageOversized, .imageUndecodable,
             .spriteMissingImage, .spriteInvisible, .spriteFramesLong, .compatJPEG, .compatZipContainer,
             .compatMatte, .compatEmptyPath, .compatColor255, .compatFaintAlpha, .pathSyntax,
             .numberNonFinite, .shapeUnknownType, .costOverdraw:
            return .warning
        case .compatAudio, .transformDegenerate:
            return .info
        }
    }

    /// One line for the README table and `svga validate --list-rules`.
    public var summary: String {
        switch self {
        case .decodeContainer: return "an empty file, or a ZIP with neither movie.binary nor movie.spec"
        case .decodeZlib: return "not a ZIP and not a valid zlib stream (corrupt, truncated, trailing bytes, gzip, …)"
        case .decodeZip: return "the ZIP archive is corrupt (offsets, CRC, method)"
        case .decodeProtobuf: return "the MovieEntity protobuf is malformed"
        case .decodeJSON: return "movie.spec (1.x) is not valid JSON of the expected shape"
        case .decodePNG: return "an image a sprite uses (PNG or JPEG) has a broken header, or cannot be decoded"
        case .decodeLimits: return "an inflated size or a count is over the decoder's safety limit"
        case .fileUnreadable: return "the path cannot be read"
        case .fileNoSVGA: return "a directory holds no *.svga file"
        case .fileSize: return "file size over maxFileBytes"
        case .memoryHigh: return "decoded image memory (Σ w×h×4) over warnImageMemoryBytes"
        case .memoryLimit: return "decoded image memory over maxImageMemoryBytes"
        case .canvasEmpty: return "the viewBox has no area: nothing can be drawn"
        case .canvasSize: return "canvas over maxCanvasWidth × maxCanvasHeight"
        case .fpsInvalid: return "fps is 0 or negative: the animation cannot play"
        case .fpsNonstandard: return "fps not in legalFps (the exporter's set)"
        case .fpsMax: return "fps over maxFps"
        case .framesEmpty: return "params.frames is 0"
        case .framesMax: return "frame count over maxFrames"
        case .durationMax: return "duration (frames / fps) over maxDurationMs"
        case .imagesMax: return "bitmap image count over maxImages"
        case .imageUnused: return "an image no sprite uses (bytes wasted)"
        case .imageOversized: return "an image more than maxImageScale × its largest drawn size in an axis"
        case .imageUndecodable: return "an images entry that is neither PNG, JPEG nor MP3, unused"
        case .spriteMissingImage: return "a sprite whose image is missing and that has no shapes: draws nothing"
        case .matteMissing: return "matteKey names a matte sprite that does not exist: the run never draws"
        case .spriteInvisible: return "a sprite never visible on the canvas in any frame"
        case .spriteFramesShort: return "a sprite's frame list is shorter than params.frames (Web, Lite, Flutter crash)"
        case .spriteFramesLong: return "a sprite's frame list is longer than params.frames (extra frames never shown)"
        case .compatJPEG: return "JPEG image (not played by iOS)"
        case .compatAudio: return "audio (not played by Web-Lite)"
        case .compatZipContainer: return "1.x ZIP container (not played by Web-Lite or Flutter)"
        case .compatMatte: return "mattes (not drawn by Web-Lite or Flutter)"
        case .compatEmptyPath: return "shape with empty path data (breaks Web-Lite)"
        case .compatColor255: return "colours on the 0..255 scale (only Android reads them so)"
        case .compatFaintAlpha: return "alpha held in (0, 0.05) for ≥ ¼ s: invisible on web players, visible on native"
        case .transformNonFinite: return "a transform with NaN or infinity while the sprite is shown"
        case .transformDegenerate: return "a transform with zero determinant while the sprite is shown"
        case .pathSyntax: return "path data that does not parse (the parsed prefix is drawn)"
        case .numberNonFinite: return "a non-finite number in a shape (the shape is dropped)"
        case .shapeUnknownType: return "a shape type outside SHAPE/RECT/ELLIPSE/KEEP (drawn as nothing)"
        case .costOverdraw: return "mean pixels drawn per frame ÷ canvas area over maxOverdraw (an estimate)"
        case .costPathComplexity: return "a frame whose paths would flatten to more points than the decoder budget: render refuses it"
        }
    }

    /// A file that cannot be read or decoded cannot ship, whatever a rules file says: these codes
    /// cannot be disabled or given another severity.
    public var isFatal: Bool {
        switch self {
        case .decodeContainer, .decodeZlib, .decodeZip, .decodeProtobuf, .decodeJSON, .decodePNG,
             .decodeLimits, .fileUnreadable, .fileNoSVGA:
            return true
        default:
            return false
        }
    }

    /// The finding code for a decoder failure stage.
    static func decode(stage: String) -> RuleCode {
        switch stage {
        case "zlib": return .decodeZlib
        case "zip": return .decodeZip
        case "protobuf": return .decodeProtobuf
        case "json": return .decodeJSON
        case "png": return .decodePNG
        case "limits": return .decodeLimits
        case "io": return .fileUnreadable
        default: return .decodeContainer
        }
    }
}
