import Foundation
import Synchronization

// A reconnecting client: one connection behind a lock, made on first use and remade after it
// breaks. A broken connection is retried with exponential backoff (0.1 s doubling to 5 s), each
// attempt reported on stderr, until the server answers or `shouldStop` says the caller is
// shutting down; it never crashes the process. After a reconnect the failed command is sent
// again, so callers send only commands whose repetition is harmless (the pool's are: reads leave
// unseen entries pending for XAUTOCLAIM, and the publish script is idempotent per event ID).
//
// One client serialises its commands; a blocking read holds the lock for its block time, so the
// pool gives its reader a client of its own.

public final class RedisClient: Sendable {
    public let endpoint: RedisEndpoint
    public let connectTimeout: Double
    public let commandTimeout: Double
    /// nil: retry forever (the worker pool); else give up after this many seconds of failures.
    public let retryLimit: Double?
    private let shouldStop: @Sendable () -> Bool
    private let report: @Sendable (String) -> Void
    private let connection = Mutex<RedisConnection?>(nil)
    /// Source → SHA1 as returned by SCRIPT LOAD.
    private let scriptHashes = Mutex<[String: String]>([:])
    private let reconnectCount = Atomic<Int>(0)

    public init(endpoint: RedisEndpoint, connectTimeout: Double = 3, commandTimeout: Double = 10,
                retryLimit: Double? = nil,
                shouldStop: @escaping @Sendable () -> Bool = { false },
                report: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.endpoint = endpoint; self.connectTimeout = connectTimeout; self.commandTimeout = commandTimeout
        self.retryLimit = retryLimit; self.shouldStop = shouldStop; self.report = report
    }

    /// How many times a broken connection was replaced (for the stats line and tests).
    public var reconnects: Int { reconnectCount.load(ordering: .relaxed) }

    /// Sends one command (arguments as text), reconnecting as described above.
    @discardableResult
    public func command(_ arguments: [String]) throws(RedisError) -> RedisReply {
        try command(bytes: arguments.map { Array($0.utf8) })
    }

    @discardableResult
    public func command(bytes arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        var delay = 0.1
        var firstFailure: Date?
        while true {
            let outcome: Result<RedisReply, RedisError> = connection.withLock { held in
                do throws(RedisError) {
                    if held == nil || held!.isBroken {
                        held = nil
                        held = try RedisConnection(endpoint: endpoint, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
                        if firstFailure != nil { reconnectCount.add(1, ordering: .relaxed) }
                    }
                    return .success(try held!.command(arguments))
                } catch {
                    if error.isConnectionFailure { held = nil }
                    return .failure(error)
                }
            }
            let error: RedisError
            switch outcome {
            case .success(let reply): return reply
            case .failure(let e): error = e
            }
            guard error.isConnectionFailure else { throw error }
            let started = firstFailure ?? Date()
            firstFailure = started
            if shouldStop() { throw error }
            if let limit = retryLimit, Date().timeIntervalSince(started) >= limit { throw error }
            report("svga: \(error.description); retrying in \(String(format: "%.1f", delay)) s")
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 5)
        }
    }

    /// Runs a Lua script by its SHA1 (EVALSHA), loading it first when this client has not, and
    /// sending the source (EVAL) when the server answers NOSCRIPT (it restarted or was flushed).
    @discardableResult
    public func evaluate(_ script: RedisScript, keys: [String], arguments: [String]) throws(RedisError) -> RedisReply {
        let tail = [String(keys.count)] + keys + arguments
        var sha = scriptHashes.withLock { $0[script.source] }
        if sha == nil {
            let loaded = try command(["SCRIPT", "LOAD", script.source])
            guard let text = loaded.string else {
                throw .unexpectedReply(endpoint: endpoint.description, command: "SCRIPT LOAD", got: loaded.description)
            }
            scriptHashes.withLock { $0[script.source] = text }
            sha = text
        }
        do {
            return try command(["EVALSHA", sha!] + tail)
        } catch where error.isNoScript {
            return try command(["EVAL", script.source] + tail)
        }
    }
}
