import Foundation
import Testing

/// `svga render` output folders and exit codes a CI gate can trust (issue 13): comparing against
/// nothing is not a pass, a folder of another animation's frames is not silently mixed, and
/// single-frame output goes where it is asked (a new folder, stdout) or is refused.
struct RenderOutputCLITests {
    static let sample = "SampleAssets/bitmaps.svga"
    /// Corpus file with reference frames 0, 14, 29, 50, 65, 79 in conformance/1.
    static let corpusFile = CLIRunner.corpus.appendingPathComponent("1.svga").path
    static let references = CLIRunner.shared.appendingPathComponent("conformance/1").path

    func frames(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("frame_") }.sorted()
    }

    @Test func compareWithAMissingReferenceFolderFails() throws {
        let dir = try CLIRunner.temporaryDirectory("cmp-folder")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["render", Self.corpusFile, "--out", dir.appendingPathComponent("out").path,
                                   "--compare", "/nonexist-svga-ref", "--min-psnr", "40"])
        #expect(r.status == 1)
        #expect(r.stderr == "svga: /nonexist-svga-ref: reference folder does not exist\n")
    }

    @Test func compareWithAMissingReferenceFrameFailsNamingIt() throws {
        let dir = try CLIRunner.temporaryDirectory("cmp-frame")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["render", Self.corpusFile, "--out", dir.path, "--frames", "0,14,15,16",
                                   "--compare", Self.references])
        #expect(r.status == 1)
        #expect(r.stdout.contains("compared 2 frames with \(Self.references)"), "\(r.stdout)")
        #expect(r.stderr == "svga: \(Self.references)/frame_0015.png: missing reference frame (and 1 more frame)\n")
    }

    @Test func compareWithEveryReferencePresentPasses() throws {
        let dir = try CLIRunner.temporaryDirectory("cmp-ok")
        defer { try? FileManager.default.removeItem(at: dir) }
        // --renumber writes frame_0000/0001 but they are compared with the references of frames 14 and 29.
        let r = try CLIRunner.run(["render", Self.corpusFile, "--out", dir.path, "--frames", "14,29", "--renumber",
                                   "--compare", Self.references, "--min-psnr", "30"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("frame_0000.png: PSNR"))
        #expect(r.stdout.contains("compared 2 frames with"))
    }

    @Test func minPSNRWithoutCompareIsAUsageError() throws {
        let r = try CLIRunner.run(["render", Self.sample, "--out", "/tmp/never-written", "--min-psnr", "40"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("svga: --min-psnr needs --compare REFDIR\n"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }

    @Test func aFolderWithFramesIsRefusedUnlessOverwrite() throws {
        let dir = try CLIRunner.temporaryDirectory("overwrite")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLIRunner.run(["render", Self.sample, "--out", dir.path, "--frames", "0-5"]).status == 0)
        let refused = try CLIRunner.run(["render", Self.sample, "--out", dir.path, "--frames", "2-3"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "svga: \(dir.path): already holds 6 frame_*.png files from an earlier render; add --overwrite (-y) to replace them, or choose another folder\n")
        #expect(try frames(in: dir).count == 6)
        for flag in ["--overwrite", "-y"] {
            let r = try CLIRunner.run(["render", Self.sample, "--out", dir.path, "--frames", "2-3", flag])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try frames(in: dir) == ["frame_0002.png", "frame_0003.png"])
        }
    }

    @Test(arguments: [
        (["--renumber"], ["frame_0000.png", "frame_0001.png", "frame_0002.png"]),
        (["--start-number", "7"], ["frame_0007.png", "frame_0008.png", "frame_0009.png"]),
        ([String](), ["frame_0004.png", "frame_0005.png", "frame_0006.png"]),
    ])
    func numbering(_ options: [String], _ expected: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory("numbering")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run(["render", Self.sample, "--out", dir.path, "--frames", "4-6"] + options)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try frames(in: dir) == expected)
        // The renumbered frame 0 is the movie's frame 4.
        let single = dir.appendingPathComponent("single.png").path
        #expect(try CLIRunner.run(["render", Self.sample, "--frame", "4", "--out", single]).status == 0)
        let diff = try CLIRunner.run(["diff", single, dir.appendingPathComponent(expected[0]).path])
        #expect(diff.stdout.hasPrefix("PSNR inf dB"), "\(diff.stdout)")
    }

    @Test(arguments: ["one.jpg", "one.webp", "one"])
    func singleFrameToAnExtensionWeDoNotWriteIsAUsageError(_ name: String) throws {
        let r = try CLIRunner.run(["render", Self.sample, "--frame", "1", "--out", "/tmp/\(name)"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("render --frame writes PNG; '/tmp/\(name)'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/\(name)"))
    }

    @Test func singleFrameToStdoutIsPNG() throws {
        let r = try CLIRunner.run(["render", Self.sample, "--frame", "1", "--out", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array(r.stdoutBytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The same bytes as the file written for that frame: nothing else went to stdout.
        let file = try CLIRunner.temporaryDirectory("stdout").appendingPathComponent("f.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try CLIRunner.run(["render", Self.sample, "--frame", "1", "--out", file.path]).status == 0)
        #expect(r.stdoutBytes == [UInt8](try Data(contentsOf: file)))
        #expect(r.stderr.contains("→ stdout"))
        let sequence = try CLIRunner.run(["render", Self.sample, "--out", "-"])
        #expect(sequence.status == 2)
    }

    @Test func singleFrameCreatesParents() throws {
        let dir = try CLIRunner.temporaryDirectory("parents")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a/b/x.png").path
        let r = try CLIRunner.run(["render", Self.sample, "--frame", "2", "--out", target])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: target))
    }
}

/// `render --json` and the default thread count (issue 13).
struct RenderSummaryCLITests {
    static let sample = "SampleAssets/bitmaps.svga"

    @Test func jsonSummaryWithComparison() throws {
        let dir = try CLIRunner.temporaryDirectory("json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try CLIRunner.run(["render", Self.sample, "--out", dir.appendingPathComponent("a").path, "--frames", "0-2"])
        #expect(first.status == 0)
        let r = try CLIRunner.run(["render", Self.sample, "--out", dir.appendingPathComponent("b").path, "--frames", "1-2", "--threads", "1",
                                   "--json", "--compare", dir.appendingPathComponent("a").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1, "one JSON line and nothing else: \(r.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["frames"] as? Int == 2)
        #expect(object["width"] as? Int == 300 && object["height"] as? Int == 300)
        #expect(object["threads"] as? Int == 1)
        #expect(object["files"] as? [String] == ["frame_0001.png", "frame_0002.png"])
        let compare = try #require(object["compare"] as? [String: Any])
        #expect(compare["compared"] as? Int == 2)
        #expect(compare["minPSNR"] is NSNull)   // identical frames: infinite PSNR
        #expect((compare["missing"] as? [Any])?.isEmpty == true)
        // The JSON keys come in the documented order.
        #expect(r.stdout.hasPrefix(#"{"input":"SampleAssets/bitmaps.svga","out":"#))
    }

    @Test func jsonSummaryStillFailsAMissingReference() throws {
        let dir = try CLIRunner.temporaryDirectory("json-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ref = dir.appendingPathComponent("ref")
        try FileManager.default.createDirectory(at: ref, withIntermediateDirectories: true)
        let r = try CLIRunner.run(["render", Self.sample, "--out", dir.appendingPathComponent("b").path, "--frames", "0", "--json", "--compare", ref.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains(#""missing":[""#), "\(r.stdout)")
        #expect(r.stderr == "svga: \(ref.path)/frame_0000.png: missing reference frame\n")
    }

    /// `taskset -c 0` leaves one CPU in the affinity mask whatever the machine has.
    @Test func defaultThreadsFollowTheAffinityMask() throws {
        let dir = try CLIRunner.temporaryDirectory("affinity")
        defer { try? FileManager.default.removeItem(at: dir) }
        let taskset = try #require(["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "taskset (util-linux) is needed for this test")
        let svga = try #require(CLIRunner.executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: taskset)
        process.arguments = ["-c", "0", svga.path, "render", CLIRunner.repositoryRoot.appendingPathComponent(Self.sample).path,
                             "--out", dir.path, "--frames", "0-3"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("frames/s, 1 thread)"), "\(text)")
    }
}
