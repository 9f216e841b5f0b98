import Foundation
import Glibc
import Synchronization

/// Runs one `svga` child to completion with a deadline: its stdout and stderr collected, SIGKILL
/// when the deadline passes (an upload job must never hold a worker forever). Export's
/// ChildProcess is a different tool: it streams frames into a long-lived ffmpeg's stdin.
struct JobProcess {
    struct Outcome { let status: Int32; let signalled: Bool; let stdout: Data; let stderr: Data; let timedOut: Bool }

    static func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> Outcome {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try p.run()
        // Both pipes are drained while the child runs, so a large report cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        // The deadline kills; waitUntilExit (not a poll of isRunning, which Foundation on Linux
        // only updates from the run loop) returns once the child is gone either way.
        let timedOut = Atomic<Bool>(false)
        let pid = p.processIdentifier
        let killer = DispatchWorkItem {
            timedOut.store(true, ordering: .relaxed)
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        p.waitUntilExit()
        killer.cancel()
        group.wait()
        return Outcome(status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal,
                       stdout: outData, stderr: errData, timedOut: timedOut.load(ordering: .relaxed))
    }
}
