import Foundation
import Testing

/// `svga validate --format github` (issue 13): one workflow command per finding, escaped, and the
/// same exit code as the text report.
struct ValidateGitHubCLITests {
    @Test func annotationsPerFinding() throws {
        let dir = try CLIRunner.temporaryDirectory("github")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad,name.svga")
        try Data("not an svga".utf8).write(to: bad)
        let r = try CLIRunner.run(["validate", bad.path, "--format", "github"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        // The comma in the file name is escaped so GitHub does not read it as a property separator.
        let escapedPath = bad.path.replacingOccurrences(of: ",", with: "%2C")
        #expect(lines[0].hasPrefix("::error file=\(escapedPath),title=decode.container::cannot decode the file: container: not an SVGA file"),
                "\(lines[0])")
        #expect(lines[1].hasPrefix("validated 1 file with the gift profile: 0 passed, 1 failed"))
    }

    @Test func warningsAreWarningsAndAPassingFileExitsZero() throws {
        let r = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga", "--format", "github"])
        let text = try CLIRunner.run(["validate", "SampleAssets/legacy-1x.svga"])
        #expect(r.status == text.status)
        let findings = text.stdout.split(separator: "\n").filter { $0.contains(": warning ") }.count
        #expect(r.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning file=SampleAssets/legacy-1x.svga,title=") }.count == findings)
    }

    @Test(arguments: [
        (["--format", "xml"], "--format must be text, json, github, junit or sarif, not 'xml'"),
        (["--format", "json", "--json"], ""),
        (["--format", "github", "--json"], "--json means --format json"),
    ])
    func formatOptions(_ options: [String], _ error: String) throws {
        let r = try CLIRunner.run(["validate", "SampleAssets/bitmaps.svga"] + options)
        if error.isEmpty {
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.hasPrefix("{"))
        } else {
            #expect(r.status == 2)
            #expect(r.stderr.contains(error), "\(r.stderr)")
        }
    }
}
