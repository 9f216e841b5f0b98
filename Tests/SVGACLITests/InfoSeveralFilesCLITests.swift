import Foundation
import Testing

/// `svga info` of several files and of stdin, its audio line, and `svga diff --json` (issue 13).
struct InfoSeveralFilesCLITests {
    static let sample = "SampleAssets/bitmaps.svga"

    @Test func severalFilesReportEachAndFailOnce() throws {
        let dir = try CLIRunner.temporaryDirectory("info-many")
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.txt")
        try Data("this is text".utf8).write(to: text)
        let r = try CLIRunner.run(["info", Self.sample, text.path, "SampleAssets/shapes.svga"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("\(Self.sample)\ncontainer:"), "\(r.stdout)")
        #expect(r.stdout.contains("\n\nSampleAssets/shapes.svga\ncontainer:"), "the file after the failure is still reported")
        #expect(r.stderr == "svga: \(text.path): container: not an SVGA file (neither zlib nor ZIP): it starts with 74 68 69 73\nsvga: 1 file of 3 could not be read\n")

        let json = try CLIRunner.run(["info", Self.sample, text.path, "--json"])
        #expect(json.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["file"] as? String } == [Self.sample, text.path])
        #expect(array[0]["frames"] as? Int == 24)
        let error = try #require(array[1]["error"] as? [String: Any])
        #expect(error["stage"] as? String == "container")
    }

    @Test func standardInput() throws {
        let bytes = try Data(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(Self.sample))
        let fromFile = try CLIRunner.run(["info", Self.sample, "--json"])
        let fromStdin = try CLIRunner.runWithInput(["info", "-", "--json"], stdin: bytes)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.stdout == fromFile.stdout)
        let garbage = try CLIRunner.runWithInput(["info", "-"], stdin: Data("this is text".utf8))   // 74: not a deflate method byte
        #expect(garbage.status == 1)
        #expect(garbage.stderr.hasPrefix("svga: stdin: container: not an SVGA file"), "\(garbage.stderr)")
    }

    /// Castle.svga carries an MP3 that no audio entry plays: "audio" is a feature, entries are 0,
    /// and the line says why.
    @Test func audioBlobWithoutEntryIsExplained() throws {
        let castle = CLIRunner.corpus.appendingPathComponent("Castle.svga").path
        let r = try CLIRunner.run(["info", castle])
        #expect(r.stdout.contains("audio entries: 0; 1 audio blob with no entry, never played (img_122)"), "\(r.stdout)")
        #expect(r.stdout.contains("features:") && r.stdout.contains("audio"))
        let json = try CLIRunner.run(["info", castle, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["unplayedAudioKeys"] as? [String] == ["img_122"])
        #expect(object["audios"] as? Int == 0)
    }

    @Test func diffJSON() throws {
        let dir = try CLIRunner.temporaryDirectory("diff-json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        #expect(try CLIRunner.run(["render", Self.sample, "--frame", "0", "--out", a]).status == 0)
        #expect(try CLIRunner.run(["render", Self.sample, "--frame", "12", "--out", b]).status == 0)
        let r = try CLIRunner.run(["diff", a, b, "--json", "--min-psnr", "99"])
        #expect(r.status == 1)   // the threshold still decides the exit code
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["pixelCount"] as? Int == 90000)
        let psnr = try #require(object["psnr"] as? Double)
        #expect(psnr > 0 && psnr < 99)
        #expect(object["diffOut"] is NSNull)
        let same = try CLIRunner.run(["diff", a, a, "--json"])
        #expect(same.status == 0)
        #expect(same.stdout.contains(#""psnr":null,"maxChannelDifference":0"#), "\(same.stdout)")
    }
}
