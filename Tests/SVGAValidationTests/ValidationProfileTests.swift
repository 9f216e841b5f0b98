import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// Profiles change the verdict as documented: the same file passes one and fails another.
struct ValidationProfileTests {
    @Test func profilesAreNamed() {
        #expect(ValidationProfile.all.map(\.name) == ["gift", "avatar-frame", "banner"])
        #expect(ValidationProfile.named("gift") == .gift)
        #expect(ValidationProfile.named("nope") == nil)
        #expect(ValidationPolicy().profile == .gift, "gift is the default")
    }

    @Test func avatarFrameNumbersFromTheIssue() {
        let l = ValidationProfile.avatarFrame.limits
        #expect(l.maxCanvasWidth == 300 && l.maxCanvasHeight == 300)
        #expect(l.maxFps == 24)
        #expect(l.maxDurationMs == 3000)
        #expect(l.maxFileBytes == Double(512 * 1024))
        #expect(l.maxImages == 32)
        #expect(l.maxImageMemoryBytes == Double(8 * 1_048_576))
        #expect(l.warnImageMemoryBytes == 6.5 * 1_048_576)
    }

    @Test func giftNumbersFromTheIssue() {
        let l = ValidationProfile.gift.limits
        #expect(l.maxFileBytes == Double(10 * 1_048_576))
        #expect(l.warnImageMemoryBytes == Double(8 * 1_048_576))
        #expect(l.legalFps == [1, 2, 3, 5, 6, 10, 12, 15, 20, 30, 60])
        #expect(l.maxImageScale == 2)
    }

    @Test func sameFileDifferentVerdicts() {
        // A 750 × 1334 full-screen gift at 30 fps for 4 s: fine as a gift, wrong as an avatar
        // frame (canvas, fps, duration, frames) and as a banner (height).
        var m = TestMovies.clean()
        m.params = RawParams(viewBoxWidth: 750, viewBoxHeight: 1334, fps: 30, frames: 120)
        m.sprites = m.sprites.map { s in var s = s; s.frames = Array(repeating: s.frames[0], count: 120); return s }
        let gift = TestMovies.validate(m, profile: .gift)
        #expect(gift.ok && gift.findings.isEmpty, "\(gift.findingLines)")
        let avatar = TestMovies.validate(m, profile: .avatarFrame)
        #expect(!avatar.ok)
        #expect(TestMovies.codes(avatar).isSuperset(of: [.canvasSize, .fpsMax, .durationMax, .framesMax]))
        let banner = TestMovies.validate(m, profile: .banner)
        #expect(TestMovies.codes(banner) == [.canvasSize])
    }

    @Test func strictFailsOnWarnings() {
        var m = TestMovies.clean()
        m.images.append(RawImageEntry(key: "spare", value: TestMovies.png(width: 8, height: 8)))
        #expect(TestMovies.validate(m).ok)
        #expect(!TestMovies.validate(m, strict: true).ok)
    }

    @Test func infoNeverFails() {
        var m = TestMovies.clean()
        m.images.append(RawImageEntry(key: "sound", value: TestMovies.mp3))
        m.audios = [RawAudio(audioKey: "sound", endFrame: 19)]
        let report = TestMovies.validate(m, strict: true)
        #expect(report.findings.map(\.severity) == [.info])
        #expect(report.ok)
    }
}
