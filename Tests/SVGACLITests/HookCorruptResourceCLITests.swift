import Foundation
import SVGATestSupport
import Testing

/// Issue 13: a corrupt `.svga` gift resource was "skipped … not an SVGA" by the hook and its spool
/// file went to done/, while `validate` called the same file a decode error. Now the hook says
/// "error" with the decoder's stage, the spool file goes to failed/ with the reason beside it, and
/// validate names the same stage.
struct HookCorruptResourceCLITests {
    @Test(arguments: [
        // Text behind a .svga name: neither zlib nor ZIP.
        (Array("this is not an animation".utf8), "container", "decode.container"),
        // 'x' then a byte that fails the zlib header check (as corpus/wear1.svga does).
        ([0x78, 0x00] + Array("garbage".utf8), "zlib", "decode.zlib"),
    ] as [([UInt8], String, String)])
    func corruptSVGAFailsLikeValidate(_ bytes: [UInt8], _ stage: String, _ code: String) throws {
        let dir = try CLIRunner.temporaryDirectory("hook-corrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let gift = dir.appendingPathComponent("broken.svga")
        try Data(bytes).write(to: gift)
        let catalog = dir.appendingPathComponent("catalog.json").path
        try Data(#"{"code": 0, "data": {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [{"giftID": "rose", "name": "Rose", "resourceURL": "broken.svga", "coins": 1}]}]}}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog))
        let spool = dir.appendingPathComponent("spool")
        try FileManager.default.createDirectory(at: spool.appendingPathComponent("incoming"), withIntermediateDirectories: true)
        try Data(HookFixtures.eventLine(id: "q1").utf8).write(to: spool.appendingPathComponent("incoming/a.json"))

        let r = try CLIRunner.run(["hook", "--catalog", catalog, "--out", dir.appendingPathComponent("out").path,
                                   "--spool", spool.path, "--once"])
        #expect(r.status == 0, "\(r.stderr)")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(status["status"] as? String == "error")
        let reason = try #require(status["reason"] as? String)
        #expect(reason.hasPrefix("resource '"), "\(reason)")
        #expect(reason.contains("broken.svga' is not a valid SVGA: \(stage): "), "\(reason)")
        #expect(FileManager.default.fileExists(atPath: spool.appendingPathComponent("failed/a.json").path))
        #expect(!FileManager.default.fileExists(atPath: spool.appendingPathComponent("done/a.json").path))
        let note = try String(contentsOf: spool.appendingPathComponent("failed/a.json.error.txt"), encoding: .utf8)
        #expect(note.contains("is not a valid SVGA: \(stage): "), "\(note)")

        let v = try CLIRunner.run(["validate", gift.path])
        #expect(v.status == 1)
        #expect(v.stdout.contains(": error \(code): cannot decode the file: \(stage): "), "\(v.stdout)")
        // The same words after the stage.
        let detail = reason.components(separatedBy: "\(stage): ").last ?? ""
        #expect(!detail.isEmpty && v.stdout.contains("\(stage): \(detail)"), "\(detail) / \(v.stdout)")
    }
}
