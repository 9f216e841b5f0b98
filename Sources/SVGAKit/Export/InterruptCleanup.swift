import Dispatch
import Foundation

// Ctrl-C (SIGINT) or SIGTERM during an export must not leave a running ffmpeg or half-written
// files behind. While an export runs, those signals are caught on a dispatch queue (not in an
// async signal handler, so ordinary code may run): every registered child is killed and reaped,
// every registered temporary path removed, then the process exits with 128 + signal.

public enum InterruptCleanup {
    private static let state = Locked(State())
    private struct State {
        var children: Set<pid_t> = []
        var paths: Set<String> = []
        var sources: [DispatchSourceSignal] = []
        var interrupted = false
    }

    /// Called where an export fails: a failure caused by our own interrupt handling (ffmpeg
    /// killed under a writer) must not race the handler to exit with a misleading message, so
    /// the failing thread waits for the handler's exit instead.
    static func parkIfInterrupted() {
        guard state.withLock({ $0.interrupted }) else { return }
        while true { sleep(1) }
    }

    /// A dead ffmpeg must show up as EPIPE on write, not kill us with SIGPIPE.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Installs the handlers once (idempotent). Not for processes with their own SIGINT
    /// handling (the hook stops gracefully instead; ExportOptions.handlesInterrupts).
    public static func install() {
        ignoreBrokenPipes()
        state.withLock { s in
            guard s.sources.isEmpty else { return }
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler { InterruptCleanup.cleanUpAndExit(sig) }
                source.resume()
                s.sources.append(source)
            }
        }
    }

    static func register(child pid: pid_t) { state.withLock { _ = $0.children.insert(pid) } }
    static func unregister(child pid: pid_t) { state.withLock { _ = $0.children.remove(pid) } }
    static func register(path: String) { state.withLock { _ = $0.paths.insert(path) } }
    static func unregister(path: String) { state.withLock { _ = $0.paths.remove(path) } }

    private static func cleanUpAndExit(_ sig: Int32) -> Never {
        let (children, paths) = state.withLock { s in s.interrupted = true; return (s.children, s.paths) }
        for pid in children {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        FileHandle.standardError.write(Data("\nsvga: export interrupted; no output written\n".utf8))
        exit(128 + sig)
    }
}
