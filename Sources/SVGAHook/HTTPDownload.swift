import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import SVGAKit
#endif

// A blocking HTTP(S) GET with a timeout and a byte cap, over URLSession. The cap is enforced
// while the body streams in (and up front from Content-Length), so a hostile server cannot
// make the hook buffer more than `limit` bytes. Redirects are followed by URLSession. Any
// status outside 200...299 is an error (an error page is not an animation).

enum HTTPDownload {
    static func get(_ url: URL, reference: String, timeout: Double, limit: Int) throws(FetchError) -> [UInt8] {
        let state = DownloadState(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: state, delegateQueue: nil)
        let task = session.dataTask(with: URLRequest(url: url))
        task.resume()
        // The resource timeout above bounds the task; the wait adds a margin so a stuck delegate
        // queue cannot hang the hook either.
        let finished = state.done.wait(timeout: .now() + timeout + 5) == .success
        if !finished { task.cancel() }
        session.finishTasksAndInvalidate()
        guard finished else { throw .transport(reference, reason: "timed out after \(timeout) s") }
        let result = state.result()
        if result.tooLarge { throw .tooLarge(reference, limit: limit) }
        if let status = result.status, !(200...299).contains(status) { throw .httpStatus(reference, status: status) }
        if let error = result.error {
            let ns = error as NSError
            if ns.domain == NSURLErrorDomain, ns.code == NSURLErrorTimedOut {
                throw .transport(reference, reason: "timed out after \(timeout) s")
            }
            throw .transport(reference, reason: ns.localizedDescription)
        }
        guard result.status != nil else { throw .transport(reference, reason: "no HTTP response") }
        return result.body
    }
}

/// Collects one response. URLSession calls the delegate on its own queue; every field is
/// behind the lock.
final class DownloadState: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let limit: Int
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var body: [UInt8] = []
    private var status: Int?
    private var error: Error?
    private var tooLarge = false

    init(limit: Int) { self.limit = limit }

    func result() -> (body: [UInt8], status: Int?, error: Error?, tooLarge: Bool) {
        lock.lock(); defer { lock.unlock() }
        return (body, status, error, tooLarge)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        lock.lock()
        status = http?.statusCode
        let declared = response.expectedContentLength
        if declared > Int64(limit) { tooLarge = true }
        let proceed = !tooLarge && (http.map { (200...299).contains($0.statusCode) } ?? false)
        lock.unlock()
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        if body.count + data.count > limit {
            tooLarge = true
            lock.unlock()
            dataTask.cancel()
            return
        }
        body.append(contentsOf: data)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        // A cancel we asked for (over the cap, bad status) is not a transport error.
        if let error, !tooLarge, (error as NSError).code != NSURLErrorCancelled || status == nil {
            self.error = error
        }
        lock.unlock()
        done.signal()
    }
}
