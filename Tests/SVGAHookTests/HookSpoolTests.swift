import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// The spool: a file left in `claimed/` by a killed hook (with its half-written temporary
// folder) is finished by the next run and moved to `done/`; new files in `incoming/` are
// claimed and processed; a file with an erroring event goes to `failed/` with an error file.
struct HookSpoolTests {
    @Test func restartFinishesWhatWasClaimed() throws {
        let world = try HookTestWorld("spool")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 2))
        let catalog = try world.catalog([("rose", gift)])
        let queue = try SpoolQueue(root: world.root.appendingPathComponent("spool"))

        // What a killed hook leaves behind: its claimed file and a temporary render folder.
        try Data(HookFixtures.eventLine(id: "k1", user: "a").utf8).write(to: queue.claimed.appendingPathComponent("0001.json"))
        let stale = world.out.appendingPathComponent("room1/.tmp-k1-2147483646")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: stale.appendingPathComponent("frame_0000.png"))
        // New work: a batch of JSON lines (one of them for an unknown gift), and a pretty-printed
        // single event.
        let batch = [HookFixtures.eventLine(id: "n1", user: "b"), HookFixtures.eventLine(id: "n2", gift: "nope")].joined(separator: "\n")
        try Data(batch.utf8).write(to: queue.incoming.appendingPathComponent("0002.json"))
        let pretty = """
        {
          "eventID": "n3", "liveID": "room1", "count": 4,
          "gift": {"giftID": "rose"},
          "sender": {"userID": "c", "userName": "Dora"}
        }
        """
        try Data(pretty.utf8).write(to: queue.incoming.appendingPathComponent("0003.json"))
        // A producer's temporary file (dot name) is not claimed.
        try Data("{}".utf8).write(to: queue.incoming.appendingPathComponent(".0004.json.tmp"))

        var statuses: [HookStatus] = []
        let session = HookSession(processor: try world.processor(catalog)) { statuses.append($0) }
        try SpoolRunner.run(queue: queue, session: session, once: true)

        #expect(statuses.map { $0.eventID ?? "-" } == ["k1", "n1", "n2", "n3"])
        #expect(world.entries(queue.claimed) == [])
        #expect(world.entries(queue.done) == ["0001.json", "0003.json"])
        #expect(world.entries(queue.failed) == ["0002.json", "0002.json.error.txt"])
        let report = try String(contentsOf: queue.failed.appendingPathComponent("0002.json.error.txt"), encoding: .utf8)
        #expect(report == "n2: unknown gift 'nope'\n")
        #expect(world.entries(queue.incoming) == [".0004.json.tmp"])
        let room = world.out.appendingPathComponent("room1")
        #expect(world.entries(room) == ["k1", "n1", "n3"])
        #expect(try world.manifest("room1", "n3")["event"]?["count"] == .int(4))

        // Replaying a finished file renders nothing: its events are skipped, and it is done.
        try FileManager.default.copyItem(at: queue.done.appendingPathComponent("0001.json"),
                                         to: queue.incoming.appendingPathComponent("0005.json"))
        statuses = []
        try SpoolRunner.run(queue: queue, session: session, once: true)
        #expect(statuses.map(\.status) == [.skipped])
        #expect(world.entries(queue.done) == ["0001.json", "0003.json", "0005.json"])
    }

    @Test func pollingModeStopsWhenAskedAndFinishesItsFiles() throws {
        let world = try HookTestWorld("spool-poll")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 1))
        let catalog = try world.catalog([("rose", gift)])
        let queue = try SpoolQueue(root: world.root.appendingPathComponent("spool"))
        try Data(HookFixtures.eventLine(id: "p1").utf8).write(to: queue.incoming.appendingPathComponent("a.json"))
        try Data(HookFixtures.eventLine(id: "p2").utf8).write(to: queue.incoming.appendingPathComponent("b.json"))
        var statuses: [HookStatus] = []
        let session = HookSession(processor: try world.processor(catalog)) { statuses.append($0) }
        var polls = 0
        // Stop on the second poll: the combo (p1 + p2, same sender, window still open on the
        // manual clock) must still be rendered and both files moved before returning.
        try SpoolRunner.run(queue: queue, session: session, once: false, pollInterval: 0.01) {
            polls += 1
            return polls >= 2
        }
        #expect(statuses.map { $0.eventID ?? "-" } == ["p1", "p2"])
        #expect(statuses.allSatisfy { $0.status == .rendered && $0.primary == "p1" })
        #expect(world.entries(queue.done) == ["a.json", "b.json"])
        #expect(world.entries(queue.claimed) == [] && world.entries(queue.incoming) == [])
    }
}
