import Foundation

#if canImport(Glibc)
import Glibc
import SVGAKit
#endif

/// Feeds a JSON-lines stream (a file or stdin) into a session. While input is silent, the loop
/// wakes at the next combo deadline and renders what is due ("flush when the window passes");
/// at end of input everything still waiting is rendered, so a finite file always completes.
public enum HookStreamRunner {
    /// Reads `fd` to its end (closing it afterwards when `closeWhenDone`). Returns the read error,
    /// if reading stopped on one (the events read before it are still processed).
    @discardableResult
    public static func run(fileDescriptor fd: Int32, closeWhenDone: Bool = false, session: HookSession) -> String? {
        let channel = LineChannel.reading(fileDescriptor: fd, closeWhenDone: closeWhenDone)
        let clock = session.processor.configuration.clock
        while true {
            let timeout = session.nextDeadline.map { $0 - clock.now() }
            guard let item = channel.next(timeout: timeout) else {
                session.expireDue()
                continue
            }
            switch item {
            case .line(let text, let number):
                session.receive(line: text, lineNumber: number)
            case .tooLong(let number):
                session.receive(failure: "line \(number): longer than \(LineChannel.maxLineBytes) bytes; not an event")
            case .end(let error):
                session.finish()
                return error
            }
        }
    }

    /// Opens `path` and runs it. Throws only when the file cannot be opened.
    public static func run(path: String, session: HookSession) throws(FetchError) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            if errno == ENOENT { throw .notFound(path) }
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        return run(fileDescriptor: fd, closeWhenDone: true, session: session)
    }
}
