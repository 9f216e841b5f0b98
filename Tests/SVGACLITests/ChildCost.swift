import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `svga` under `svga-childcost` and returns what that one run cost: wall time and
/// peak RSS (getrusage(RUSAGE_CHILDREN) in a process whose only child it is, so the maximum is
/// per file; see Tests/ChildCost/main.swift for why the test process cannot measure it itself).
enum ChildCost {
    struct Result {
        let status: Int32
        let seconds: Double
        let peakRSSBytes: Int
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Result {
        guard let executable = CLIRunner.executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "svga executable not built"])
        }
        let meter = executable.deletingLastPathComponent().appendingPathComponent("svga-childcost")
        let outPath = directory.appendingPathComponent("stdout-\(UUID().uuidString)").path
        let errPath = directory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let reportPath = directory.appendingPathComponent("cost-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([meter.path, reportPath, executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, meter.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let fields = (try String(contentsOfFile: reportPath, encoding: .utf8)).split(separator: " ")
        func read(_ p: String) -> String {
            // Bounded: at most 1 MiB is read; the size is appended when there is more.
            guard let h = FileHandle(forReadingAtPath: p) else { return "" }
            defer { try? h.close() }
            let size = (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0
            let text = String(decoding: (try? h.read(upToCount: 1 << 20)) ?? Data(), as: UTF8.self)
            return size > 1 << 20 ? text + "…(\(size) bytes)" : text
        }
        defer { [outPath, errPath, reportPath].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        return Result(status: Int32(fields[0]) ?? -1,
                      seconds: Double(fields[1]) ?? .infinity,
                      peakRSSBytes: Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max,
                      stdout: read(outPath), stderr: read(errPath))
    }
}
