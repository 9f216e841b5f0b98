import SVGAKit

// The thresholds a profile sets, each by the name a rules file uses. A nil limit turns its check
// off (a rules file writes `null`). Byte sizes are binary: "10 MB" in a spec is 10 × 2^20 bytes,
// the way the SVGA exporter and the player READMEs count.

public struct ValidationLimits: Sendable, Hashable {
    /// File size in bytes (file.size).
    public var maxFileBytes: Double?
    /// Σ width × height × 4 over the bitmaps: warning above (memory.high), error above (memory.limit).
    public var warnImageMemoryBytes: Double?
    public var maxImageMemoryBytes: Double?
    /// viewBox size (canvas.size).
    public var maxCanvasWidth: Double?
    public var maxCanvasHeight: Double?
    /// fps above this is an error (fps.max); outside `legalFps` a warning (fps.nonstandard).
    public var maxFps: Double?
    public var legalFps: [Int]?
    /// params.frames (frames.max).
    public var maxFrames: Double?
    /// frames / fps in milliseconds (duration.max).
    public var maxDurationMs: Double?
    /// Bitmap images in the file (images.max).
    public var maxImages: Double?
    /// Image pixels per canvas unit of its largest drawn size, in either axis (image.oversized).
    public var maxImageScale: Double?
    /// Mean Σ drawn area per frame ÷ canvas area (cost.overdraw).
    public var maxOverdraw: Double?

    public init(maxFileBytes: Double? = nil, warnImageMemoryBytes: Double? = nil, maxImageMemoryBytes: Double? = nil,
                maxCanvasWidth: Double? = nil, maxCanvasHeight: Double? = nil, maxFps: Double? = nil,
                legalFps: [Int]? = nil, maxFrames: Double? = nil, maxDurationMs: Double? = nil,
                maxImages: Double? = nil, maxImageScale: Double? = nil, maxOverdraw: Double? = nil) {
        self.maxFileBytes = maxFileBytes; self.warnImageMemoryBytes = warnImageMemoryBytes
        self.maxImageMemoryBytes = maxImageMemoryBytes; self.maxCanvasWidth = maxCanvasWidth
        self.maxCanvasHeight = maxCanvasHeight; self.maxFps = maxFps; self.legalFps = legalFps
        self.maxFrames = maxFrames; self.maxDurationMs = maxDurationMs; self.maxImages = maxImages
        self.maxImageScale = maxImageScale; self.maxOverdraw = maxOverdraw
    }

    /// The names a rules file may set, in documentation order.
    public static let names: [String] = [
        "maxFileBytes", "warnImageMemoryBytes", "maxImageMemoryBytes", "maxCanvasWidth", "maxCanvasHeight",
        "maxFps", "legalFps", "maxFrames", "maxDurationMs", "maxImages", "maxImageScale", "maxOverdraw",
    ]

    /// The fps values the SVGA exporter offers (spec B.2, MovieParams.fps): the divisors of 60
    /// up to 60, minus 4, so every player's 60 Hz tick divides them evenly.
    public static let exporterFps = [1, 2, 3, 5, 6, 10, 12, 15, 20, 30, 60]

    /// Sets one limit from a rules file. `null` clears it; a number must be finite and ≥ 0;
    /// `legalFps` takes an array of positive integers.
    public mutating func set(_ name: String, to value: JSONValue) throws(RulesFileError) {
        if name == "legalFps" {
            switch value {
            case .null: legalFps = nil
            case .array(let items):
                var list: [Int] = []
                for item in items {
                    // intValue would also accept "5" as a string; a rules file must write numbers.
                    guard !isString(item), let i = item.intValue, i > 0 else {
                        throw .badValue(key: "limits.legalFps", expected: "an array of positive integers")
                    }
                    list.append(i)
                }
                legalFps = list
            default: throw .badValue(key: "limits.legalFps", expected: "an array of positive integers or null")
            }
            return
        }
        let number: Double?
        switch value {
        case .null: number = nil
        case .int(let i): number = Double(i)
        case .number(let d): number = d
        default: throw .badValue(key: "limits.\(name)", expected: "a number or null")
        }
        if let number, !(number.isFinite && number >= 0) {
            throw .badValue(key: "limits.\(name)", expected: "a finite number ≥ 0 or null")
        }
        switch name {
        case "maxFileBytes": maxFileBytes = number
        case "warnImageMemoryBytes": warnImageMemoryBytes = number
        case "maxImageMemoryBytes": maxImageMemoryBytes = number
        case "maxCanvasWidth": maxCanvasWidth = number
        case "maxCanvasHeight": maxCanvasHeight = number
        case "maxFps": maxFps = number
        case "maxFrames": maxFrames = number
        case "maxDurationMs": maxDurationMs = number
        case "maxImages": maxImages = number
        case "maxImageScale": maxImageScale = number
        case "maxOverdraw": maxOverdraw = number
        default: throw .unknownLimit(name)
        }
    }

    private func isString(_ v: JSONValue) -> Bool { if case .string = v { return true }; return false }

    /// name → value, for `--list-rules` and the JSON summary.
    public var json: JSONValue {
        func n(_ d: Double?) -> JSONValue { d.map { .number($0) } ?? .null }
        return .object([
            ("maxFileBytes", n(maxFileBytes)), ("warnImageMemoryBytes", n(warnImageMemoryBytes)),
            ("maxImageMemoryBytes", n(maxImageMemoryBytes)), ("maxCanvasWidth", n(maxCanvasWidth)),
            ("maxCanvasHeight", n(maxCanvasHeight)), ("maxFps", n(maxFps)),
            ("legalFps", legalFps.map { .array($0.map { .int($0) }) } ?? .null),
            ("maxFrames", n(maxFrames)), ("maxDurationMs", n(maxDurationMs)), ("maxImages", n(maxImages)),
            ("maxImageScale", n(maxImageScale)), ("maxOverdraw", n(maxOverdraw)),
        ])
    }
}
