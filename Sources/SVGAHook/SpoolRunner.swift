import Foundation
import SVGAKit

/// Drives a session from a spool queue: what a dead hook left in `claimed/` first, then
/// `incoming/`, polled every `pollInterval` seconds (waking earlier when a combo window ends)
/// until `shouldStop` says so (SIGINT/SIGTERM in the CLI), or, with `once`, until `incoming/` is
/// empty. Pending combos are rendered before returning, so every claimed file ends in `done/`
/// or `failed/`.
public enum SpoolRunner {
    public static func run(queue: SpoolQueue, session: HookSession, once: Bool, pollInterval: Double = 0.25,
                           shouldStop: () -> Bool = { false }) throws(SpoolError) {
        let files = FileTable()
        session.onSourceFinished = { id, statuses in
            if let file = files.remove(id) { queue.finish(file, statuses: statuses) }
        }
        defer { session.onSourceFinished = nil }
        func process(_ file: URL) {
            let id = session.openSource()
            files.insert(id, file)
            for entry in SpoolQueue.entries(of: file) {
                switch entry {
                case .value(let v): session.receive(value: v, source: id)
                case .line(let text, let number): session.receive(line: text, lineNumber: number, source: id)
                case .failure(let reason): session.receive(failure: reason, source: id)
                }
            }
            session.closeSource(id)
        }

        for file in try queue.leftovers() { process(file) }
        let clock = session.processor.configuration.clock
        while true {
            let claimed = try queue.claimIncoming()
            for file in claimed { process(file) }
            session.expireDue()
            if once ? claimed.isEmpty : shouldStop() { break }
            if !claimed.isEmpty { continue }
            var wait = pollInterval
            if let deadline = session.nextDeadline { wait = min(wait, max(0, deadline - clock.now())) }
            if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
        }
        session.finish()
    }

    /// Source token → claimed file. Only touched on the runner's thread; a class so the
    /// session's callback can share it.
    private final class FileTable {
        private var files: [Int: URL] = [:]
        func insert(_ id: Int, _ url: URL) { files[id] = url }
        func remove(_ id: Int) -> URL? { files.removeValue(forKey: id) }
    }
}
