import Foundation
import Glibc
import SVGARedis
import SVGATestSupport
import Testing

/// Worker processes of the pool tests (`svga hook --redis`, `svga worker`) against a private
/// redis-server: started with their output in files (never a pipe a dead reader could block),
/// killed with SIGKILL or stopped with SIGTERM, and the stream's answers read back.
final class PoolHarness: @unchecked Sendable {
    let server: RedisTestServer
    let redis: RedisClient
    let dir: URL
    private var workers: [Int: Process] = [:]
    private var launches = 0

    init(server: RedisTestServer, label: String) throws {
        self.server = server
        redis = server.client(retryLimit: 20)
        dir = try CLIRunner.temporaryDirectory(label)
    }

    deinit {
        for p in workers.values { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
        try? FileManager.default.removeItem(at: dir)
    }

    /// Starts (or restarts) worker `slot` with `arguments` after the executable.
    func start(_ slot: Int, _ arguments: [String]) throws {
        guard let executable = CLIRunner.executable else { throw CocoaError(.fileNoSuchFile) }
        launches += 1
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        p.currentDirectoryURL = CLIRunner.repositoryRoot
        let log = dir.appendingPathComponent("worker-\(slot)-\(launches)")
        _ = FileManager.default.createFile(atPath: log.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: log.path + ".err", contents: nil)
        p.standardOutput = FileHandle(forWritingAtPath: log.path + ".out")
        p.standardError = FileHandle(forWritingAtPath: log.path + ".err")
        p.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try p.run()
        workers[slot] = p
    }

    /// kill -9: the worker gets no chance to finish anything.
    func kill9(_ slot: Int) {
        guard let p = workers[slot] else { return }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }

    /// SIGTERM to every worker; their exit statuses (nil: still running after `timeout`, then
    /// killed). waitUntilExit, not a poll of isRunning (updated only from the run loop on Linux).
    func terminateAll(timeout: Double = 30) -> [Int32?] {
        let slots = workers.keys.sorted()
        for slot in slots { kill(workers[slot]!.processIdentifier, SIGTERM) }
        let overdue = Locked<Set<Int>>([])
        let killers = slots.map { slot in
            let pid = workers[slot]!.processIdentifier
            let item = DispatchWorkItem { overdue.withLock { _ = $0.insert(slot) }; kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: item)
            return item
        }
        let statuses = slots.map { slot -> Int32? in
            workers[slot]!.waitUntilExit()
            return overdue.withLock { $0.contains(slot) } ? nil : workers[slot]!.terminationStatus
        }
        killers.forEach { $0.cancel() }
        return statuses
    }

    /// Every worker's stderr so far, for failure messages.
    func logs(_ suffix: String = ".err") -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { name in
            "== \(name)\n" + ((try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }.joined(separator: "\n")
    }

    /// Polls `condition` every 0.1 s until it holds or `timeout` passes.
    func wait(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(100_000)
        }
        return try condition()
    }

    /// The results stream as (item id, status object).
    func results(_ key: String) throws -> [(id: String, status: [String: Any])] {
        try redis.range(stream: key).map { entry in
            let status = try JSONSerialization.jsonObject(with: Data((entry.text("status") ?? "").utf8)) as? [String: Any] ?? [:]
            return (entry.text("id") ?? "", status)
        }
    }
}

/// A tiny deterministic generator for the tests' event orders.
struct SeededOrder {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
