import Dispatch
import Foundation
import SVGAFormat
import SVGAKit
import Synchronization

/// Decides whether SVGA files are fit to ship (issue 4). Stateless apart from its policy, so one
/// validator can check many files at once; files are independent (a corrupt one never stops the
/// others) and reports come back in input order whatever the thread count.
public struct Validator: Sendable {
    public let policy: ValidationPolicy
    public let threads: Int
    /// What decoding one file may cost; over it the file gets a `decode.limits` error.
    public let budget: DecodeBudget

    public init(policy: ValidationPolicy = ValidationPolicy(), threads: Int? = nil, budget: DecodeBudget = .default) {
        self.policy = policy
        self.budget = budget
        self.threads = max(1, threads ?? AvailableCPUs.count)
    }

    /// Every rule, in report order within a severity.
    static let rules: [any ValidationRule] = [
        FileSizeRule(), ImageMemoryRule(), CanvasRule(), TimingRule(), ImageCountRule(),
        ImageDecodeRule(), UnusedImageRule(), MissingImageRule(), MissingMatteRule(), FrameListRule(),
        InvisibleSpriteRule(), OversizedImageRule(), PlayerFeatureRule(), EmptyPathRule(), Color255Rule(),
        FrameValueRule(), DiagnosticRule(), OverdrawRule(), PathComplexityRule(),
    ]

    /// Validates file contents held in memory; `name` is what the report calls the file.
    public func validate(bytes: [UInt8], name: String) -> FileReport {
        var stats = FileStats(fileBytes: bytes.count)
        let raw: RawMovie, container: ContainerKind, movie: Movie
        do {
            (raw, container) = try SVGADecoder.decodeRaw(bytes, budget: budget)
            // Only the ZIP containers report diagnostics before resolution (1.x colours on the
            // 0..255 scale, image files missing from the archive), so only they need the full
            // decode; a zlib file is resolved from the raw movie we already have.
            movie = container == .zlibProtobuf
                ? try MovieResolver.resolve(raw, container: container, budget: budget)
                : try SVGADecoder.decode(bytes, budget: budget)
        } catch {
            return report(name, [DecodeRule.finding(for: error)], stats)
        }
        let context = ValidationContext(fileBytes: bytes.count, movie: movie, raw: raw, container: container,
                                        profileName: policy.profile.name, limits: policy.limits)
        var findings: [Finding] = []
        for rule in Validator.rules { rule.check(context, into: &findings) }

        stats.imageMemoryBytes = context.imageMemoryBytes
        stats.frames = movie.frameCount
        stats.fps = movie.fps
        stats.durationMs = (movie.duration * 1000).rounded()
        stats.viewBox = movie.viewBox
        stats.images = movie.images.count
        stats.sprites = movie.sprites.count
        stats.overdraw = context.analysis.meanOverdraw
        return report(name, findings, stats)
    }

    /// Reads and validates one file; an unreadable file is reported, not thrown.
    public func validate(file path: String) -> FileReport {
        let bytes: [UInt8]
        do { bytes = try MovieLoader.readBytes(path) } catch {
            return report(path, [DecodeRule.finding(for: error)], FileStats())
        }
        return validate(bytes: bytes, name: path)
    }

    /// Validates files and directories (walked for `*.svga`), in parallel, reports in order.
    public func validate(paths: [String]) -> ValidationReport {
        let inputs = ValidationInput.expand(paths)
        let slots = Locked<[FileReport?]>(Array(repeating: nil, count: inputs.count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: min(threads, max(1, inputs.count))) { _ in
            while true {
                let i = next.takeNext()
                guard i < inputs.count else { return }
                let r: FileReport
                switch inputs[i] {
                case .file(let path): r = validate(file: path)
                case .missing(let path):
                    r = report(path, [Finding(.fileUnreadable, "cannot read the file: no such file or directory")], FileStats())
                case .noSVGA(let directory):
                    r = report(directory, [Finding(.fileNoSVGA, "the directory holds no .svga file: nothing was validated")], FileStats())
                }
                slots.withLock { $0[i] = r }
            }
        }
        let files = slots.withLock { $0.map { $0! } }
        return ValidationReport(files: files, profileName: policy.profile.name, strict: policy.strict)
    }

    private func report(_ name: String, _ findings: [Finding], _ stats: FileStats) -> FileReport {
        let kept = policy.apply(to: findings)
        return FileReport(file: name, findings: kept, stats: stats, ok: policy.passes(kept))
    }
}
