import SVGAFormat
import SVGAKit
// One thing validation found in one file (issue 4): a stable code, a severity, a message a
// designer can act on, where it is (sprite, frame, image) and the measured value against the
// limit. Findings are plain values so reports are deterministic and easy to compare in tests.

/// How bad a finding is. `error` fails the file; `warning` fails it only with `--strict`;
/// `info` never does.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case info, warning, error

    var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
    public static func < (l: Severity, r: Severity) -> Bool { l.rank < r.rank }
}

/// A measured value or a limit: a number (bytes, pixels, a ratio, frames) or a text (a key, a
/// list of legal values).
public enum FindingValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case text(String)

    public static func int(_ i: Int) -> FindingValue { .number(Double(i)) }

    /// Ratios are kept to three decimals so reports stay readable and stable.
    public static func ratio(_ d: Double) -> FindingValue { .number((d * 1000).rounded() / 1000) }

    public var description: String {
        switch self {
        case .number(let d): return format(d)
        case .text(let s): return s
        }
    }

    var json: JSONValue {
        switch self {
        case .number(let d): return .number(d)
        case .text(let s): return .string(s)
        }
    }
}

public struct Finding: Sendable, Hashable {
    /// A sprite by its index in the file's sprite list and its `imageKey` as written.
    public struct SpriteRef: Sendable, Hashable {
        public let index: Int
        public let key: String
        public init(index: Int, key: String) { self.index = index; self.key = UntrustedText.display(key) }
    }

    public var code: RuleCode
    public var severity: Severity
    public var message: String
    public var sprite: SpriteRef?
    public var frame: Int?
    public var image: String?
    public var value: FindingValue?
    public var limit: FindingValue?

    /// A finding at the code's default severity (the policy may change it later).
    public init(_ code: RuleCode, _ message: String, sprite: SpriteRef? = nil, frame: Int? = nil,
                image: String? = nil, value: FindingValue? = nil, limit: FindingValue? = nil) {
        self.code = code; self.severity = code.defaultSeverity; self.message = message
        self.sprite = sprite; self.frame = frame; self.image = image.map { UntrustedText.display($0) }; self.value = value; self.limit = limit
    }

    /// "(sprite 3 'key', frame 12, image 'bg')", or "" when the finding is about the whole file.
    public var locationText: String {
        var parts: [String] = []
        if let sprite { parts.append("sprite \(sprite.index) \(UntrustedText.quoted(sprite.key))") }
        if let frame { parts.append("frame \(frame)") }
        if let image { parts.append("image \(UntrustedText.quoted(image))") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// The JSON object of the report (issue 4): every key always present, null when unknown.
    public var json: JSONValue {
        .object([
            ("code", .string(code.rawValue)),
            ("severity", .string(severity.rawValue)),
            ("message", .string(message)),
            ("sprite", sprite.map { .object([("index", .int($0.index)), ("key", .string($0.key))]) } ?? .null),
            ("frame", frame.map { .int($0) } ?? .null),
            ("image", image.map { .string($0) } ?? .null),
            ("value", value?.json ?? .null),
            ("limit", limit?.json ?? .null),
        ])
    }
}
