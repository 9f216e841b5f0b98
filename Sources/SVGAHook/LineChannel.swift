import Foundation

#if canImport(Glibc)
import Glibc
import SVGAKit
#endif

/// Lines read from a file descriptor by a background thread, handed to the hook's loop with a
/// timed wait: the loop must wake up when a combo window passes even if the producer (stdin, a
/// pipe) is silent. The queue is bounded, so a fast producer waits instead of filling memory.
final class LineChannel: @unchecked Sendable {
    enum Item: Sendable {
        case line(String, number: Int)
        /// A line over `maxLineBytes`: dropped up to its newline.
        case tooLong(number: Int)
        case end(error: String?)
    }

    /// 1 MiB: an event is a few hundred bytes; a longer "line" is not an event.
    static let maxLineBytes = 1 << 20
    static let capacity = 256

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [Item] = []
    private var head = 0

    /// Starts a thread reading `fd` to its end; `fd` is closed at the end when `closeWhenDone`.
    static func reading(fileDescriptor fd: Int32, closeWhenDone: Bool) -> LineChannel {
        let channel = LineChannel()
        let thread = Thread { channel.readAll(fd, closeWhenDone: closeWhenDone) }
        thread.name = "svga-hook-reader"
        thread.start()
        return channel
    }

    /// The next item, or nil when `timeout` (seconds; nil = wait forever) passes first.
    func next(timeout: Double?) -> Item? {
        condition.lock(); defer { condition.unlock() }
        let limit = timeout.map { Date(timeIntervalSinceNow: max(0, $0)) }
        while head == queue.count {
            if let limit {
                if !condition.wait(until: limit) && head == queue.count { return nil }
            } else {
                condition.wait()
            }
        }
        let item = queue[head]
        head += 1
        if head == queue.count { queue.removeAll(keepingCapacity: true); head = 0 }
        condition.broadcast()
        return item
    }

    private func put(_ item: Item) {
        condition.lock(); defer { condition.unlock() }
        while queue.count - head >= LineChannel.capacity { condition.wait() }
        queue.append(item)
        condition.broadcast()
    }

    private func readAll(_ fd: Int32, closeWhenDone: Bool) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var line: [UInt8] = []
        var number = 0
        var overflow = false
        var failure: String?
        func emitLine() {
            number += 1
            if overflow {
                put(.tooLong(number: number))
            } else {
                if line.last == 0x0D { line.removeLast() }   // CRLF producers
                put(.line(String(decoding: line, as: UTF8.self), number: number))
            }
            line.removeAll(keepingCapacity: true)
            overflow = false
        }
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                break
            }
            if n == 0 { break }
            for byte in buffer[0..<n] {
                if byte == 0x0A { emitLine(); continue }
                if overflow { continue }
                if line.count >= LineChannel.maxLineBytes { overflow = true; line.removeAll(); continue }
                line.append(byte)
            }
        }
        if !line.isEmpty || overflow { emitLine() }
        if closeWhenDone { close(fd) }
        put(.end(error: failure))
    }
}
