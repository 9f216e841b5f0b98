import Testing
@testable import SVGAFormat

// Sprite → bitmap key (spec A.1, B.3.9, B.6): the key as written, then without `.matte`, then
// without any extension; only PNG/JPEG entries count, audio never; junk a sprite uses is fatal.

struct ImageKeyResolutionTests {
    static let png = FormatFixtures.png(width: 4, height: 3)
    static let mp3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0]

    static func bitmapKeys(images: [(String, [UInt8])], spriteKeys: [String]) throws -> [String?] {
        let raw = RawMovie(images: images.map { RawImageEntry(key: $0.0, value: $0.1) },
                           sprites: spriteKeys.map { RawSprite(imageKey: $0) })
        return try MovieResolver.resolve(raw, container: .zlibProtobuf).sprites.map(\.bitmapKey)
    }

    @Test(arguments: [
        ("a", "a", "a"),                     // exact
        ("a.matte", "a", "a"),               // matte source → its bitmap (B.3.9)
        ("a.png", "a", "a"),                 // iOS: any extension stripped (B.6)
        ("a.matte", "a.matte", "a.matte"),   // 1.x keys the map by the full key (matteBitmap_1.x)
        ("b.vector", "a", nil),              // vector sprite, no bitmap
        (".hidden", "", nil),                // a leading dot is not an extension
    ] as [(String, String, String?)])
    func resolvesKeys(spriteKey: String, imageKey: String, expected: String?) throws {
        #expect(try Self.bitmapKeys(images: [(imageKey, Self.png)], spriteKeys: [spriteKey]) == [expected])
    }

    @Test func exactKeyBeatsStrippedKey() throws {
        let keys = try Self.bitmapKeys(images: [("a", Self.png), ("a.matte", Self.png)], spriteKeys: ["a.matte"])
        #expect(keys == ["a.matte"])
    }

    @Test func audioKeyIsNeverABitmap() throws {
        let movie = try MovieResolver.resolve(
            RawMovie(images: [RawImageEntry(key: "snd", value: Self.mp3), RawImageEntry(key: "snd2", value: [0xFF, 0xFB, 0x90, 0])],
                     sprites: [RawSprite(imageKey: "snd"), RawSprite(imageKey: "snd2.matte")],
                     audios: [RawAudio(audioKey: "snd", startFrame: 1, endFrame: 9)]),
            container: .zlibProtobuf)
        #expect(movie.sprites.map(\.bitmapKey) == [nil, nil])
        #expect(movie.images.isEmpty)
        #expect(movie.audioKeys == ["snd", "snd2"])
        #expect(movie.audios == [AudioEntry(key: "snd", startFrame: 1, endFrame: 9, startTime: 0, totalTime: 0, data: Self.mp3)])
    }

    @Test func audioEntryWithoutDataHasEmptyData() throws {
        let movie = try MovieResolver.resolve(RawMovie(audios: [RawAudio(audioKey: "nope")]), container: .zlibProtobuf)
        #expect(movie.audios.first?.data == [])
    }

    /// A.8: a non-PNG image that is not audio is rejected, but only when a sprite uses it.
    @Test func junkImageUsedByASpriteIsFatal() {
        let raw = RawMovie(images: [RawImageEntry(key: "g", value: Array("GIF89a....".utf8))], sprites: [RawSprite(imageKey: "g")])
        #expect(throws: DecodeError(stage: .png, message: "image 'g' (used by sprite 0) is neither PNG, JPEG nor MP3")) {
            try MovieResolver.resolve(raw, container: .zlibProtobuf)
        }
    }

    @Test func unusedJunkAndEmptyImagesAreNotFatal() throws {
        let raw = RawMovie(images: [RawImageEntry(key: "g", value: Array("GIF89a".utf8)), RawImageEntry(key: "e", value: [])],
                           sprites: [RawSprite(imageKey: "e"), RawSprite(imageKey: "x")])
        let movie = try MovieResolver.resolve(raw, container: .zlibProtobuf)
        #expect(movie.images.isEmpty)
        #expect(movie.sprites.map(\.bitmapKey) == [nil, nil])
        #expect(movie.diagnostics.map(\.kind) == [.imageNotDecodable, .imageNotDecodable])
        #expect(movie.diagnostics.map(\.message) == ["image 'g' is neither PNG, JPEG nor MP3 (starts 47 49 46 38); no sprite uses it",
                                                     "image 'e' has no data"])
    }

    @Test func imagesKeepFileOrderAndHeaderSizes() throws {
        let jpeg = FormatFixtures.jpeg(width: 640, height: 480)
        let raw = RawMovie(images: [RawImageEntry(key: "z", value: FormatFixtures.png(width: 7, height: 9)),
                                    RawImageEntry(key: "a", value: jpeg)])
        let images = try MovieResolver.resolve(raw, container: .zlibProtobuf).images
        #expect(images.map(\.key) == ["z", "a"])
        #expect(images.map(\.format) == [.png, .jpeg])
        #expect(images.map(\.pixelWidth) == [7, 640])
        #expect(images.map(\.pixelHeight) == [9, 480])
        #expect(images[1].decodedBytes == 640 * 480 * 4)
    }
}
