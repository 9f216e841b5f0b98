import Dispatch
import Foundation
import SVGAJSON
import SVGAKit
import SVGARedis

// `svga worker`: stream entries carry one upload job each, in the field `job`. The job runs as a
// child `svga` process (the same executable), which keeps a crash or a runaway input inside the
// child (it is killed at --job-timeout) and makes the report exactly the command's own JSON.
//
// Published result: `{"jobID", "type", "status": "done"|"error", "exitCode", "report", "stderr",
// "ms"}`; `report` is the command's JSON report (for `preview`, which prints lines and has no
// JSON report yet: `{"lines": [...]}`), null when there is none.
// Outcomes: exit 0, or exit 1 with a report (a check that failed, e.g. validation errors) → done;
// exit 2 (the job's options are wrong) or 3 (export without ffmpeg) → error, published, not
// retried (the same job fails the same way); anything else (exit 1 without a report, a signal, the
// timeout) → left pending for a retry, dead-lettered after --max-deliveries.

public struct JobPoolHandler: PoolHandler {
    public static let field = "job"
    /// The `svga` binary that runs the jobs (this process's own executable).
    public let executable: String
    public let timeout: Double

    public init(executable: String, timeout: Double) { self.executable = executable; self.timeout = timeout }

    public var completedName: String { "done" }

    public func item(from entry: RedisStreamEntry) -> Result<PoolItem, PoolEntryProblem> {
        guard let payload = entry.text(JobPoolHandler.field) else {
            return .failure(PoolEntryProblem("entry has no '\(JobPoolHandler.field)' field"))
        }
        do {
            let job = try UploadJob.parse(payload)
            return .success(PoolItem(id: job.jobID, entry: entry, payload: payload, comboSuffix: nil))
        } catch { return .failure(error) }
    }

    public func work(_ item: PoolItem, members: [String]) -> PoolOutcome {
        let job: UploadJob
        do { job = try UploadJob.parse(item.payload) } catch { return .fail(error.reason) }
        let start = DispatchTime.now()
        let run: JobProcess.Outcome
        do { run = try JobProcess.run(executable, job.arguments, timeout: timeout) } catch {
            return .fail("cannot start \(executable): \(error.localizedDescription)")
        }
        let ms = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        if run.timedOut { return .fail("job \(job.jobID): killed after \(Int(timeout)) s (--job-timeout)") }
        if run.signalled { return .fail("job \(job.jobID): the command died of signal \(run.status)") }
        let report: JSONValue?
        if job.kind == .preview {
            let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { JSONValue.string(String($0)) }
            report = run.status == 0 ? .object([("lines", .array(lines))]) : nil
        } else {
            report = try? JSONValue.parse(run.stdout)
        }
        let status: String
        switch (run.status, report) {
        case (0, _), (1, .some): status = "done"
        case (2, _), (3, _): status = "error"
        default:
            let firstLine = stderr.split(separator: "\n").first.map(String.init) ?? "exit status \(run.status)"
            return .fail("job \(job.jobID): \(firstLine)")
        }
        let object: JSONValue = .object([
            ("jobID", .string(job.jobID)), ("type", .string(job.kind.rawValue)), ("status", .string(status)),
            ("exitCode", .int(Int(run.status))), ("report", report ?? .null), ("stderr", .string(stderr)), ("ms", .int(ms)),
        ])
        return .publish([PoolResult(id: item.id, entry: item.entry.id, status: object.serialized(),
                                    kind: status == "done" ? .completed : .failed,
                                    line: line(job.jobID, type: job.kind.rawValue, status: status, reason: nil,
                                               exitCode: Int(run.status), ms: ms))])
    }

    private func line(_ jobID: String?, type: String?, status: String, reason: String?, exitCode: Int?, ms: Int) -> String {
        JSONValue.object([
            ("jobID", jobID.map(JSONValue.string) ?? .null), ("type", type.map(JSONValue.string) ?? .null),
            ("status", .string(status)), ("reason", reason.map(JSONValue.string) ?? .null),
            ("exitCode", exitCode.map(JSONValue.int) ?? .null), ("ms", .int(ms)),
        ]).serialized()
    }

    public func skipped(_ item: PoolItem, alreadyDoneAs primary: String?, holder: String?) -> PoolResult {
        let reason = primary != nil ? "already done" : "duplicate of a job in progress on another worker"
        let type = (try? UploadJob.parse(item.payload))?.kind.rawValue
        let object: JSONValue = .object([("jobID", .string(item.id)), ("type", type.map(JSONValue.string) ?? .null),
                                         ("status", .string("skipped")), ("reason", .string(reason))])
        return PoolResult(id: item.id, entry: item.entry.id, status: object.serialized(), kind: .skipped,
                          line: line(item.id, type: type, status: "skipped", reason: reason, exitCode: nil, ms: 0))
    }

    public func deadMembers(_ item: PoolItem, members: [String], error: String) -> [PoolResult] { [] }

    public func deadLine(entry: RedisStreamEntry, item: PoolItem?, error: String, deliveries: Int) -> String {
        line(item?.id, type: nil, status: "error",
             reason: "dead-lettered after \(deliveries) deliveries (entry \(entry.id)): \(error)", exitCode: nil, ms: 0)
    }
}
