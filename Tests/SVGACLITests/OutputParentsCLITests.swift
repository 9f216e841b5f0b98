import Foundation
import Testing

/// Every command that writes a file creates the folders above it, as `render` does (issue 13:
/// "create parents in both cases"), and a path it cannot use is one line naming it.
struct OutputParentsCLITests {
    @Test(arguments: [
        ["render", "SampleAssets/bitmaps.svga", "--frame", "0", "--out", "OUT/a/b/one.png"],
        ["export", "SampleAssets/bitmaps.svga", "OUT/a/b/anim.png", "--frames", "0-1"],
        ["export", "SampleAssets/bitmaps.svga", "OUT/a/b/anim.webp", "--frames", "0-1"],
        ["optimize", "SampleAssets/bitmaps.svga", "OUT/a/b/small.svga"],
    ])
    func parentsAreCreated(_ arguments: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory("parents")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = arguments.map { $0.replacingOccurrences(of: "OUT", with: dir.path) }
        let r = try CLIRunner.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: args.first { $0.hasPrefix(dir.path) }!))
    }

    @Test(arguments: [
        ["export", "SampleAssets/bitmaps.svga", "FILE/anim.webp"],
        ["optimize", "SampleAssets/bitmaps.svga", "FILE/small.svga"],
    ])
    func aFileInTheWayIsOneLine(_ arguments: [String]) throws {
        let dir = try CLIRunner.temporaryDirectory("parents-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let r = try CLIRunner.run(arguments.map { $0.replacingOccurrences(of: "FILE", with: file.path) })
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("svga: \(file.path): cannot create folder: "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && !r.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func anUnreadableRulesFileSaysWhy() throws {
        let r = try CLIRunner.run(["validate", "SampleAssets/bitmaps.svga", "--rules", "/nonexistent/rules.json"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("svga: cannot read rules file /nonexistent/rules.json: no such file or folder\n"), "\(r.stderr)")
    }
}
