import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// The event-source protocol as a broker would use it: deliveries with handles, each
// acknowledged once with the outcome of its events, after the output folder is in place.
struct HookEventSourceTests {
    /// Hands out scripted batches, then ends; records each acknowledgement and whether the
    /// primary's output folder existed at that moment.
    final class ScriptedSource: HookEventSource {
        var batches: [[HookDelivery<String>]]
        let folder: URL
        var acknowledged: [(handle: String, outcomes: [HookOutcome], folderExisted: Bool)] = []

        init(_ batches: [[HookDelivery<String>]], folder: URL) {
            self.batches = batches
            self.folder = folder
        }

        func receive(timeout: Double?) -> HookReceipt<String> {
            if batches.isEmpty { return .end(readError: "connection closed") }
            return .deliveries(batches.removeFirst())
        }

        func acknowledge(_ handle: String, statuses: [HookStatus]) {
            acknowledged.append((handle, statuses.map(\.outcome), FileManager.default.fileExists(atPath: folder.path)))
        }
    }

    @Test func everyDeliveryIsAcknowledgedOnceWithItsOutcomes() throws {
        let world = try HookTestWorld("source")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 1))
        let processor = try world.processor(try world.catalog([("rose", gift)]))
        func one(_ handle: String, _ line: String) -> HookDelivery<String> {
            HookDelivery(handle: handle, entries: [.line(line, number: 1)])
        }
        let source = ScriptedSource([
            [one("m1", HookFixtures.eventLine(id: "p1")), one("m2", HookFixtures.eventLine(id: "p2"))],
            [],   // a wait that ended with nothing
            [one("m3", HookFixtures.eventLine(id: "p1")),
             one("m4", HookFixtures.eventLine(id: "x1", gift: "nope", user: "b")),
             HookDelivery(handle: "m5", entries: [.failure("unreadable message")])],
        ], folder: world.out.appendingPathComponent("room1/p1"))
        var statuses: [HookStatus] = []
        let session = HookSession(processor: processor) { statuses.append($0) }

        let readError = HookSourceRunner.run(source, session: session)

        #expect(readError == "connection closed")
        #expect(statuses.count == 5)
        // The duplicate and the unreadable message are answered at once; the combo p1 + p2 and
        // x1 (its gift is looked up when its window closes) finish when the source ends, and
        // only then are m1, m2 and m4 acknowledged.
        #expect(source.acknowledged.map(\.handle) == ["m3", "m5", "m1", "m2", "m4"])
        let outcomes = Dictionary(uniqueKeysWithValues: source.acknowledged.map { ($0.handle, $0.outcomes) })
        #expect(outcomes["m1"] == [.rendered])
        #expect(outcomes["m2"] == [.merged(primary: "p1")])
        #expect(outcomes["m3"] == [.skipped(reason: "duplicate of an event waiting in combo p1")])
        #expect(outcomes["m4"] == [.failed(reason: "unknown gift 'nope'")])
        #expect(outcomes["m5"] == [.failed(reason: "unreadable message")])
        let comboAcks = source.acknowledged.filter { ["m1", "m2"].contains($0.handle) }
        #expect(comboAcks.count == 2 && comboAcks.allSatisfy { $0.folderExisted })
        #expect(session.pendingCombos == 0)
    }
}
