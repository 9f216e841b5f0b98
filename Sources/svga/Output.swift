import Foundation

/// stdout / stderr helpers. Progress goes to stderr and only on a terminal. `--quiet` (any
/// command) silences summaries, warnings and progress; what was asked for (`info`, `--json`,
/// hook status lines) and errors still print. `--verbose` adds detail lines on stderr, so
/// stdout stays what a pipeline parses (`--json`, `--out -`, hook status lines).
enum Output {
    /// Set once by main before the command runs (never both).
    nonisolated(unsafe) static var quiet = false
    nonisolated(unsafe) static var verbose = false

    /// A human summary ("rendered 8 frames …"); silent under --quiet.
    static func line(_ s: String) { if !quiet { print(s) } }
    /// The output the command was asked to produce; printed even under --quiet.
    static func data(_ s: String) { print(s) }
    static func warning(_ s: String) { if !quiet { error(s) } }
    /// Detail that `--verbose` asks for (per frame, per rule, per event), on stderr. Takes a
    /// closure so the text is built only when it is printed.
    static func detail(_ s: @autoclosure () -> String) { if verbose { error(s()) } }
    static func error(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
    static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

/// A one-line progress bar on stderr, redrawn in place; silent when stderr is not a terminal.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDrawn = -1

    init(total: Int, label: String) {
        self.total = max(total, 1); self.label = label
        self.enabled = Output.stderrIsTerminal && total > 1 && !Output.quiet
    }

    func update(_ done: Int) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let percent = done * 100 / total
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
