import Foundation
import Testing

/// Messages a person can act on (issue 13): one line per failure naming the path once, no raw
/// Foundation error text, counts that agree with their noun, ranges as people write them.
struct MessagesCLITests {
    static let sample = "SampleAssets/bitmaps.svga"

    /// One line, `svga: PATH: cannot VERB: REASON`, nothing of NSError.
    func expectOneFileSystemLine(_ r: CLIRunner.Result, prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1, sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix(prefix), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(!r.stderr.contains("Domain") && !r.stderr.contains("UserInfo") && !r.stderr.contains("Code="), "\(r.stderr)",
                sourceLocation: sourceLocation)
    }

    /// /sys refuses new entries for every user, root included (a chmod'ed folder would not stop root).
    @Test func unwritableOutputIsOneLine() throws {
        let r = try CLIRunner.run(["render", Self.sample, "--out", "/sys/svga-out", "--frames", "0"])
        expectOneFileSystemLine(r, prefix: "svga: /sys/svga-out: cannot write: ")
        #expect(r.stderr.contains("permission denied") || r.stderr.contains("read-only file system"), "\(r.stderr)")
        let single = try CLIRunner.run(["render", Self.sample, "--out", "/sys/svga-out.png", "--frame", "0"])
        expectOneFileSystemLine(single, prefix: "svga: /sys/svga-out.png: cannot write: ")
    }

    @Test func outputThatIsAFile() throws {
        let dir = try CLIRunner.temporaryDirectory("out-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let r = try CLIRunner.run(["render", Self.sample, "--out", file.path, "--frames", "0"])
        #expect(r.stderr == "svga: \(file.path): cannot write: it is a file, not a folder\n")
        #expect(r.status == 1)
        let below = try CLIRunner.run(["render", Self.sample, "--out", file.path + "/x.png", "--frame", "0"])
        expectOneFileSystemLine(below, prefix: "svga: \(file.path): cannot create folder: ")
        // The hook's output and spool folders: its own messages name the path, once.
        let catalog = dir.appendingPathComponent("catalog.json")
        try Data(#"{"code": 0, "data": {"categories": [{"categoryID": 1, "name": "Hot", "giftList": [{"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga", "coins": 1}]}]}}"#.utf8).write(to: catalog)
        let spool = try CLIRunner.run(["hook", "--catalog", catalog.path, "--out", dir.appendingPathComponent("hook").path, "--spool", file.path, "--once"])
        expectOneFileSystemLine(spool, prefix: "svga: spool \(file.path)/incoming: cannot create: ")
        let hookOut = try CLIRunner.run(["hook", "--catalog", catalog.path, "--out", file.path, "--events", "/dev/null"])
        #expect(hookOut.stderr == "svga: cannot create \(file.path): a file is in the way (it exists and is not a folder)\n")
        #expect(hookOut.status == 1)
    }

    @Test func pathsAreNamedOnce() throws {
        let r = try CLIRunner.run(["diff", "missing-a.png", "missing-b.png"])
        #expect(r.status == 1)
        #expect(r.stderr == "svga: missing-a.png: cannot read file: no such file or folder\n")
    }

    @Test func nonSVGAFileIsNamedAsSuch() throws {
        let dir = try CLIRunner.temporaryDirectory("text")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("passwd")
        try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: file)
        let r = try CLIRunner.run(["info", file.path])
        #expect(r.status == 1)
        #expect(r.stderr == "svga: \(file.path): container: not an SVGA file (neither zlib nor ZIP): it starts with 72 6F 6F 74\n")
    }

    @Test func countsAgreeWithTheirNoun() throws {
        let dir = try CLIRunner.temporaryDirectory("plural")
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = try CLIRunner.run(["render", Self.sample, "--out", dir.appendingPathComponent("one").path, "--frames", "3", "--threads", "1"])
        #expect(one.stdout.hasPrefix("rendered 1 frame of \(Self.sample) at 300×300"), "\(one.stdout)")
        #expect(one.stdout.contains("1 thread)"), "\(one.stdout)")
        let two = try CLIRunner.run(["render", Self.sample, "--out", dir.appendingPathComponent("two").path, "--frames", "3-4", "--threads", "2"])
        #expect(two.stdout.hasPrefix("rendered 2 frames of"), "\(two.stdout)")
        #expect(two.stdout.contains("2 threads"), "\(two.stdout)")
    }

    @Test(arguments: [
        (["--frame", "24", "--out", "/tmp/svga-x.png"], "svga: --frame must be a frame index in 0–23, not '24'"),
        (["--frames", "30-", "--out", "/tmp/svga-x"], "svga: frame list part '30-' is outside the frames 0–23"),
    ])
    func rangesAreInclusive(_ options: [String], _ message: String) throws {
        let r = try CLIRunner.run(["render", Self.sample] + options)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message + "\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("..<"))
    }

    @Test func scaleOverTheLimitSaysBoth() throws {
        let r = try CLIRunner.run(["render", Self.sample, "--frame", "0", "--out", "/tmp/svga-never.png", "--scale", "50"])
        #expect(r.status == 1)
        #expect(r.stderr == "svga: \(Self.sample): render: canvas 300×300 at scale 50 would be 15000×15000 = 225000000 pixels, over the limit of 67108864 pixels (lower --scale, --width or --height)\n")
    }
}
