import Foundation
import SVGATestSupport
import Testing

/// `-v` / `--verbose` (issue 13): every command takes it and adds its detail on stderr (per frame
/// for render, per rule for validate, per event for hook, …) while stdout stays what it is
/// without it; `-q` with `-v` is a usage error.
struct VerboseCLITests {
    static let sample = "SampleAssets/bitmaps.svga"

    /// One line per command: its arguments (OUT is replaced by a fresh folder) and a detail line
    /// that only -v prints.
    @Test(arguments: [
        (["info", sample], "  sprite 0 '"),
        (["render", sample, "--out", "OUT/seq", "--frames", "0-2"], "frame 1 → OUT/seq/frame_0001.png: "),
        (["render", sample, "--frame", "3", "--out", "OUT/one.png"], "frame 3 → OUT/one.png: "),
        (["validate", sample], "SampleAssets/bitmaps.svga: rule fps.nonstandard "),
        (["preview", sample, "--out", "OUT/preview", "--max-size", "64", "--sheet-frames", "2"], "OUT/preview/poster.png: "),
        (["export", sample, "OUT/a.webp", "--frames", "0-1"], "encoder: "),
        (["optimize", sample, "OUT/small.svga"], "frame 0: "),
    ])
    func everyCommandAddsDetail(_ arguments: [String], _ detail: String) throws {
        let dir = try CLIRunner.temporaryDirectory("verbose")
        defer { try? FileManager.default.removeItem(at: dir) }
        func args(_ tag: String) -> [String] { arguments.map { $0.replacingOccurrences(of: "OUT", with: dir.path + "/" + tag) } }
        let plain = try CLIRunner.run(args("plain"))
        let verbose = try CLIRunner.run(args("verbose") + ["-v"])
        let expected = detail.replacingOccurrences(of: "OUT", with: dir.path + "/verbose")
        #expect(plain.status == verbose.status, "\(verbose.stderr)")
        #expect(!plain.stderr.contains(detail.replacingOccurrences(of: "OUT", with: dir.path + "/plain")), "\(plain.stderr)")
        #expect(verbose.stderr.contains(expected), "\(arguments): \(verbose.stderr)")
        // stdout is the same but for the folder names in it (and timings in summary lines).
        let norm: (String) -> [String] = { $0.split(separator: "\n").map { String($0.prefix(12)) } }
        #expect(norm(plain.stdout.replacingOccurrences(of: dir.path + "/plain", with: "X"))
                == norm(verbose.stdout.replacingOccurrences(of: dir.path + "/verbose", with: "X")))
    }

    @Test func renderListsEveryFrameInOrderWithReuse() throws {
        let dir = try CLIRunner.temporaryDirectory("verbose-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        // keep.svga holds poses: frames identical to the one before them are reused, and -v says so.
        let r = try CLIRunner.run(["render", "SampleAssets/keep.svga", "--out", dir.path, "--verbose", "--threads", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("frame ") }
        let frames = lines.map { Int($0.dropFirst(6).prefix { $0 != " " })! }
        #expect(frames == frames.sorted() && !frames.isEmpty)
        #expect(frames.count == (try FileManager.default.contentsOfDirectory(atPath: dir.path).count))
        let reused = lines.filter { $0.contains("its PNG reused") }.count
        let summary = r.stdout.range(of: #"(\d+) identical to the frame before them"#, options: .regularExpression).map { String(r.stdout[$0]) }
        #expect(summary.map { $0.hasPrefix("\(reused) ") } ?? (reused == 0), "\(r.stdout)")
        #expect(lines.allSatisfy { $0.contains("its PNG reused") || $0.contains(" ms, PNG ") })
    }

    @Test func validateListsEveryRulePerFile() throws {
        let dir = try CLIRunner.temporaryDirectory("verbose-validate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.svga")
        try Data("not an svga".utf8).write(to: bad)
        let r = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga", bad.path, "-v", "--json"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("{"), "stdout stays the JSON document")
        let good = r.stderr.split(separator: "\n").filter { $0.hasPrefix("SampleAssets/legacy-1x.svga: rule ") }
        let broken = r.stderr.split(separator: "\n").filter { $0.hasPrefix(bad.path + ": rule ") }
        #expect(good.count == broken.count && good.count > 40)
        #expect(good.contains { $0.hasSuffix("compat.zip-container  1 warning") }, "\(good)")
        #expect(good.contains { $0.hasSuffix("fps.max               pass") })
        #expect(broken.contains { $0.hasSuffix("decode.container      1 error") }, "\(broken)")
        #expect(broken.contains { $0.hasSuffix("fps.max               not checked (the file could not be read or decoded)") })
    }

    @Test func hookDescribesEachEvent() throws {
        let dir = try CLIRunner.temporaryDirectory("verbose-hook")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(HookFixtures.giftSVGA(frames: 2)).write(to: dir.appendingPathComponent("gift.svga"))
        let catalog = dir.appendingPathComponent("catalog.json").path
        try Data(#"{"code": 0, "data": {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [{"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga", "coins": 1}]}]}}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog))
        let events = [HookFixtures.eventLine(id: "s1", user: "u2", name: "Zed"), HookFixtures.eventLine(id: "x1", gift: "tulip")]
        let r = try CLIRunner.run(["hook", "--catalog", catalog, "--out", dir.path + "/out", "-v"], stdin: events.joined(separator: "\n"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 2, "status lines stay on stdout")
        #expect(r.stderr.contains("event 's1' in room 'room1': rendered in "), "\(r.stderr)")
        #expect(r.stderr.contains(", 2 frames → \(dir.path)/out/room1/s1"), "\(r.stderr)")
        #expect(r.stderr.contains("event 'x1' in room 'room1': error in ") && r.stderr.contains("(unknown gift 'tulip')"), "\(r.stderr)")
    }

    @Test func diffLocatesTheDifference() throws {
        let dir = try CLIRunner.temporaryDirectory("verbose-diff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        #expect(try CLIRunner.run(["render", Self.sample, "--frame", "0", "--out", a]).status == 0)
        #expect(try CLIRunner.run(["render", Self.sample, "--frame", "0", "--out", b, "--background", "red"]).status == 0)
        let same = try CLIRunner.run(["diff", a, a, "-v"])
        #expect(same.stderr == "max difference per premultiplied channel: R 0, G 0, B 0, A 0; no pixel differs by more than 8\n")
        let r = try CLIRunner.run(["diff", a, b, "-v"])
        #expect(r.stderr.contains("A 255; pixels differing by more than 8 lie in x 0–299, y 0–299"), "\(r.stderr)")
    }

    @Test(arguments: [["-q", "-v"], ["--quiet", "--verbose"], ["-v", "--quiet"]])
    func quietAndVerboseConflict(_ flags: [String]) throws {
        let r = try CLIRunner.run(["info", Self.sample] + flags)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("svga: use --quiet (-q) or --verbose (-v), not both\n"), "\(r.stderr)")
    }
}
