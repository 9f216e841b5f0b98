import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// image.unused, sprite.missing-image and image.oversized, each tripped by one crafted change.
struct ValidationImageRuleTests {
    @Test func unusedImage() {
        var movie = TestMovies.clean()
        let spare = TestMovies.png(width: 64, height: 32)
        movie.images.append(RawImageEntry(key: "spare", value: spare))
        let report = TestMovies.validate(movie)
        let finding = try! #require(report.findings(.imageUnused).first)
        #expect(finding.image == "spare")
        #expect(finding.value == .int(spare.count))
        #expect(finding.message.contains("8 KiB"), "names the decoded memory 64×32×4: \(finding.message)")
        #expect(finding.message.hasSuffix("(`svga optimize` does)"), "points at the fix: \(finding.message)")
        #expect(TestMovies.validate(TestMovies.clean()).findings(.imageUnused).isEmpty)
    }

    @Test func imageUsedOnlyByAMatteCountsAsUsed() {
        var movie = TestMovies.clean()
        movie.images.append(RawImageEntry(key: "mask", value: TestMovies.png(width: 100, height: 100)))
        movie.sprites.insert(TestMovies.bitmapSprite("mask.matte"), at: 0)
        movie.sprites[1].matteKey = "mask.matte"
        #expect(TestMovies.validate(movie).findings(.imageUnused).isEmpty)
    }

    @Test func spriteWithMissingImageAndNoShapes() {
        var movie = TestMovies.clean()
        movie.sprites.append(TestMovies.bitmapSprite("avatar"))
        let report = TestMovies.validate(movie)
        let finding = try! #require(report.findings(.spriteMissingImage).first)
        #expect(finding.sprite == Finding.SpriteRef(index: 2, key: "avatar"))
        #expect(finding.image == "avatar")
        // With shapes it still draws something: not reported.
        var withShapes = TestMovies.clean()
        withShapes.sprites.append(TestMovies.vectorSprite("avatar"))
        #expect(TestMovies.validate(withShapes).findings(.spriteMissingImage).isEmpty)
        // A .vector key names no image: not reported either.
        var vector = TestMovies.clean()
        vector.sprites.append(TestMovies.bitmapSprite("empty.vector"))
        #expect(TestMovies.validate(vector).findings(.spriteMissingImage).isEmpty)
    }

    @Test("image drawn smaller than its pixels", arguments: [
        // (drawn scale, trips) — the image is 100 px, its layout 100 units.
        (0.4 as Float, true), (0.5, false), (1.0, false),
    ])
    func oversized(scale: Float, trips: Bool) {
        var movie = TestMovies.clean()
        movie.sprites[0] = TestMovies.bitmapSprite("star", transform: TestMovies.translate(10, 10, scale: scale))
        let report = TestMovies.validate(movie)
        #expect(!report.findings(.imageOversized).isEmpty == trips, "\(report.findingLines)")
    }

    @Test func oversizedReportsTheSaving() {
        var movie = TestMovies.clean()
        movie.images[0].value = TestMovies.png(width: 400, height: 400)
        // layout 100 × 100 at scale 1: 4× in each axis; downscaling to 100 × 100 saves
        // (400² − 100²) × 4 bytes of memory.
        let report = TestMovies.validate(movie)
        let finding = try! #require(report.findings(.imageOversized).first)
        #expect(finding.value == .number(4))
        #expect(finding.limit == .number(2))
        #expect(finding.image == "star")
        #expect(finding.sprite?.index == 0)
        #expect(finding.message.contains("100×100"), "\(finding.message)")
        #expect(finding.message.contains("585.9 KiB"), "(160000 − 10000) × 4 = 600000 B: \(finding.message)")
    }

    @Test func largestDrawnSizeIsTheMaximumOverFrames() {
        // Drawn at 0.3× except one frame at 1×: the largest drawn size is the full 100 px.
        var movie = TestMovies.clean()
        movie.sprites[0] = TestMovies.bitmapSprite("star", transform: TestMovies.translate(10, 10, scale: 0.3))
        movie.sprites[0].frames[7].transform = TestMovies.translate(10, 10, scale: 1)
        #expect(TestMovies.validate(movie).findings(.imageOversized).isEmpty)
        // Invisible frames do not count.
        movie.sprites[0].frames[7].alpha = 0
        #expect(TestMovies.validate(movie).findings(.imageOversized).first?.frame == 0)
    }
}

/// An audio layer is exported as a sprite keyed by its MP3 entry: not a missing image.
struct ValidationAudioLayerTests {
    @Test func audioLayerSpriteIsNotAMissingImage() {
        var movie = TestMovies.clean()
        movie.images.append(RawImageEntry(key: "bgm", value: TestMovies.mp3))
        movie.sprites.append(TestMovies.bitmapSprite("bgm"))
        let report = TestMovies.validate(movie)
        #expect(report.findings(.spriteMissingImage).isEmpty, "\(report.findingLines)")
        #expect(report.findings(.compatAudio).count == 1)
    }
}
