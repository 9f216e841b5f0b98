import Foundation
import SVGAPool

/// `svga worker --redis URL --stream KEY --group NAME [pool options] [--job-timeout S]`: runs
/// upload jobs (validate, render, preview, optimize, export) from a Redis stream, each as a child
/// `svga` process, and publishes each job's JSON report. Exit 0 after SIGTERM/SIGINT once the
/// jobs in flight are published; 2 for usage errors; 1 when Redis refuses the pool's commands.
enum WorkerCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: PoolOptions.options.union(["job-timeout"]), flags: [])
        guard a.positionals.isEmpty else { throw .usage("worker takes no positional arguments (got '\(a.positionals[0])')") }
        let configuration = try PoolOptions.parse(a, command: "worker", comboWindow: 0)
        let timeout = try a.double("job-timeout") ?? 600
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw .located("worker: cannot find its own executable (/proc/self/exe)")
        }
        try PoolOptions.run(configuration, handler: JobPoolHandler(executable: executable, timeout: timeout))
    }
}
