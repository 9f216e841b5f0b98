import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// The crafted baseline every rule test starts from passes every profile with no finding, and
/// its stats are what the file says.
struct ValidationCleanFileTests {
    @Test("the clean movie has no findings under any profile", arguments: ValidationProfile.all.map(\.name))
    func cleanPasses(profile: String) {
        let report = TestMovies.validate(TestMovies.clean(), profile: ValidationProfile.named(profile)!, strict: true)
        #expect(report.findings.isEmpty, "\(report.findingLines)")
        #expect(report.ok)
    }

    @Test func statsDescribeTheFile() {
        let bytes = TestMovies.zlib(TestMovies.clean())
        let report = TestMovies.validate(bytes: bytes)
        let s = report.stats
        #expect(s.fileBytes == bytes.count)
        #expect(s.imageMemoryBytes == 100 * 100 * 4)
        #expect(s.frames == 20)
        #expect(s.fps == 20)
        #expect(s.durationMs == 1000)
        #expect(s.viewBox == Size(width: 300, height: 300))
        #expect(s.images == 1)
        #expect(s.sprites == 2)
        // A 100 × 100 bitmap and a 50 × 50 rectangle on a 300 × 300 canvas, every frame.
        let overdraw = try! #require(s.overdraw)
        #expect(abs(overdraw - (10_000.0 + 2_500.0) / 90_000.0) < 1e-9)
    }
}
