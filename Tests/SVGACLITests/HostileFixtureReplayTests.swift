import Foundation
import SVGATestSupport
import Testing

/// Replays every input kept under Tests/Fixtures/hostile/ (crashers, hangs and budget-blowers
/// found by fuzzing or review; see its README) through the built `svga`: `validate` and
/// `render --frame 0` must each exit cleanly (0 or 1, never a signal) in < 1 s and < 100 MB.
@Suite(.serialized)
struct HostileFixtureReplayTests {
    static let folder = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile")

    static var inputs: [String] {
        let kinds = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return kinds.sorted().flatMap { kind -> [String] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? []
            return files.sorted().filter { !$0.hasPrefix(".") }.map { "\(kind)/\($0)" }
        }
    }

    @Test("the kept inputs are there") func keptInputsExist() {
        #expect(Self.inputs.count >= 3)
    }

    @Test("kept hostile input replays cleanly within the bounds", arguments: inputs)
    func replay(_ input: String) throws {
        let kind = String(input.split(separator: "/")[0])
        let raw = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(input)))
        let dir = try CLIRunner.temporaryDirectory("replay")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("input.svga")
        try Data(HostileFiles.wrap(raw, asFuzzTarget: kind)).write(to: file)
        for command in [["validate", file.path], ["render", file.path, "--frame", "0", "--out", dir.appendingPathComponent("f.png").path]] {
            let r = try ChildCost.run(command, in: dir)
            #expect(r.status == 0 || r.status == 1, "\(input) \(command[0]): exit \(r.status): \((r.stdout + r.stderr).prefix(400))")
            #expect(r.seconds < 1, "\(input) \(command[0]): \(r.seconds) s")
            #expect(r.peakRSSBytes < 100_000_000, "\(input) \(command[0]): peak RSS \(r.peakRSSBytes)")
        }
    }
}
