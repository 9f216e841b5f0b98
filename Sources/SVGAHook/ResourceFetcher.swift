import Foundation
import SVGAKit
import Synchronization

/// A fetched resource: its content hash and a local file holding exactly those bytes.
public struct FetchedResource: Sendable, Hashable {
    /// The reference as given (path or URL).
    public let reference: String
    /// Lower-case hex SHA-256 of the content: the cache key for files and decoded movies.
    public let sha256: String
    /// The original file for local references, `<out>/.cache/<sha256>` for downloads.
    public let localPath: String
    public let byteCount: Int

    public func readBytes(limit: Int) throws(FetchError) -> [UInt8] {
        try ResourceFetcher.readLocal(localPath, reference: reference, limit: limit)
    }
}

/// Fetches resources named by a local path, a `file://` URL or an `http(s)://` URL.
/// Downloads are written to `<out>/.cache/<sha256>` (content-addressed, so two URLs with the same
/// bytes share one file and a restart reuses it), and an in-memory reference → resource map makes
/// each reference fetched at most once per run (the first answer wins; a failure is not
/// remembered, so a transient network error can succeed on a later event).
public final class ResourceFetcher: Sendable {
    public let cacheDirectory: URL
    public let timeout: Double
    private let known = Mutex<[String: FetchedResource]>([:])
    private let requests = Atomic<Int>(0)

    public init(cacheDirectory: URL, timeout: Double = 30) {
        self.cacheDirectory = cacheDirectory
        self.timeout = timeout
    }

    /// Network requests made so far (tests count them).
    public var networkRequestCount: Int { requests.load(ordering: .relaxed) }

    public func fetch(_ reference: String, limit: Int) throws(FetchError) -> FetchedResource {
        if let hit = known.withLock({ $0[reference] }) { return hit }
        let resource: FetchedResource
        let lower = reference.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: reference), url.host != nil else { throw .transport(reference, reason: "not a valid URL") }
            requests.add(1, ordering: .relaxed)
            let bytes = try HTTPDownload.get(url, reference: reference, timeout: timeout, limit: limit)
            let hash = SHA256.hexDigest(bytes)
            let path = try store(bytes, hash: hash)
            resource = FetchedResource(reference: reference, sha256: hash, localPath: path, byteCount: bytes.count)
        } else if lower.hasPrefix("file://") {
            guard let url = URL(string: reference), url.isFileURL else { throw .transport(reference, reason: "not a valid file URL") }
            resource = try local(url.path, reference: reference, limit: limit)
        } else if reference.contains("://") {
            throw .unsupportedScheme(reference)
        } else {
            resource = try local(reference, reference: reference, limit: limit)
        }
        return known.withLock { map in
            if let first = map[reference] { return first }
            map[reference] = resource
            return resource
        }
    }

    private func local(_ path: String, reference: String, limit: Int) throws(FetchError) -> FetchedResource {
        let bytes = try ResourceFetcher.readLocal(path, reference: reference, limit: limit)
        return FetchedResource(reference: reference, sha256: SHA256.hexDigest(bytes), localPath: path, byteCount: bytes.count)
    }

    /// Writes the bytes under their hash unless that file already exists; written to a
    /// temporary name and renamed, so a crash never leaves a truncated cache entry.
    private func store(_ bytes: [UInt8], hash: String) throws(FetchError) -> String {
        let target = cacheDirectory.appendingPathComponent(hash)
        if FileManager.default.fileExists(atPath: target.path) { return target.path }
        let temporary = cacheDirectory.appendingPathComponent(".tmp-\(hash)-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw FetchError.cacheWrite(target.path, reason: reason)
            }
        } catch let e as FetchError {
            throw e
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cacheWrite(target.path, reason: FileSystemReason.describe(error))
        }
        return target.path
    }

    static func readLocal(_ path: String, reference: String, limit: Int) throws(FetchError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notFound(reference) }
            throw .unreadable(reference, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(reference, reason: "not a regular file") }
        guard Int(info.st_size) <= limit else { throw .tooLarge(reference, limit: limit) }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count <= limit else { throw FetchError.tooLarge(reference, limit: limit) }
            return [UInt8](data)
        } catch let e as FetchError {
            throw e
        } catch {
            throw .unreadable(reference, reason: MovieLoader.describe(error))
        }
    }
}
