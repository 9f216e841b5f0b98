import Foundation
import Testing

/// Help and discoverability (issue 13): every command answers --help, -h and `svga help CMD` with
/// the same text, the README's command reference is `svga help` verbatim, --version names the C
/// libraries, and --quiet leaves only errors.
struct HelpCLITests {
    static let commands = ["info", "render", "diff", "validate", "preview", "hook", "export", "worker"]
    static let sample = "SampleAssets/bitmaps.svga"

    @Test(arguments: commands)
    func everySpellingOfHelpAgrees(_ command: String) throws {
        let long = try CLIRunner.run([command, "--help"])
        #expect(long.status == 0)
        #expect(long.stderr.isEmpty)
        #expect(long.stdout.hasPrefix("usage:\n  \(command) "), "\(long.stdout)")
        for other in [[command, "-h"], ["help", command], [command, Self.sample, "--help"]] {
            let r = try CLIRunner.run(other)
            #expect(r.status == 0, "\(other)")
            #expect(r.stdout == long.stdout, "\(other)")
        }
        // Each command's usage is part of the overview, word for word.
        let body = long.stdout.dropFirst("usage:\n".count).components(separatedBy: "\n\n")[0]
        #expect(try CLIRunner.run(["help"]).stdout.contains(body))
    }

    @Test func helpOfAnUnknownCommandIsAUsageError() throws {
        let r = try CLIRunner.run(["help", "frobnicate"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("svga: unknown command 'frobnicate'\n"))
    }

    @Test func readmeHoldsTheHelpVerbatim() throws {
        let readme = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let help = try CLIRunner.run(["help"]).stdout
        #expect(readme.contains("```text\n$ svga help\n" + help + "```"),
                "README.md's command reference differs from `svga help`; paste its output there")
    }

    @Test func versionNamesTheLibraries() throws {
        let r = try CLIRunner.run(["--version"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("svga ") == true)
        for library in ["zlib", "libpng", "libdeflate", "FreeType", "HarfBuzz", "FriBidi", "fontconfig", "libjpeg-turbo", "libwebp"] {
            let line = lines.first { $0.hasPrefix("  \(library) ") }
            #expect(line != nil, "\(library) missing from \(lines)")
            // A real version: starts with a digit and has a dot (1.2.13, 2.1.5, …).
            let version = line.map { String($0.dropFirst(library.count + 3)) } ?? ""
            #expect(version.first?.isNumber == true && version.contains("."), "\(library): '\(version)'")
        }
    }

    @Test func quietLeavesOnlyErrors() throws {
        let dir = try CLIRunner.temporaryDirectory("quiet")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("a.png").path
        let runs: [[String]] = [
            ["render", Self.sample, "--out", dir.appendingPathComponent("seq").path, "--frames", "0-1", "--quiet"],
            ["-q", "render", Self.sample, "--frame", "0", "--out", png],
            ["diff", png, png, "--quiet"],
            ["preview", Self.sample, "--out", dir.appendingPathComponent("preview").path, "-q"],
            ["validate", Self.sample, "--quiet"],
            // --loop is ignored by WebM: a note, silenced like every other non-error.
            ["export", Self.sample, dir.appendingPathComponent("a.webm").path, "--frames", "0-1", "--loop", "2", "-q"],
            ["optimize", Self.sample, dir.appendingPathComponent("small.svga").path, "-q"],
        ]
        for args in runs {
            let r = try CLIRunner.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty && r.stderr.isEmpty, "\(args): \(r.stdout)\(r.stderr)")
        }
        // Errors still print, and what was asked for (info) is not silenced.
        let failed = try CLIRunner.run(["render", "missing.svga", "--out", dir.path, "--quiet"])
        #expect(failed.status == 1)
        #expect(failed.stderr == "svga: missing.svga: cannot read file: no such file or folder\n")
        #expect(try CLIRunner.run(["info", Self.sample, "-q"]).stdout.contains("300 × 300"))
    }
}
