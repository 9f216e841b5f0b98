import Foundation
import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// The two renderings of a report: the JSON document's shape and key order (issue 4), and the
/// human lines `file: severity code: message (sprite 3 'key', frame 12)`.
struct ValidationReportTests {
    static func report() -> ValidationReport {
        var m = TestMovies.clean()
        m.images.append(RawImageEntry(key: "spare", value: TestMovies.png(width: 8, height: 8)))
        for n in 4..<12 { m.sprites[1].frames[n].alpha = 0.01 }
        let validator = Validator()
        let good = validator.validate(bytes: TestMovies.zlib(m), name: "good.svga")
        let bad = validator.validate(bytes: Array("junk".utf8), name: "bad.svga")
        return ValidationReport(files: [good, bad], profileName: "gift", strict: false)
    }

    @Test func jsonShape() throws {
        let json = Self.report().json
        let files = try #require(json["files"]?.arrayValue)
        #expect(files.count == 2)
        #expect(files[0].objectValue?.map(\.0) == ["file", "ok", "findings", "stats"])
        #expect(files[0]["file"] == .string("good.svga"))
        #expect(files[0]["ok"] == .bool(true))
        let finding = try #require(files[0]["findings"]?.arrayValue?.first)
        #expect(finding.objectValue?.map(\.0) == ["code", "severity", "message", "sprite", "frame", "image", "value", "limit"])
        let stats = try #require(files[0]["stats"])
        #expect(stats.objectValue?.map(\.0) == ["fileBytes", "imageMemoryBytes", "frames", "fps", "durationMs", "viewBox", "images", "sprites", "overdraw"])
        #expect(files[1]["ok"] == .bool(false))
        #expect(files[1]["stats"]?["frames"] == .null)
        let summary = try #require(json["summary"])
        #expect(summary["files"] == .int(2))
        #expect(summary["passed"] == .int(1))
        #expect(summary["failed"] == .int(1))
        #expect(summary["errors"] == .int(1))
        #expect(summary["profile"] == .string("gift"))
        #expect(summary["ok"] == .bool(false))
    }

    @Test func jsonParsesBack() throws {
        let text = Self.report().json.serialized(pretty: true)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["files"] as? [Any] != nil)
    }

    @Test func findingLocationsInJSON() throws {
        let good = Self.report().files[0]
        let faint = try #require(good.findings(.compatFaintAlpha).first)
        #expect(faint.json["sprite"]?["index"] == .int(1))
        #expect(faint.json["sprite"]?["key"] == .string("shape.vector"))
        #expect(faint.json["frame"] == .int(4))
        #expect(faint.json["image"] == .null)
        let unused = try #require(good.findings(.imageUnused).first)
        #expect(unused.json["sprite"] == .null)
        #expect(unused.json["image"] == .string("spare"))
    }

    @Test func humanLines() {
        let text = Self.report().text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("good.svga: warning compat.faint-alpha: ") && $0.hasSuffix("(sprite 1 'shape.vector', frame 4)") },
                "\(lines)")
        #expect(lines.contains { $0.hasPrefix("good.svga: warning image.unused: ") && $0.hasSuffix("(image 'spare')") })
        #expect(lines.contains { $0.hasPrefix("good.svga: PASS: 0 errors, 2 warnings, 0 info; ") })
        #expect(lines.contains { $0.hasPrefix("bad.svga: error decode.container: cannot decode the file: container: not an SVGA file (neither zlib nor ZIP)") })
        #expect(lines.contains { $0.hasPrefix("bad.svga: FAIL: 1 error, 0 warnings, 0 info; 4 B") })
        #expect(lines.last == "validated 2 files with the gift profile: 1 passed, 1 failed (1 error, 2 warnings, 0 info)")
    }

    @Test func errorsComeFirst() {
        var m = TestMovies.clean()
        m.images.append(RawImageEntry(key: "spare", value: TestMovies.png(width: 8, height: 8)))
        m.sprites[1].matteKey = "gone.matte"
        let report = TestMovies.validate(m)
        #expect(report.findings.map(\.severity) == report.findings.map(\.severity).sorted(by: >))
        #expect(report.findings.first?.code == .matteMissing)
    }

    @Test func deterministic() {
        #expect(Self.report().json.serialized() == Self.report().json.serialized())
    }

    @Test func everyCodeIsDocumented() {
        let codes = RuleCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in RuleCode.allCases {
            #expect(!code.summary.isEmpty)
            #expect(code.rawValue.range(of: #"^[a-z0-9]+\.[a-z0-9-]+$"#, options: .regularExpression) != nil, "\(code.rawValue)")
        }
    }
}
