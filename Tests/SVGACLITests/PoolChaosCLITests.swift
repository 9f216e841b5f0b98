import Foundation
import SVGARedis
import SVGATestSupport
import Testing

// The issue's chaos test, scaled to run in about 40 s on two cores: three `svga hook --redis`
// workers, 300 gift events (30 duplicate event IDs, 20 combos of two or three events whose
// members land on whichever worker reads them, 5 poison events whose resource is a corrupt zlib
// stream), produced over ~15 s while one worker is killed with SIGKILL and restarted every second
// for 20 s. At the end: every unique event rendered exactly once (one "rendered" result, one
// folder with its frames and manifest), each combo once with the summed count and all its IDs,
// every duplicate answered "skipped", the poison events in the dead-letter stream with their
// error, nothing pending, no temporary folder left, and SIGTERM stops every worker with exit 0.
@Suite(.serialized) struct PoolChaosCLITests {
    static let frames = 4

    struct Event { let id: String; let room: String; let line: String; let count: Int }

    /// 215 singles, 20 combos (50 events), 5 poison: 270 unique; then 30 duplicates.
    static func events() -> (sequence: [Event], singles: [Event], combos: [[Event]], poison: [Event]) {
        var rng = SeededOrder(seed: 12)
        func event(_ id: String, room: String, gift: String = "rose", user: String, count: Int = 1) -> Event {
            Event(id: id, room: room, line: HookFixtures.eventLine(id: id, live: room, gift: gift, count: count, user: user, name: "N\(user)"),
                  count: count)
        }
        let singles = (0..<215).map { event("s\($0)", room: "room\($0 % 4)", user: "su\($0)") }
        let combos = (0..<20).map { k in (0..<(2 + k % 2)).map { m in event("c\(k)-\(m)", room: "room\(k % 4)", user: "cu\(k)", count: m + 1) } }
        let poison = (0..<5).map { event("p\($0)", room: "room\($0 % 4)", gift: "poison", user: "pu\($0)") }
        // Units keep a combo's members next to each other in the stream.
        var units: [[Event]] = singles.map { [$0] } + combos + poison.map { [$0] }
        for i in stride(from: units.count - 1, to: 0, by: -1) { units.swapAt(i, rng.next(i + 1)) }
        var base = units.flatMap { $0 }
        var sequence: [Event] = []
        var scheduled: [Int: [Event]] = [:]
        for _ in 0..<30 {
            var original = rng.next(240)
            while base[original].id.hasPrefix("p") || scheduled.values.joined().contains(where: { $0.id == base[original].id }) {
                original = (original + 1) % 240
            }
            scheduled[original + 1 + rng.next(30), default: []].append(base[original])
        }
        for (i, e) in base.enumerated() {
            sequence += scheduled[i] ?? []
            sequence.append(e)
        }
        sequence += scheduled.filter { $0.key >= base.count }.values.joined()
        base = []
        return (sequence, singles, combos, poison)
    }

