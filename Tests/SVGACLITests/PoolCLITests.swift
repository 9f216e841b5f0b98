import Foundation
import SVGARedis
import SVGATestSupport
import Testing

// The pool around the chaos test: a Redis restart under running workers, and upload jobs whose
// reports must be exactly what the command line prints.
@Suite(.serialized) struct PoolCLITests {
    /// A catalog with the small gift, written into the harness folder.
    static func giftCatalog(_ h: PoolHarness, frames: Int = 3) throws -> String {
        try Data(HookFixtures.giftSVGA(frames: frames)).write(to: h.dir.appendingPathComponent("gift.svga"))
        let catalog = h.dir.appendingPathComponent("catalog.json")
        try Data(#"""
        {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [
          {"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga", "extensionInfo": \#(HookFixtures.slotInfo)}]}]}
        """#.utf8).write(to: catalog)
        return catalog.path
    }

    @Test func workersReconnectAfterARedisRestart() throws {
        guard let server = try RedisTestServer.start(for: "workersReconnectAfterARedisRestart") else { return }
        let h = try PoolHarness(server: server, label: "pool-restart")
        let catalog = try Self.giftCatalog(h)
        let out = h.dir.appendingPathComponent("out").path
        let arguments = ["hook", "--catalog", catalog, "--out", out, "--redis", server.url, "--stream", "gifts", "--group", "render",
                         "--concurrency", "2", "--claim-after", "1", "--combo-window", "0", "--threads", "1"]
        for slot in 0..<2 { try h.start(slot, arguments) }
        let ids = (0..<60).map { "e\($0)" }
        func produce(_ range: Range<Int>) throws {
            for i in range {
                try h.redis.add(stream: "gifts", fields: [("event", HookFixtures.eventLine(id: ids[i], user: "u\(i)"))])
                usleep(20_000)
            }
        }
        try produce(0..<30)
        #expect(try h.wait(timeout: 20) { try h.redis.length(stream: "gifts:results") >= 5 })
        // Down for a second: the workers' reads and publishes fail, back off and reconnect.
        try server.restart(after: 1, keepingData: true)
        try produce(30..<60)
        let done = try h.wait(timeout: 40) {
            try h.redis.length(stream: "gifts:results") >= 60 && h.redis.pendingCount(stream: "gifts", group: "render") == 0
        }
        #expect(done, "\(h.logs())")
        #expect(h.terminateAll() == [0, 0], "\(h.logs())")
        let results = try h.results("gifts:results")
        #expect(results.count == 60)
        #expect(results.map(\.id).sorted() == ids.map { "room1/\($0)" }.sorted())
        #expect(results.allSatisfy { $0.status["status"] as? String == "rendered" })
        for id in ids {
            #expect(FileManager.default.fileExists(atPath: "\(out)/room1/\(id)/manifest.json"), "\(id)")
        }
        // The lost connection was reported (and retried), not fatal.
        #expect(h.logs().contains("retrying in"), "\(h.logs())")
    }

    @Test func sigtermRendersTheOpenComboAndExitsZero() throws {
        guard let server = try RedisTestServer.start(for: "sigtermRendersTheOpenComboAndExitsZero") else { return }
        let h = try PoolHarness(server: server, label: "pool-sigterm")
        let catalog = try Self.giftCatalog(h)
        let out = h.dir.appendingPathComponent("out").path
        // A window far longer than the test: only the stop can close it.
        try h.start(0, ["hook", "--catalog", catalog, "--out", out, "--redis", server.url, "--stream", "gifts", "--group", "render",
                        "--combo-window", "600", "--stats-every", "0.2", "--threads", "1"])
        try h.redis.add(stream: "gifts", fields: [("event", HookFixtures.eventLine(id: "a", count: 2, user: "u"))])
        try h.redis.add(stream: "gifts", fields: [("event", HookFixtures.eventLine(id: "b", count: 3, user: "u"))])
        // b joined (and was acknowledged); a waits in its window, still pending.
        #expect(try h.wait(timeout: 20) { try String(contentsOf: h.dir.appendingPathComponent("worker-0-1.out"), encoding: .utf8).contains(#""merged":1"#) })
        #expect(try h.redis.pendingCount(stream: "gifts", group: "render") == 1)
        #expect(h.terminateAll() == [0], "\(h.logs())")
        let results = try h.results("gifts:results")
        #expect(results.map(\.id) == ["room1/a", "room1/b"])
        #expect(results.allSatisfy { $0.status["status"] as? String == "rendered" && $0.status["primary"] as? String == "a" })
        #expect(results.first?.status["folder"] as? String == "\(out)/room1/a")
        #expect((results.first?.status["manifest"] as? [String: Any])?["mergedEventIDs"] as? [String] == ["a", "b"])
        #expect(try h.redis.pendingCount(stream: "gifts", group: "render") == 0)
        // The last stats line, printed at exit, counts both.
        let lines = try String(contentsOf: h.dir.appendingPathComponent("worker-0-1.out"), encoding: .utf8).split(separator: "\n")
        let stats = try #require(lines.last { $0.hasPrefix(#"{"stats""#) })
        #expect(stats.contains(#""received":2,"rendered":2,"skipped":0,"merged":1"#), "\(stats)")
    }

    @Test func validateJobsMatchTheCommandLine() throws {
        guard let server = try RedisTestServer.start(for: "validateJobsMatchTheCommandLine") else { return }
        let h = try PoolHarness(server: server, label: "pool-jobs")
        var files = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.repositoryRoot.appendingPathComponent("SampleAssets").path)
            .filter { $0.hasSuffix(".svga") }.sorted().map { CLIRunner.repositoryRoot.appendingPathComponent("SampleAssets/\($0)").path }
        let corrupt = h.dir.appendingPathComponent("corrupt.svga")
        try Data([0x78, 0x9C, 1, 2, 3]).write(to: corrupt)
        files.append(corrupt.path)
        let optionSets: [[String: Any]] = [[:], ["strict": true], ["profile": "banner"]]
        func flags(_ options: [String: Any]) -> [String] {
            options.sorted { $0.key < $1.key }.flatMap { key, value in value as? Bool == true ? ["--\(key)"] : ["--\(key)", "\(value)"] }
        }
        var jobs: [(id: String, file: String, options: [String: Any])] = []
        for i in 0..<50 { jobs.append(("v\(i)", files[i % files.count], optionSets[i % optionSets.count])) }
        for slot in 0..<2 {
            try h.start(slot, ["worker", "--redis", server.url, "--stream", "jobs", "--group", "workers", "--concurrency", "2",
                               "--claim-after", "2"])
        }
        for job in jobs {
            let object: [String: Any] = ["jobID": job.id, "type": "validate", "input": job.file, "options": job.options]
            try h.redis.add(stream: "jobs", fields: [("job", String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))])
        }
        // A duplicate job ID, an unknown type (dead-lettered at once) and an option the command
        // refuses (a published error, exit 2).
        try h.redis.add(stream: "jobs", fields: [("job", #"{"jobID": "v0", "type": "validate", "input": "\#(files[0])"}"#)])
        try h.redis.add(stream: "jobs", fields: [("job", #"{"jobID": "x1", "type": "frobnicate", "input": "a.svga"}"#)])
        try h.redis.add(stream: "jobs", fields: [("job", #"{"jobID": "x2", "type": "validate", "input": "\#(files[0])", "options": {"no-such-option": 1}}"#)])
        let done = try h.wait(timeout: 60) {
            try h.redis.length(stream: "jobs:results") >= 52 && h.redis.length(stream: "jobs:dead") >= 1
                && h.redis.pendingCount(stream: "jobs", group: "workers") == 0
        }
        #expect(done, "\(h.logs())")
        #expect(h.terminateAll() == [0, 0], "\(h.logs())")

        let results = try h.results("jobs:results")
        #expect(results.count == 52)
        var expected: [String: (status: Int32, report: NSDictionary)] = [:]
        for job in jobs {
            guard let result = results.first(where: { $0.id == job.id && $0.status["status"] as? String == "done" }) else {
                Issue.record("\(job.id): no done result"); continue
            }
            let key = job.file + " " + flags(job.options).joined(separator: " ")
            if expected[key] == nil {
                let run = try CLIRunner.run(["validate", job.file, "--json"] + flags(job.options))
                let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? NSDictionary)
                expected[key] = (run.status, report)
            }
            #expect(result.status["exitCode"] as? Int == Int(expected[key]!.status), "\(job.id)")
            #expect((result.status["report"] as? NSDictionary) == expected[key]!.report, "\(job.id) \(key)")
        }
        #expect(results.filter { $0.id == "v0" }.map { $0.status["status"] as? String } .sorted { ($0 ?? "") < ($1 ?? "") } == ["done", "skipped"])
        let refused = try #require(results.first { $0.id == "x2" })
        #expect(refused.status["status"] as? String == "error" && refused.status["exitCode"] as? Int == 2)
        #expect((refused.status["stderr"] as? String)?.contains("no-such-option") == true)
        let dead = try h.redis.range(stream: "jobs:dead")
        #expect(dead.count == 1 && dead.first?.text("error")?.contains("type 'frobnicate'") == true)
    }

    @Test func usageErrors() throws {
        for (arguments, message) in [
            (["worker", "--stream", "s", "--group", "g"], "needs --redis"),
            (["worker", "--redis", "redis://h", "--group", "g"], "needs --stream"),
            (["worker", "--redis", "redis://h", "--stream", "s", "--group", "g", "--claim-after", "0"], "--claim-after"),
            (["hook", "--catalog", "c.json", "--out", "o", "--stream", "s"], "--stream applies to --redis"),
            (["hook", "--catalog", "c.json", "--out", "o", "--redis", "redis://h", "--events", "-"], "one of --events, --spool and --redis"),
        ] {
            let r = try CLIRunner.run(arguments)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        // A URL that is not redis:// is refused before anything starts.
        let r = try CLIRunner.run(["worker", "--redis", "http://h", "--stream", "s", "--group", "g"])
        #expect(r.status == 1 && r.stderr.contains("bad Redis URL 'http://h'"), "\(r.stderr)")
    }
}
