import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Synchronization
import Testing

// Reading a stream: on a pipe that stays open (stdin), a combo is rendered when its window
// passes, not only at end of input; a line over the length cap is one error line and the next
// line still counts; a finite file renders everything still waiting at its end.
struct HookStreamTests {
    final class Collected: Sendable {
        let statuses = Mutex<[HookStatus]>([])
        var snapshot: [HookStatus] { statuses.withLock { $0 } }
    }

    @Test func windowPassingOnASilentPipeReleasesTheCombo() throws {
        let world = try HookTestWorld("stream-pipe")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 1))
        let catalog = try world.catalog([("rose", gift)])
        // The real clock: this test is about waking up while input is silent.
        let configuration = HookConfiguration(outDirectory: world.out, comboWindow: 0.2, threads: 1)
        let processor = try HookProcessor(catalog: catalog, configuration: configuration)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let collected = Collected()
        let finished = Atomic<Bool>(false)
        let readEnd = fds[0]
        let thread = Thread {
            let session = HookSession(processor: processor) { status in collected.statuses.withLock { $0.append(status) } }
            HookStreamRunner.run(fileDescriptor: readEnd, closeWhenDone: true, session: session)
            finished.store(true, ordering: .relaxed)
        }
        thread.start()
        let text = HookFixtures.eventLine(id: "p1") + "\n" + HookFixtures.eventLine(id: "p2") + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count - 1) }
        // Wait (bounded) for the combo to be released while the pipe is still open.
        let deadline = Date(timeIntervalSinceNow: 20)
        while collected.snapshot.count < 2 && Date() < deadline { usleep(20_000) }
        let whileOpen = collected.snapshot
        let stillRunning = !finished.load(ordering: .relaxed)
        close(fds[1])
        while !finished.load(ordering: .relaxed) && Date(timeIntervalSinceNow: 0) < deadline { usleep(20_000) }
        #expect(stillRunning)
        #expect(whileOpen.map { $0.eventID ?? "-" } == ["p1", "p2"])
        #expect(whileOpen.allSatisfy { $0.status == .rendered && $0.primary == "p1" })
    }

    @Test func overlongLineIsOneErrorAndTheStreamGoesOn() throws {
        let world = try HookTestWorld("stream-long")
        let gift = try world.asset("gift.svga", HookFixtures.giftSVGA(frames: 1))
        let processor = try world.processor(try world.catalog([("rose", gift)]))
        let file = world.root.appendingPathComponent("events.jsonl")
        var text = String(repeating: "x", count: (1 << 20) + 10) + "\n"
        text += HookFixtures.eventLine(id: "ok") + "\r\n"   // CRLF is fine
        text += HookFixtures.eventLine(id: "last")          // no final newline
        try Data(text.utf8).write(to: file)
        var statuses: [HookStatus] = []
        let session = HookSession(processor: processor) { statuses.append($0) }
        let error = try HookStreamRunner.run(path: file.path, session: session)
        #expect(error == nil)
        #expect(statuses.count == 3)
        #expect(statuses.first?.status == .error)
        #expect(statuses.first?.reason?.contains("line 1: longer than") == true)
        // Same sender and gift, read at the same (manual) instant: one combo, released at EOF.
        #expect(statuses.dropFirst().map { $0.eventID ?? "-" } == ["ok", "last"])
        #expect(statuses.dropFirst().allSatisfy { $0.status == .rendered })
    }

    @Test func missingEventsFileIsAnError() throws {
        let world = try HookTestWorld("stream-missing")
        let processor = try world.processor(try world.catalog([]))
        let session = HookSession(processor: processor) { _ in }
        #expect(throws: FetchError.self) { try HookStreamRunner.run(path: "/nonexistent/events.jsonl", session: session) }
    }
}
