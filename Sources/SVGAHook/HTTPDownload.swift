import CHTTPFetch
import Foundation

// A blocking HTTP(S) GET with a timeout and a byte cap, over libcurl (`CHTTPFetch`, which loads
// libcurl at the first download instead of linking it: see svga_http.h). The cap is enforced
// while the body streams in (and up front from Content-Length), so a hostile server cannot make
// the hook buffer more than `limit` bytes. Redirects are followed, to http and https only. Any
// status outside 200...299 is an error (an error page is not an animation).

enum HTTPDownload {
    /// The body and the response's media type (`Content-Type` without parameters, lower case).
    static func get(_ url: URL, reference: String, timeout: Double, limit: Int) throws(FetchError) -> (body: [UInt8], mediaType: String?) {
        var response = svga_http_response()
        defer { svga_http_response_free(&response) }
        // Whole milliseconds, at least 1 (0 would mean "no timeout" to libcurl), at most a day.
        let milliseconds = Int(Swift.min(Swift.max(timeout * 1000, 1), 86_400_000))
        let result = svga_http_get(url.absoluteString, milliseconds, Swift.max(limit, 0), &response)
        switch result {
        case SVGA_HTTP_OK:
            let status = Int(response.status)
            guard (200...299).contains(status) else { throw .httpStatus(reference, status: status) }
            let body = response.length == 0 ? [] : [UInt8](UnsafeBufferPointer(start: response.body, count: response.length))
            let mediaType = withUnsafeBytes(of: response.media_type) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return (body, mediaType.isEmpty ? nil : mediaType)
        case SVGA_HTTP_TOO_LARGE:
            throw .tooLarge(reference, limit: limit)
        case SVGA_HTTP_TIMED_OUT:
            throw .transport(reference, reason: "timed out after \(timeout) s")
        default:
            let reason = withUnsafeBytes(of: response.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .transport(reference, reason: reason)
        }
    }
}
