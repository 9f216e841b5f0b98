import Foundation
import SVGATestSupport
import Testing

/// Issue 14's table of hostile uploads, re-created at test time (`HostileFiles`): each file is
/// run through the built `svga` in its own child process, and must be refused with a
/// stage-named error (or, for the culled case, rendered) in under 1 s of wall time and 100 MB of
/// peak RSS, and must never echo untrusted text whole.
@Suite(.serialized)
struct HostileUploadTests {
    static let cases = HostileFiles.all()

    @Test("hostile upload costs < 1 s and < 100 MB", arguments: cases)
    func hostileUpload(_ c: HostileFiles.Case) throws {
        let dir = try CLIRunner.temporaryDirectory("hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("hostile.svga")
        try Data(c.bytes).write(to: file)
        var args = [c.command[0], file.path] + c.command.dropFirst()
        if c.command[0] == "render" { args += ["--out", dir.appendingPathComponent("f.png").path] }
        let r = try ChildCost.run(args, in: dir)
        let output = r.stdout + r.stderr
        if let expected = c.expectedError {
            #expect(r.status == 1, "\(c): exit \(r.status): \(output.prefix(400))")
            #expect(output.contains(expected), "\(c): expected '\(expected)' in: \(output.prefix(600))")
            if c.command[0] != "validate" {
                #expect(r.stderr.contains(file.path), "\(c): the message names the file: \(r.stderr.prefix(300))")
            } else {
                #expect(output.contains("decode.") || output.contains("cost."), "\(c): validate reports a decode.* or cost.* finding: \(output.prefix(300))")
            }
        } else {
            #expect(r.status == 0, "\(c): exit \(r.status): \(output.prefix(400))")
        }
        #expect(r.seconds < 1, "\(c): \(r.seconds) s")
        #expect(r.peakRSSBytes < 100_000_000, "\(c): peak RSS \(r.peakRSSBytes) bytes")
        // Untrusted text: nothing from the file is echoed whole, and no control character
        // reaches the output.
        #expect(output.utf8.count < 64 << 10, "\(c): \(output.utf8.count) bytes of output")
        #expect(!output.contains("\u{1B}"), "\(c): an escape character reached the output")
        print("hostile: \(c.name): exit \(r.status), \(String(format: "%.3f", r.seconds)) s, \(r.peakRSSBytes >> 20) MiB peak RSS")
    }

    /// `--max-memory` scales the budget: a 2 MiB string is refused by default and accepted with
    /// 2 GiB (×4); a size under 16M is a usage error.
    @Test func maxMemoryScalesTheBudget() throws {
        let dir = try CLIRunner.temporaryDirectory("max-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("long-version.svga")
        try Data(HostileFiles.movieWithLongVersion(bytes: 2 << 20)).write(to: file)
        let refused = try CLIRunner.run(["info", file.path])
        #expect(refused.status == 1 && refused.stderr.contains("maxStringBytes"), "\(refused.stderr)")
        let accepted = try CLIRunner.run(["info", file.path, "--max-memory", "2G"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        // The version is echoed cut to 80 characters with its length.
        #expect(accepted.stdout.contains("… (2097152 bytes)"), "\(accepted.stdout.prefix(300))")
        let validated = try CLIRunner.run(["validate", file.path, "--json"])
        #expect(validated.stdout.contains("\"code\": \"decode.limits\"") || validated.stdout.contains("\"code\":\"decode.limits\""))
        #expect(validated.stdout.contains("1048576"), "the limit is reported: \(validated.stdout.prefix(600))")
        let usage = try CLIRunner.run(["info", file.path, "--max-memory", "1K"])
        #expect(usage.status == 2)
    }
}
