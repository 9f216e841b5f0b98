import Foundation
import SVGAPool

/// The options `svga hook --redis` and `svga worker` share, turned into a PoolConfiguration.
enum PoolOptions {
    static let options: Set<String> = ["redis", "stream", "group", "consumer", "results", "concurrency", "claim-after",
                                       "max-deliveries", "dedupe-ttl", "stats-every"]

    static func parse(_ a: Arguments, command: String, comboWindow: Double) throws(CLIError) -> PoolConfiguration {
        guard let url = a.value("redis") else { throw .usage("\(command) needs --redis redis://HOST:PORT[/DB]") }
        guard let stream = a.value("stream"), !stream.isEmpty else { throw .usage("\(command) --redis needs --stream KEY") }
        guard let group = a.value("group"), !group.isEmpty else { throw .usage("\(command) --redis needs --group NAME") }
        if let consumer = a.value("consumer"), consumer.isEmpty || consumer.contains(" ") {
            throw .usage("--consumer must be a non-empty name without spaces, not '\(consumer)'")
        }
        var c = PoolConfiguration(redisURL: url, keys: PoolKeys(stream: stream, results: a.value("results")), group: group,
                                  consumer: a.value("consumer"), comboWindow: comboWindow)
        c.concurrency = try a.int("concurrency", min: 1) ?? 1
        c.claimAfter = try a.double("claim-after") ?? 30
        c.maxDeliveries = try a.int("max-deliveries", min: 1) ?? 5
        c.dedupeTTL = try a.int("dedupe-ttl", min: 1) ?? 86_400
        c.statsEvery = try a.double("stats-every")
        return c
    }

    /// Runs a worker until SIGTERM/SIGINT (then it finishes what it holds and returns).
    static func run(_ configuration: PoolConfiguration, handler: any PoolHandler) throws(CLIError) {
        let stop = StopRequest()
        let sources = stop.install()
        defer { sources.forEach { $0.cancel() } }
        let printer = LinePrinter()
        let runner: PoolRunner
        do {
            runner = try PoolRunner(configuration: configuration, handler: handler, emit: printer.print,
                                    shouldStop: { stop.requested })
            try runner.run()
        } catch { throw .pool(error) }
    }
}

/// Status and stats lines from several threads, one whole line at a time, flushed at once.
final class LinePrinter: Sendable {
    private let lock = NSLock()
    @Sendable func print(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        Swift.print(line)
        fflush(nil)
    }
}
