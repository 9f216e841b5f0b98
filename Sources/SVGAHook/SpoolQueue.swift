import Foundation

#if canImport(Glibc)
import Glibc
import SVGAKit
#endif

/// A durable queue of event files on disk:
///
///     DIR/incoming/   producers drop `*.json` here (written elsewhere, then renamed in: atomic)
///     DIR/claimed/    the hook moves a file here (rename: exactly one claimer wins) before reading it
///     DIR/done/       every event of the file was rendered or skipped
///     DIR/failed/     at least one event errored; `<name>.error.txt` beside it says which and why
///
/// A file still in `claimed/` when the hook starts was being processed by a hook that died; it
/// is processed again first. Idempotency (HookOutputStore) makes that safe: events it had
/// already rendered are skipped, the rest are rendered.
public final class SpoolQueue: Sendable {
    public let root: URL
    public var incoming: URL { root.appendingPathComponent("incoming", isDirectory: true) }
    public var claimed: URL { root.appendingPathComponent("claimed", isDirectory: true) }
    public var done: URL { root.appendingPathComponent("done", isDirectory: true) }
    public var failed: URL { root.appendingPathComponent("failed", isDirectory: true) }

    /// One thing read from a spool file.
    public enum Entry: Sendable {
        case value(JSONValue)
        case line(String, number: Int)
        case failure(String)
    }

    /// 16 MiB: a spool file holds one event or a batch of JSON lines, never anything near this.
    public static let maxFileBytes = 16 << 20

    public init(root: URL) throws(SpoolError) {
        self.root = root
        for folder in [incoming, claimed, done, failed] {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw .cannotCreate(path: folder.path, reason: FileSystemReason.describe(error))
            }
        }
    }

    /// Files left in `claimed/` (by a hook that died), oldest name first.
    public func leftovers() throws(SpoolError) -> [URL] {
        try list(claimed).map { claimed.appendingPathComponent($0) }
    }

    /// Moves every `*.json` in `incoming/` into `claimed/`, in name order, and returns the
    /// claimed paths. A file another hook claimed first is silently left to it.
    public func claimIncoming() throws(SpoolError) -> [URL] {
        var result: [URL] = []
        for name in try list(incoming) where name.hasSuffix(".json") {
            let target = claimed.appendingPathComponent(name)
            if rename(incoming.appendingPathComponent(name).path, target.path) == 0 { result.append(target) }
        }
        // The claim is durable before any event is processed: claimed/ first (the new name),
        // then incoming/ (the old one gone). Best effort: a lost claim is only a reprocessed file,
        // which the output store's idempotence absorbs.
        if !result.isEmpty {
            try? Durable.sync(claimed.path)
            try? Durable.sync(incoming.path)
        }
        return result
    }

    /// Moves a claimed file to `done/` when no status is an error, else to `failed/` with
    /// `<name>.error.txt` (one `eventID: reason` line per error). An existing file of the same
    /// name there is replaced.
    public func finish(_ file: URL, statuses: [HookStatus]) {
        let errors = statuses.filter { $0.status == .error }
        let folder = errors.isEmpty ? done : failed
        let target = folder.appendingPathComponent(file.lastPathComponent)
        if !errors.isEmpty {
            let text = errors.map { "\($0.eventID ?? "-"): \($0.reason ?? "error")\n" }.joined()
            let report = folder.appendingPathComponent(file.lastPathComponent + ".error.txt")
            // Written, fsync'd, then renamed into place, so the report is never seen half-written
            // or empty after a power loss.
            let partial = folder.appendingPathComponent(".\(file.lastPathComponent).error.txt.\(getpid())")
            if (try? Data(text.utf8).write(to: partial)) != nil {
                try? Durable.sync(partial.path)
                _ = rename(partial.path, report.path)
            }
        }
        // The spool file's bytes were never changed (only renamed), so syncing the folders is
        // enough: the new entry, then the removal from claimed/.
        _ = rename(file.path, target.path)
        try? Durable.sync(folder.path)
        try? Durable.sync(claimed.path)
    }

    /// The events of one spool file: the whole file as one JSON object (one event, possibly
    /// pretty-printed) or array (a batch), else one event per line.
    public static func entries(of file: URL) -> [Entry] {
        let bytes: [UInt8]
        do { bytes = try ResourceFetcher.readLocal(file.path, reference: file.lastPathComponent, limit: maxFileBytes) } catch {
            return [.failure("spool file \(error.description)")]
        }
        let data = Data(bytes)
        if let whole = try? JSONValue.parse(data) {
            if whole.objectValue != nil { return [.value(whole)] }
            if let array = whole.arrayValue { return array.map { .value($0) } }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
            .line(String(line.hasSuffix("\r") ? line.dropLast() : line), number: i + 1)
        }
    }

    /// Plain file names in `folder` (no dot files: producers' temporaries), sorted.
    private func list(_ folder: URL) throws(SpoolError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".error.txt") }
                .sorted()
        } catch {
            throw .cannotList(path: folder.path, reason: FileSystemReason.describe(error))
        }
    }
}
