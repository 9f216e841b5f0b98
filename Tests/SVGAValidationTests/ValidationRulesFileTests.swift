import Foundation
import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// Rules files: every key optional, any threshold overridable by name, codes disabled or
/// re-graded; anything unknown is an error naming it.
struct ValidationRulesFileTests {
    static func policy(_ json: String, profile: String? = nil, strict: Bool = false) throws -> ValidationPolicy {
        try ValidationPolicy.make(profileName: profile, rules: RulesFile.parse(Data(json.utf8)), strict: strict)
    }

    static func validate(_ movie: RawMovie, _ json: String) throws -> FileReport {
        Validator(policy: try policy(json)).validate(bytes: TestMovies.zlib(movie), name: "t.svga")
    }

    static var withUnusedImage: RawMovie {
        var m = TestMovies.clean()
        m.images.append(RawImageEntry(key: "spare", value: TestMovies.png(width: 8, height: 8)))
        return m
    }

    @Test func emptyRulesFileIsTheGiftProfile() throws {
        let p = try Self.policy("{}")
        #expect(p.profile == .gift && p.disabled.isEmpty && p.severities.isEmpty)
    }

    @Test func baseProfileFromTheFileAndFromTheCommandLine() throws {
        #expect(try Self.policy(#"{"profile": "banner"}"#).profile.name == "banner")
        #expect(try Self.policy(#"{"profile": "banner"}"#, profile: "avatar-frame").profile.name == "avatar-frame",
                "--profile wins over the file's profile")
        let p = try Self.policy(#"{"profile": "banner", "limits": {"maxImages": 3}}"#, profile: "avatar-frame")
        #expect(p.limits.maxImages == 3 && p.limits.maxCanvasWidth == 300, "limits apply on top of --profile")
    }

    @Test func limitOverrideChangesTheVerdict() throws {
        let clean = TestMovies.clean()
        let tight = try Self.validate(clean, #"{"limits": {"maxFileBytes": 100}}"#)
        #expect(tight.findings(.fileSize).first?.limit == .number(100))
        #expect(!tight.ok)
        // null turns a check off.
        let big = TestMovies.clean()
        let off = try Self.validate(big, #"{"profile": "avatar-frame", "limits": {"maxFileBytes": null}}"#)
        #expect(off.findings(.fileSize).isEmpty)
    }

    @Test func legalFpsOverride() throws {
        var m = TestMovies.clean()
        m.params?.fps = 24
        #expect(try Self.validate(m, #"{"limits": {"legalFps": [24, 30]}}"#).findings(.fpsNonstandard).isEmpty)
        #expect(try Self.validate(m, #"{}"#).findings(.fpsNonstandard).count == 1)
    }

    @Test func disableAndSeverity() throws {
        let m = Self.withUnusedImage
        #expect(try Self.validate(m, #"{"disable": ["image.unused"]}"#).findings.isEmpty)
        let graded = try Self.validate(m, #"{"severity": {"image.unused": "error"}}"#)
        #expect(graded.findings(.imageUnused).first?.severity == .error)
        #expect(!graded.ok)
        let softened = try Self.validate(m, #"{"severity": {"image.unused": "info"}}"#)
        #expect(Validator(policy: try Self.policy(#"{"severity": {"image.unused": "info"}}"#, strict: true))
                    .validate(bytes: TestMovies.zlib(m), name: "t").ok, "info passes even with --strict")
        #expect(softened.ok)
    }

    @Test("bad rules files are rejected with a message naming the problem", arguments: [
        (#"{"profil": "gift"}"#, "profil"),
        (#"{"profile": "giant"}"#, "giant"),
        (#"{"limits": {"maxFilesBytes": 1}}"#, "maxFilesBytes"),
        (#"{"limits": {"maxFileBytes": "big"}}"#, "maxFileBytes"),
        (#"{"limits": {"maxFileBytes": -1}}"#, "maxFileBytes"),
        (#"{"limits": {"legalFps": ["30"]}}"#, "legalFps"),
        (#"{"disable": ["image.unsued"]}"#, "image.unsued"),
        (#"{"severity": {"image.unused": "fatal"}}"#, "fatal"),
        (#"{"disable": ["decode.zlib"]}"#, "decode.zlib"),
        (#"{"severity": {"decode.png": "warning"}}"#, "decode.png"),
        (#"[1, 2]"#, "object"),
        (#"{"limits": "#, "JSON"),
    ])
    func rejected(json: String, mentions: String) {
        do {
            _ = try Self.policy(json)
            Issue.record("accepted \(json)")
        } catch let e as RulesFileError {
            #expect(e.description.contains(mentions), "\(e.description)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
