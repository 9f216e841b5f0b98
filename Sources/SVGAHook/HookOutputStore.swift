import Foundation

#if canImport(Glibc)
import Glibc
#endif
import SVGAKit
import Synchronization

// The output tree and its two guarantees.
//
// Atomic: an event is rendered into `<out>/<liveID>/.tmp-<eventID>-<pid>/` and only renamed to
// `<out>/<liveID>/<eventID>/` once every frame and the manifest are written; rename(2) within
// one directory is atomic, so a crash leaves either nothing or the whole folder. A crash's
// leftover `.tmp-*` folder (its pid no longer running) is removed the next time that room is
// written to.
//
// Idempotent: an event is rendered iff `<out>/<liveID>/<eventID>/manifest.json` exists, or
// (for an event merged into another's combo) `<out>/<liveID>/.merged-index` maps it to a
// primary whose manifest lists it. The index line is appended before the rename, and checked
// against the manifest when read, so a crash between the two loses nothing: the combo is simply
// rendered again.
//
// Durable: rename(2) is atomic against a crash of the process, not of the machine: after a power
// loss the renamed folder can exist with files whose data never reached the disk. So before the
// rename every file in the temporary folder and the folder itself are fsync'd, the index is
// fsync'd after its append, and the room folder after the rename (which makes the rename itself
// durable). A rendered event that was reported is therefore on disk, whole (issue 14).

public final class HookOutputStore: Sendable {
    public let root: URL
    /// liveID → (merged event ID → primary event ID), loaded from `.merged-index` on first use.
    private let indexes = Mutex<[String: [String: String]]>([:])
    /// Rooms whose stale temporary folders were cleaned up in this run.
    private let cleaned = Mutex<Set<String>>([])

    public static let manifestName = "manifest.json"
    public static let indexName = ".merged-index"

