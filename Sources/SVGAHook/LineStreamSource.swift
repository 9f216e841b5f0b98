import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// JSON lines from a file or stdin, one event per line: each line is its own delivery, and
/// acknowledging it does nothing (its status line was already printed). The read error the
/// stream stops on ends it; the lines read before it are still processed.
public final class LineStreamSource: HookEventSource {
    private let channel: LineChannel

    /// Reads `fd` to its end (closing it afterwards when `closeWhenDone`).
    public init(fileDescriptor fd: Int32, closeWhenDone: Bool = false) {
        channel = LineChannel.reading(fileDescriptor: fd, closeWhenDone: closeWhenDone)
    }

    /// Opens `path`. Throws only when the file cannot be opened.
    public convenience init(path: String) throws(FetchError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            if errno == ENOENT { throw .notFound(path) }
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        self.init(fileDescriptor: fd, closeWhenDone: true)
    }

    public func receive(timeout: Double?) -> HookReceipt<Int> {
        guard let item = channel.next(timeout: timeout) else { return .deliveries([]) }
        switch item {
        case .line(let text, let number):
            return .deliveries([HookDelivery(handle: number, entries: [.line(text, number: number)])])
        case .tooLong(let number):
            return .deliveries([HookDelivery(handle: number, entries: [
                .failure("line \(number): longer than \(LineChannel.maxLineBytes) bytes; not an event"),
            ])])
        case .end(let error):
            return .end(readError: error)
        }
    }

    public func acknowledge(_ line: Int, statuses: [HookStatus]) {}
}