    @Test func threeWorkersSurviveKillNine() throws {
        guard let server = try RedisTestServer.start(for: "threeWorkersSurviveKillNine") else { return }
        let h = try PoolHarness(server: server, label: "pool-chaos")
        try Data(HookFixtures.giftSVGA(frames: Self.frames)).write(to: h.dir.appendingPathComponent("gift.svga"))
        // A zlib header, then bytes that are no deflate stream: decoding fails on every try.
        try Data([0x78, 0x9C] + [UInt8](repeating: 0xFF, count: 64)).write(to: h.dir.appendingPathComponent("poison.svga"))
        let catalog = h.dir.appendingPathComponent("catalog.json")
        try Data(#"""
        {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [
          {"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga", "extensionInfo": \#(HookFixtures.slotInfo)},
          {"giftID": "poison", "name": "Poison", "resourceURL": "poison.svga"}]}]}
        """#.utf8).write(to: catalog)
        let out = h.dir.appendingPathComponent("out")
        let arguments = ["hook", "--catalog", catalog.path, "--out", out.path, "--redis", server.url, "--stream", "gifts",
                         "--group", "render", "--concurrency", "2", "--claim-after", "1", "--max-deliveries", "5",
                         "--combo-window", "3", "--threads", "1", "--stats-every", "0.5"]
        for slot in 0..<3 { try h.start(slot, arguments) }

        let (sequence, singles, combos, poison) = Self.events()
        #expect(sequence.count == 300)
        let producer = Thread {
            let client = server.client(retryLimit: 20)
            for e in sequence {
                _ = try? client.add(stream: "gifts", fields: [("event", e.line)])
                usleep(50_000)
            }
        }
        producer.start()
        for second in 0..<20 {
            usleep(1_000_000)
            h.kill9(second % 3)
            try h.start(second % 3, arguments)
        }
        let answered = try h.wait(timeout: 45) {
            try h.redis.length(stream: "gifts:results") + h.redis.length(stream: "gifts:dead") >= 295 + 5
                && h.redis.pendingCount(stream: "gifts", group: "render") == 0
        }
        let counts = "results \(try h.redis.length(stream: "gifts:results")), dead \(try h.redis.length(stream: "gifts:dead")), "
            + "pending \(try h.redis.pendingCount(stream: "gifts", group: "render"))"
        #expect(answered, "\(counts)\n\(h.logs())")
        #expect(h.terminateAll() == [0, 0, 0], "\(h.logs())")
        #expect(try h.redis.pendingCount(stream: "gifts", group: "render") == 0)

        // One answer per entry: exactly one "rendered" per unique event, "skipped" for the rest.
        let results = try h.results("gifts:results")
        #expect(results.count == 295)
        var byID: [String: [String]] = [:]
        for r in results { byID[r.id, default: []].append(r.status["status"] as? String ?? "?") }
        var deliveries: [String: Int] = [:]
        for e in sequence { deliveries["\(e.room)/\(e.id)", default: 0] += 1 }
        for e in singles + combos.joined() {
            let id = "\(e.room)/\(e.id)"
            let statuses = byID[id] ?? []
            #expect(statuses.filter { $0 == "rendered" }.count == 1, "\(id): \(statuses)")
            #expect(statuses.count == deliveries[id], "\(id): \(statuses)")
            #expect(statuses.allSatisfy { $0 == "rendered" || $0 == "skipped" }, "\(id): \(statuses)")
        }

        // Singles: one folder each, with every frame and a manifest of one event.
        let fm = FileManager.default
        for e in singles {
            let folder = out.appendingPathComponent("\(e.room)/\(e.id)")
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any]
            #expect(manifest?["mergedEventIDs"] as? [String] == [e.id])
            for n in 0..<Self.frames { #expect(fm.fileExists(atPath: folder.appendingPathComponent("frame_000\(n).png").path), "\(e.id) frame \(n)") }
        }
        // Combos: one folder among the members, holding them all and the summed count.
        for combo in combos {
            let room = combo[0].room
            let folders = combo.filter { fm.fileExists(atPath: out.appendingPathComponent("\(room)/\($0.id)/manifest.json").path) }
            #expect(folders.count == 1, "\(combo.map(\.id)): folders \(folders.map(\.id))")
            guard let primary = folders.first else { continue }
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("\(room)/\(primary.id)/manifest.json"))) as? [String: Any]
            #expect(Set(manifest?["mergedEventIDs"] as? [String] ?? []) == Set(combo.map(\.id)), "\(combo.map(\.id))")
            #expect((manifest?["event"] as? [String: Any])?["count"] as? Int == combo.reduce(0) { $0 + $1.count })
            for n in 0..<Self.frames { #expect(fm.fileExists(atPath: out.appendingPathComponent("\(room)/\(primary.id)/frame_000\(n).png").path)) }
        }
        // Nothing else was written: 215 + 20 event folders, no temporary folder anywhere.
        var eventFolders = 0, temporaries: [String] = []
        for room in (try fm.contentsOfDirectory(atPath: out.path)) where room.hasPrefix("room") {
            for name in try fm.contentsOfDirectory(atPath: out.appendingPathComponent(room).path) {
                if name.hasPrefix(".tmp-") { temporaries.append("\(room)/\(name)") } else if !name.hasPrefix(".") { eventFolders += 1 }
            }
        }
        #expect(temporaries.isEmpty, "\(temporaries)")
        #expect(eventFolders == 215 + 20)

        // How much was taken over (a lower bound: a killed worker's last stats line is lost;
        // the poison retries alone are 25). Printed for the record, not asserted: where a kill
        // lands is up to the scheduler.
        let reclaimed = h.logs(".out").split(separator: "\n").reduce(into: [String: Int]()) { last, line in
            if line.hasPrefix("== ") { last["current"] = 0; last["files", default: 0] += 1 }
            if let range = line.range(of: #""reclaimed":"#), let n = Int(line[range.upperBound...].prefix { $0.isNumber }) {
                last["file\(last["files"] ?? 0)"] = n
            }
        }.filter { $0.key.hasPrefix("file") && $0.key != "files" }.values.reduce(0, +)
        print("pool chaos: at least \(reclaimed) entries reclaimed with XAUTOCLAIM")

        // Poison: dead-lettered once each, with the decode error, on the 6th delivery (--max-deliveries 5).
        let dead = try h.redis.range(stream: "gifts:dead")
        #expect(Set(dead.compactMap { $0.text("id") }) == Set(poison.map { "\($0.room)/\($0.id)" }))
        #expect(dead.count == 5)
        for d in dead {
            #expect(d.text("error")?.contains("is not a valid SVGA") == true, "\(d.text("error") ?? "")")
            #expect(Int(d.text("deliveries") ?? "") == 6)
        }
    }
}
