import SVGAFormat
import SVGAKit

/// The measurements reported for every file (issue 4, `stats`). A file that cannot be decoded
/// has only `fileBytes` (nil when it could not even be read); the rest are then nil.
public struct FileStats: Sendable, Hashable {
    public var fileBytes: Int?
    public var imageMemoryBytes: Int?
    public var frames: Int?
    public var fps: Int?
    public var durationMs: Double?
    public var viewBox: Size?
    public var images: Int?
    public var sprites: Int?
    /// Mean drawn area per frame ÷ canvas area, estimated from bounds (see DrawAnalysis).
    public var overdraw: Double?

    public init(fileBytes: Int? = nil) { self.fileBytes = fileBytes }

    public var json: JSONValue {
        func i(_ v: Int?) -> JSONValue { v.map { .int($0) } ?? .null }
        return .object([
            ("fileBytes", i(fileBytes)),
            ("imageMemoryBytes", i(imageMemoryBytes)),
            ("frames", i(frames)),
            ("fps", i(fps)),
            ("durationMs", durationMs.map { .number($0) } ?? .null),
            ("viewBox", viewBox.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null),
            ("images", i(images)),
            ("sprites", i(sprites)),
            ("overdraw", overdraw.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
        ])
    }
}

/// The verdict on one file: every finding after the policy (disabled codes dropped, severities
/// overridden, errors first), the stats, and whether it passes.
public struct FileReport: Sendable, Hashable {
    public let file: String
    public let findings: [Finding]
    public let stats: FileStats
    /// No error findings (and, under `--strict`, no warnings either).
    public let ok: Bool

    public init(file: String, findings: [Finding], stats: FileStats, ok: Bool) {
        self.file = file; self.findings = findings; self.stats = stats; self.ok = ok
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    public func findings(_ code: RuleCode) -> [Finding] { findings.filter { $0.code == code } }

    public var json: JSONValue {
        .object([
            ("file", .string(file)),
            ("ok", .bool(ok)),
            ("findings", .array(findings.map(\.json))),
            ("stats", stats.json),
        ])
    }

    /// One line per finding, `file: severity code: message (sprite 3 'key', frame 12)`.
    public var findingLines: [String] {
        findings.map { "\(file): \($0.severity.rawValue) \($0.code.rawValue): \($0.message)\($0.locationText)" }
    }

    /// `file: PASS|FAIL: 1 error, 2 warnings, 0 info; 1.2 MiB, 400×400, …`.
    public var summaryLine: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 || word == "info" ? "" : "s")" }
        var line = "\(file): \(ok ? "PASS" : "FAIL"): \(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.info), "info"))"
        var facts: [String] = []
        if let b = stats.fileBytes { facts.append(byteString(b)) }
        if let v = stats.viewBox { facts.append("\(format(v.width))×\(format(v.height))") }
        if let frames = stats.frames, let fps = stats.fps {
            let seconds = stats.durationMs.map { " = \(format($0 / 1000)) s" } ?? ""
            facts.append("\(plural(frames, "frame")) at \(fps) fps\(seconds)")
        }
        if let images = stats.images, let memory = stats.imageMemoryBytes {
            facts.append("\(plural(images, "image")) = \(byteString(memory)) decoded")
        }
        if let sprites = stats.sprites { facts.append(plural(sprites, "sprite")) }
        if let o = stats.overdraw { facts.append("overdraw ~\(format((o * 10).rounded() / 10))×") }
        if !facts.isEmpty { line += "; " + facts.joined(separator: ", ") }
        return line
    }
}
