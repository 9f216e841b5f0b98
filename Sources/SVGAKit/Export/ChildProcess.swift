import Foundation

// A child process fed on stdin through a pipe, its stderr drained by a thread into the last few
// lines (so a chatty child never blocks on a full stderr pipe, and a failure can show its log).
// Writes go through a non-blocking descriptor and poll(), so a child that stops reading while
// alive is detected after `stallTimeout` instead of hanging us; a child that dies shows up as
// EPIPE. The child is always reaped: by `wait()`, by `kill()`, or by InterruptCleanup.

final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    let executable: String
    private var input: Int32
    private let stderrThread: Thread
    private let log: Locked<StderrTail>
    private let finished = DispatchSemaphore(value: 0)
    private var reaped = false

    /// Seconds without the child taking any input before it counts as stalled.
    static let stallTimeout: Int32 = 120

    /// Finds `name` in `searchPath` (the PATH entries): an executable regular file.
    static func locate(_ name: String, in searchPath: [String]) -> String? {
        for dir in searchPath where !dir.isEmpty {
            let path = (dir as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
               FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts `executable` with `arguments`; its stdout goes to `stdoutFD` (or /dev/null).
    init(executable: String, arguments: [String], stdoutFD: Int32? = nil) throws(ExportError) {
        self.executable = executable
        var inPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0 else { throw .ffmpegSpawnFailed(path: executable, reason: String(cString: strerror(errno))) }
        guard pipe(&errPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw .ffmpegSpawnFailed(path: executable, reason: String(cString: strerror(errno)))
        }
        // Our ends must not leak into the child (or into another export's child).
        _ = fcntl(inPipe[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(errPipe[0], F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        if let stdoutFD { posix_spawn_file_actions_adddup2(&actions, stdoutFD, 1) }
        else { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, inPipe[0])
        posix_spawn_file_actions_addclose(&actions, errPipe[1])

        // We ignore SIGINT/SIGTERM/SIGPIPE during an export (InterruptCleanup); the child gets
        // the defaults back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(inPipe[0]); close(errPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(errPipe[0])
            throw .ffmpegSpawnFailed(path: executable, reason: String(cString: strerror(rc)))
        }
        pid = child
        InterruptCleanup.register(child: child)
        input = inPipe[1]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)

        let log = Locked(StderrTail())
        self.log = log
        let errFD = errPipe[0]
        let done = finished
        stderrThread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(errFD, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                log.withLock { $0.append(buffer[0..<n]) }
            }
            close(errFD)
            done.signal()
        }
        stderrThread.start()
    }

    /// Writes all of `bytes` to the child's stdin.
    func write(_ bytes: [UInt8]) throws(ExportError) {
        var offset = 0
        let fd = input
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n; continue }
            let err = errno
            if n < 0 && err == EINTR { continue }
            if n < 0 && (err == EAGAIN || err == EWOULDBLOCK) {
                var p = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&p, 1, ChildProcess.stallTimeout * 1000)
                if ready == 0 {
                    InterruptCleanup.parkIfInterrupted()
                    kill()
                    throw .ffmpegStalled(seconds: Int(ChildProcess.stallTimeout), log: lastLines)
                }
                continue
            }
            // EPIPE: the child closed its stdin or died; its status says why.
            InterruptCleanup.parkIfInterrupted()
            let status = kill()
            throw .ffmpegFailed(status: status, log: lastLines)
        }
    }

    /// Closes stdin (end of frames), waits for the child; throws unless it exited with 0.
    func finish() throws(ExportError) {
        closeInput()
        let status = reap()
        guard status == nil else {
            InterruptCleanup.parkIfInterrupted()
            throw .ffmpegFailed(status: status!, log: lastLines)
        }
    }

    /// Kills and reaps the child (idempotent); returns how it ended, for messages.
    @discardableResult
    func kill() -> String {
        if !reaped { Glibc.kill(pid, SIGKILL) }
        closeInput()
        return reap() ?? "exited with status 0 before reading every frame"
    }

    private func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Waits for the child and its stderr; nil for exit status 0, else a description.
    private func reap() -> String? {
        if reaped { return nil }
        var status: Int32 = 0
        var rc: pid_t
        repeat { rc = waitpid(pid, &status, 0) } while rc < 0 && errno == EINTR
        reaped = true
        // Reaped elsewhere: only the interrupt handler does that, and it is about to exit.
        if rc < 0 { InterruptCleanup.parkIfInterrupted(); return "could not be waited for" }
        InterruptCleanup.unregister(child: pid)
        finished.wait()
        let signalled = status & 0x7f
        if signalled == 0 {
            let code = (status >> 8) & 0xff
            return code == 0 ? nil : "exited with status \(code)"
        }
        return "was killed by signal \(signalled)"
    }

    var lastLines: [String] { log.withLock { $0.lines } }

    deinit { if !reaped { kill() } }
}

/// The last bytes a child wrote to stderr, as lines.
struct StderrTail {
    static let limit = 8192
    private var bytes: [UInt8] = []

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        bytes += chunk
        if bytes.count > 2 * StderrTail.limit { bytes.removeFirst(bytes.count - StderrTail.limit) }
    }

    /// At most 12 lines, the last ones.
    var lines: [String] {
        let text = String(decoding: bytes.suffix(StderrTail.limit), as: UTF8.self)
        return Array(text.split(whereSeparator: \.isNewline).map(String.init).suffix(12))
    }
}
