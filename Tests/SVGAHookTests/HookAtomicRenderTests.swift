import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Synchronization
import Testing

// A rendering that fails part-way (here: after the first frame file is written) leaves no event
// folder and no temporary folder, reports an error line, and does not count as rendered: the
// same event renders normally on the next try.
struct HookAtomicRenderTests {
    @Test func failureMidRenderLeavesNothing() throws {
        let world = try HookTestWorld("atomic")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 4))
        let catalog = try world.catalog([("rose", gift)])
        let failing = try world.processor(catalog, window: 0) { _, frame in
            struct DiskFull: Error {}
            if frame == 1 { throw DiskFull() }
        }
        let line = HookFixtures.eventLine(id: "e1")
        let statuses = world.run(failing, [line])
        #expect(statuses.count == 1)
        #expect(statuses.first?.status == .error)
        #expect(statuses.first?.reason?.hasPrefix("output:") == true)
        let room = world.out.appendingPathComponent("room1")
        #expect(world.entries(room) == [])

        let working = try world.processor(catalog, window: 0)
        let retry = world.run(working, [line])
        #expect(retry.first?.status == .rendered)
        #expect(world.entries(room) == ["e1"])
        #expect(world.entries(room.appendingPathComponent("e1")).count == 5)
    }

    @Test func everyFrameIsWrittenBeforeTheFolderAppears() throws {
        let world = try HookTestWorld("atomic-order")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 5))
        let catalog = try world.catalog([("rose", gift)])
        let out = world.out
        // While frames are being written, the final folder must not exist yet.
        let sawFinal = Atomic<Bool>(false)
        let processor = try world.processor(catalog, window: 0) { _, _ in
            if FileManager.default.fileExists(atPath: out.appendingPathComponent("room1/e1").path) {
                sawFinal.store(true, ordering: .relaxed)
            }
        }
        let statuses = world.run(processor, [HookFixtures.eventLine(id: "e1")])
        #expect(statuses.first?.status == .rendered && statuses.first?.frames == 5)
        let finalSeenEarly = sawFinal.load(ordering: .relaxed)
        #expect(!finalSeenEarly)
        #expect(!world.entries(out.appendingPathComponent("room1")).contains { $0.hasPrefix(".tmp-") })
    }
}
