import Testing
@testable import SVGAFormat

// Feature flags (the manifest's meaning, checked on the corpus by CorpusTests) on small movies.

struct MovieFeaturesTests {
    static let png = FormatFixtures.png(width: 1, height: 1)
    static let mp3: [UInt8] = [0xFF, 0xFB, 0x90, 0x64]

    static func features(_ raw: RawMovie) throws -> MovieFeatures {
        try MovieResolver.resolve(raw, container: .zlibProtobuf).features
    }

    @Test func emptyMovieHasNoFeatures() throws {
        #expect(try Self.features(RawMovie()) == MovieFeatures())
    }

    @Test func bitmapsMeansASpriteDrawsOne() throws {
        let unused = RawMovie(images: [RawImageEntry(key: "a", value: Self.png)], sprites: [RawSprite(imageKey: "b")])
        #expect(try Self.features(unused).bitmaps == false)
        let used = RawMovie(images: [RawImageEntry(key: "a", value: Self.png)], sprites: [RawSprite(imageKey: "a")])
        #expect(try Self.features(used).bitmaps == true)
    }

    @Test func shapesKeepAndClip() throws {
        let shape = RawShape(type: .shape, args: .shape(d: "M0 0"))
        let raw = RawMovie(sprites: [RawSprite(frames: [RawFrame(shapes: [shape]), RawFrame(clipPath: "M0 0H1V1Z", shapes: [RawShape(type: .keep)])])])
        #expect(try Self.features(raw) == MovieFeatures(shapes: true, keep: true, clipPath: true))
    }

    @Test func matteMeansAMatteRun() throws {
        let raw = RawMovie(sprites: [RawSprite(imageKey: "m.matte"), RawSprite(imageKey: "a", matteKey: "m.matte")])
        #expect(try Self.features(raw).matte)
        #expect(try Self.features(RawMovie(sprites: [RawSprite(imageKey: "m.matte")])).matte == false)
    }

    /// Castle.svga: audio data in `images` without an `audios` entry still counts.
    @Test func audioMeansAudioDataOrTimeline() throws {
        #expect(try Self.features(RawMovie(images: [RawImageEntry(key: "s", value: Self.mp3)])).audio)
        #expect(try Self.features(RawMovie(audios: [RawAudio(audioKey: "s")])).audio)
    }
}
