import Foundation
import Testing

/// `svga info --json` against the corpus manifest, and the corrupt file's one-line error.
struct InfoCLITests {
    static var corpusPresent: Bool { FileManager.default.fileExists(atPath: CLIRunner.corpus.appendingPathComponent("manifest.json").path) }

    nonisolated(unsafe) static let manifest: [[String: Any]] = {
        guard let data = try? Data(contentsOf: CLIRunner.corpus.appendingPathComponent("manifest.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [[String: Any]] else { return [] }
        return files
    }()

    @Test("info --json agrees with the manifest on every corpus file", .enabled(if: corpusPresent, "needs ../shared/corpus"))
    func infoMatchesManifest() throws {
        #expect(Self.manifest.count > 70)
        for entry in Self.manifest {
            let file = entry["file"] as! String
            let path = CLIRunner.corpus.appendingPathComponent(file).path
            let result = try CLIRunner.run(["info", path, "--json"])
            if entry["corrupt"] as? Bool == true {
                #expect(result.status == 1, "\(file): corrupt file must exit 1")
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(file): exactly one stderr line, got \(result.stderr)")
                #expect(result.stderr.contains(file) && result.stderr.contains("zlib"), "\(file): names the file and stage: \(result.stderr)")
                #expect(result.stdout.isEmpty)
                continue
            }
            #expect(result.status == 0, "\(file): \(result.stderr)")
            guard let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
                Issue.record("\(file): stdout is not one JSON object"); continue
            }
            let viewBox = json["viewBox"] as? [String: Any]
            let mvb = entry["viewBox"] as! [String: Any]
            #expect((viewBox?["width"] as? NSNumber)?.doubleValue == (mvb["width"] as? NSNumber)?.doubleValue, "\(file) width")
            #expect((viewBox?["height"] as? NSNumber)?.doubleValue == (mvb["height"] as? NSNumber)?.doubleValue, "\(file) height")
            for (ours, theirs) in [("fps", "fps"), ("frames", "frames"), ("sprites", "sprites"), ("images", "bitmapImages"), ("audios", "audios"), ("fileBytes", "bytes")] {
                #expect((json[ours] as? NSNumber)?.intValue == (entry[theirs] as? NSNumber)?.intValue, "\(file) \(ours)")
            }
            #expect(json["container"] as? String == entry["container"] as? String, "\(file) container")
            #expect(json["version"] as? String == entry["version"] as? String, "\(file) version")
            if let features = json["features"] as? [String: Bool], let expected = entry["features"] as? [String: Bool] {
                #expect(features == expected, "\(file) features")
            } else {
                Issue.record("\(file): no features object")
            }
        }
    }

    @Test func missingFileIsOneClearLine() throws {
        let result = try CLIRunner.run(["info", "/nonexistent/x.svga"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/x.svga"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLIRunner.run(["info"]).status == 2)
        #expect(try CLIRunner.run(["frobnicate"]).status == 2)
        #expect(try CLIRunner.run(["render", "x.svga", "--bogus"]).status == 2)
    }
}
