import Foundation
import SVGAHook
import SVGAKit
import SVGATestSupport
import Testing

// The output tree's guarantees, without rendering: a commit appears whole (no `.tmp-*` left),
// a failing write leaves no event folder, a dead process's temporary folder is cleaned up, and
// "already rendered" follows the manifest (and, for merged IDs, the index checked against the
// primary's manifest).
struct HookOutputStoreTests {
    func writeManifest(_ folder: URL, merged: [String]) throws(HookFailure) {
        let json = JSONValue.object([("mergedEventIDs", .array(merged.map(JSONValue.string)))])
        do {
            try Data("frame".utf8).write(to: folder.appendingPathComponent("frame_0000.png"))
            try Data(json.serialized().utf8).write(to: folder.appendingPathComponent("manifest.json"))
        } catch { throw .frame("\(error)") }
    }

    func entries(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test func commitIsWholeAndIdempotent() throws {
        let root = HookFixtures.temporaryDirectory("store")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try HookOutputStore(root: root)
        #expect(store.renderedPrimary(liveID: "r", eventID: "a") == nil)
        try store.commit(liveID: "r", primary: "a", merged: ["b", "c"]) { (folder: URL) throws(HookFailure) in
            try writeManifest(folder, merged: ["a", "b", "c"])
        }
        #expect(entries(store.roomDirectory("r")) == [".merged-index", "a"])
        #expect(entries(store.eventDirectory(liveID: "r", eventID: "a")) == ["frame_0000.png", "manifest.json"])
        #expect(store.renderedPrimary(liveID: "r", eventID: "a") == "a")
        #expect(store.renderedPrimary(liveID: "r", eventID: "b") == "a")
        #expect(store.renderedPrimary(liveID: "r", eventID: "c") == "a")
        #expect(store.renderedPrimary(liveID: "r", eventID: "d") == nil)
        #expect(store.renderedPrimary(liveID: "other", eventID: "a") == nil)
        // A fresh store (a new run) reads the index back from disk.
        let again = try HookOutputStore(root: root)
        #expect(again.renderedPrimary(liveID: "r", eventID: "c") == "a")
    }

    @Test func failedWriteLeavesNoEventFolder() throws {
        let root = HookFixtures.temporaryDirectory("store-fail")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try HookOutputStore(root: root)
        #expect(throws: HookFailure.self) {
            try store.commit(liveID: "r", primary: "a", merged: ["b"]) { (folder: URL) throws(HookFailure) in
                try? Data("half".utf8).write(to: folder.appendingPathComponent("frame_0000.png"))
                throw .frame("disk full (simulated)")
            }
        }
        #expect(entries(store.roomDirectory("r")) == [])
        #expect(store.renderedPrimary(liveID: "r", eventID: "a") == nil)
        #expect(store.renderedPrimary(liveID: "r", eventID: "b") == nil)
    }

    @Test func indexWithoutItsPrimaryDoesNotCount() throws {
        // A crash after the index line was appended but before the rename: "b" must not be
        // reported as rendered.
        let root = HookFixtures.temporaryDirectory("store-crash")
        defer { try? FileManager.default.removeItem(at: root) }
        let room = root.appendingPathComponent("r")
        try FileManager.default.createDirectory(at: room, withIntermediateDirectories: true)
        try Data("b\ta\n".utf8).write(to: room.appendingPathComponent(".merged-index"))
        let store = try HookOutputStore(root: root)
        #expect(store.renderedPrimary(liveID: "r", eventID: "b") == nil)
    }

    @Test func staleTemporaryFromADeadProcessIsRemoved() throws {
        let root = HookFixtures.temporaryDirectory("store-stale")
        defer { try? FileManager.default.removeItem(at: root) }
        let room = root.appendingPathComponent("r")
        // pid 2147483646 is not running on any test machine.
        let stale = room.appendingPathComponent(".tmp-x-2147483646")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        // pid 1 always runs: its temporary folder belongs to a live process and stays.
        let live = room.appendingPathComponent(".tmp-y-1")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        try Data("partial".utf8).write(to: stale.appendingPathComponent("frame_0000.png"))
        let store = try HookOutputStore(root: root)
        try store.commit(liveID: "r", primary: "a", merged: []) { (folder: URL) throws(HookFailure) in
            try writeManifest(folder, merged: ["a"])
        }
        #expect(entries(room) == [".tmp-y-1", "a"])
    }
}