    public init(root: URL) throws(HookOutputError) {
        self.root = root
        do { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) } catch {
            throw .cannotCreate(path: root.path, reason: FileSystemReason.describe(error))
        }
    }

    public func roomDirectory(_ liveID: String) -> URL { root.appendingPathComponent(liveID, isDirectory: true) }

    public func eventDirectory(liveID: String, eventID: String) -> URL {
        roomDirectory(liveID).appendingPathComponent(eventID, isDirectory: true)
    }

    func manifestPath(liveID: String, eventID: String) -> String {
        eventDirectory(liveID: liveID, eventID: eventID).appendingPathComponent(HookOutputStore.manifestName).path
    }

    /// nil when the event has not been rendered; otherwise the ID of the event whose folder
    /// holds its rendering (itself, or the primary of the combo it was merged into).
    public func renderedPrimary(liveID: String, eventID: String) -> String? {
        if FileManager.default.fileExists(atPath: manifestPath(liveID: liveID, eventID: eventID)) { return eventID }
        guard let primary = index(for: liveID)[eventID] else { return nil }
        return manifest(liveID: liveID, eventID: primary).map { mergedIDs($0).contains(eventID) } == true ? primary : nil
    }

    /// Renders into a temporary folder with `write`, then moves it into place. `merged` are the
    /// other event IDs of the combo (recorded in the index). On any failure the temporary folder
    /// is removed and no event folder appears.
    public func commit(liveID: String, primary: String, merged: [String],
                       write: (URL) throws(HookFailure) -> Void) throws(HookFailure) {
        let room = roomDirectory(liveID)
        do { try FileManager.default.createDirectory(at: room, withIntermediateDirectories: true) } catch {
            throw .output(.cannotCreate(path: room.path, reason: FileSystemReason.describe(error)))
        }
        removeStaleTemporaries(liveID)
        let temporary = room.appendingPathComponent(".tmp-\(primary)-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: temporary)
        do { try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false) } catch {
            throw .output(.cannotCreate(path: temporary.path, reason: FileSystemReason.describe(error)))
        }
        do {
            try write(temporary)
            try Durable.syncContents(of: temporary)
            if !merged.isEmpty { try appendIndex(liveID: liveID, primary: primary, merged: merged) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        let final = eventDirectory(liveID: liveID, eventID: primary)
        if rename(temporary.path, final.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            if FileManager.default.fileExists(atPath: manifestPath(liveID: liveID, eventID: primary)) {
                throw .alreadyRendered(primary: nil)
            }
            if code == ENOTEMPTY || code == EEXIST || code == EISDIR || code == ENOTDIR {
                throw .output(.foreignFolder(path: final.path))
            }
            throw .output(.cannotWrite(path: final.path, reason: String(cString: strerror(code))))
        }
        do { try Durable.sync(room.path) } catch {
            throw .output(.cannotWrite(path: room.path, reason: error.reason))
        }
    }

    /// The parsed manifest of a rendered event, nil when absent or unreadable.
    public func manifest(liveID: String, eventID: String) -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: manifestPath(liveID: liveID, eventID: eventID)) else { return nil }
        return try? JSONValue.parse(data)
    }

    private func mergedIDs(_ manifest: JSONValue) -> [String] {
        manifest["mergedEventIDs"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    private func index(for liveID: String) -> [String: String] {
        if let loaded = indexes.withLock({ $0[liveID] }) { return loaded }
        var map: [String: String] = [:]
        let path = roomDirectory(liveID).appendingPathComponent(HookOutputStore.indexName).path
        if let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "\t")
                // A torn last line (crash mid-append) has no tab or an empty side: skipped.
                if parts.count == 2 { map[String(parts[0])] = String(parts[1]) }
            }
        }
        return indexes.withLock { all in
            if let other = all[liveID] { return other }
            all[liveID] = map
            return map
        }
    }

    /// IDs are checked by `SafeName` (no tabs or newlines), so one line per merged ID is safe.
    private func appendIndex(liveID: String, primary: String, merged: [String]) throws(HookFailure) {
        _ = index(for: liveID)
        let path = roomDirectory(liveID).appendingPathComponent(HookOutputStore.indexName).path
        let text = merged.map { "\($0)\t\(primary)\n" }.joined()
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { throw .output(.cannotWrite(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw .output(.cannotWrite(path: path, reason: String(cString: strerror(errno)))) }
        guard fsync(fd) == 0 else { throw .output(.cannotWrite(path: path, reason: String(cString: strerror(errno)))) }
        indexes.withLock { all in
            for id in merged { all[liveID, default: [:]][id] = primary }
        }
    }

    /// Removes `.tmp-<eventID>-<pid>` folders in a room whose process is gone (a crash).
    private func removeStaleTemporaries(_ liveID: String) {
        guard cleaned.withLock({ $0.insert(liveID).inserted }) else { return }
        let room = roomDirectory(liveID)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: room.path) else { return }
        let me = getpid()
        for name in names where name.hasPrefix(".tmp-") {
            guard let dash = name.lastIndex(of: "-"), let pid = Int32(name[name.index(after: dash)...]) else { continue }
            let alive = pid == me ? false : (kill(pid, 0) == 0 || errno == EPERM)
            if !alive { try? FileManager.default.removeItem(at: room.appendingPathComponent(name)) }
        }
    }
}

/// fsync for files and folders that are about to be published by a rename (the hook's output
/// and the spool): data first, then the folder entries, so a power loss after the rename never
/// shows a published name with missing contents.
enum Durable {
    struct Failure: Error { let path: String; let reason: String }

    /// fsync(2) of one file or folder.
    static func sync(_ path: String) throws(Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        // EINVAL: a file system that cannot sync this kind of file (nothing to make durable).
        guard fsync(fd) == 0 || errno == EINVAL else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Every regular file directly in `folder` (what the hook writes there), then the folder.
    static func syncContents(of folder: URL) throws(HookFailure) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        do {
            for name in names.sorted() { try sync(folder.appendingPathComponent(name).path) }
            try sync(folder.path)
        } catch {
            throw .output(.cannotWrite(path: error.path, reason: error.reason))
        }
    }
}
