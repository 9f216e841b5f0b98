import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// File size, decoded memory, canvas, fps, frames, duration and image count: each trips on a
/// crafted file just over its limit and stays quiet just under it.
struct ValidationSizeRuleTests {
    static func with(_ change: (inout RawMovie) -> Void) -> RawMovie {
        var m = TestMovies.clean()
        change(&m)
        return m
    }

    @Test func fileSizeOverTheAvatarFrameLimit() {
        // 400 × 400 noise is ~640 KB of PNG: over avatar-frame's 512 KiB, under gift's 10 MiB.
        let movie = Self.with { $0.images[0].value = TestMovies.noisePNG(width: 400, height: 400) }
        let avatar = TestMovies.validate(movie, profile: .avatarFrame)
        let finding = try! #require(avatar.findings(.fileSize).first)
        #expect(finding.severity == .error)
        #expect(finding.limit == .number(512 * 1024))
        if case .number(let v)? = finding.value { #expect(v > 512 * 1024) } else { Issue.record("no value") }
        #expect(TestMovies.validate(movie, profile: .gift).findings(.fileSize).isEmpty)
    }

    @Test func imageMemoryWarningThenError() {
        // 1500 × 1500 × 4 = 8.58 MiB: over gift's 8 MiB warning, under its error level.
        let big = Self.with { $0.images[0].value = TestMovies.png(width: 1500, height: 1500) }
        let gift = TestMovies.validate(big)
        #expect(gift.findings(.memoryHigh).count == 1)
        #expect(gift.findings(.memoryLimit).isEmpty)
        #expect(gift.findings(.memoryHigh).first?.value == .int(1500 * 1500 * 4))
        #expect(gift.ok, "a warning alone passes")
        // avatar-frame fails above 8 MiB.
        let avatar = TestMovies.validate(big, profile: .avatarFrame)
        #expect(avatar.findings(.memoryLimit).count == 1)
        #expect(avatar.findings(.memoryHigh).isEmpty, "only the stronger memory finding is reported")
        #expect(!avatar.ok)
        // 1400 × 1400 × 4 = 7.5 MiB: under gift's warning level.
        let fine = Self.with { $0.images[0].value = TestMovies.png(width: 1400, height: 1400) }
        #expect(TestMovies.codes(TestMovies.validate(fine)).isDisjoint(with: [.memoryHigh, .memoryLimit]))
    }

    @Test("canvas size against the profile", arguments: [
        (301 as Float, 300 as Float, true), (300, 301, true), (300, 300, false),
    ])
    func canvas(width: Float, height: Float, trips: Bool) {
        let movie = Self.with { $0.params?.viewBoxWidth = width; $0.params?.viewBoxHeight = height }
        let report = TestMovies.validate(movie, profile: .avatarFrame)
        #expect(!report.findings(.canvasSize).isEmpty == trips, "\(report.findingLines)")
    }

    @Test func emptyCanvas() {
        let movie = Self.with { $0.params?.viewBoxWidth = 0 }
        #expect(TestMovies.validate(movie).findings(.canvasEmpty).count == 1)
    }

    /// (fps, codes expected under avatar-frame: ≤ 24 fps, the exporter's rates).
    static let fpsCases: [(Int32, [RuleCode])] = [
        (20, []), (24, [.fpsNonstandard]), (25, [.fpsNonstandard, .fpsMax]), (30, [.fpsMax]), (0, [.fpsInvalid]),
    ]

    @Test("fps against the legal set and the maximum", arguments: fpsCases)
    func fps(fps: Int32, expectedCodes: [RuleCode]) {
        let expected = Set(expectedCodes)
        let movie = Self.with { $0.params?.fps = fps }
        let report = TestMovies.validate(movie, profile: .avatarFrame)
        let found = TestMovies.codes(report).intersection([.fpsNonstandard, .fpsMax, .fpsInvalid])
        #expect(found == expected, "\(report.findingLines)")
    }

    @Test func nonstandardFpsNamesWhatIOSDoes() {
        let report = TestMovies.validate(Self.with { $0.params?.fps = 24 })
        let message = report.findings(.fpsNonstandard).first?.message ?? ""
        #expect(message.contains("30 fps"), "24 fps plays at 30 on iOS: \(message)")
    }

    @Test func frameCountAndDuration() {
        // avatar-frame: ≤ 72 frames and ≤ 3 s. 80 frames at 20 fps = 4 s trips both.
        let long = Self.with { m in
            m.params?.frames = 80
            m.sprites = m.sprites.map { s in var s = s; s.frames = Array(repeating: s.frames[0], count: 80); return s }
        }
        let report = TestMovies.validate(long, profile: .avatarFrame)
        #expect(report.findings(.framesMax).first?.value == .int(80))
        #expect(report.findings(.durationMax).first?.value == .number(4000))
        #expect(report.findings(.durationMax).first?.limit == .number(3000))
        // 60 frames at 20 fps = 3 s is exactly at the limit: passes.
        let atLimit = Self.with { m in
            m.params?.frames = 60
            m.sprites = m.sprites.map { s in var s = s; s.frames = Array(repeating: s.frames[0], count: 60); return s }
        }
        #expect(TestMovies.codes(TestMovies.validate(atLimit, profile: .avatarFrame)).isDisjoint(with: [.framesMax, .durationMax]))
    }

    @Test func noFrames() {
        let movie = Self.with { m in m.params?.frames = 0 }
        #expect(TestMovies.validate(movie).findings(.framesEmpty).count == 1)
    }

    @Test func imageCount() {
        // 33 images (each used by a sprite) is over avatar-frame's 32.
        func movie(_ n: Int) -> RawMovie {
            Self.with { m in
                let png = TestMovies.png(width: 10, height: 10)
                m.images = (0..<n).map { RawImageEntry(key: "i\($0)", value: png) }
                m.sprites = (0..<n).map { TestMovies.bitmapSprite("i\($0)", width: 10, height: 10) }
            }
        }
        #expect(TestMovies.validate(movie(33), profile: .avatarFrame).findings(.imagesMax).first?.value == .int(33))
        #expect(TestMovies.validate(movie(32), profile: .avatarFrame).findings(.imagesMax).isEmpty)
    }
}
