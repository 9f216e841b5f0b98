import SVGAFormat
import SVGATestSupport
import SVGAWriter
import Testing

// Writer → decoder round trips: every RawMovie field through each of the three containers
// (spec A.1) must come back equal after the container's documented normalisation
// (`RawMovie.normalized(for:)` in SVGATestSupport). The writer is the mirror of the B.2 schema,
// and the hand-computed wire bytes below pin that mirror independently of the decoder.
@Suite struct RoundTripTests {
    static let pngLike: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<300).map { UInt8($0 % 256) }
    static let mp3Like: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0, 0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 64)

    /// Every field set to a non-default value somewhere.
    static let everyField: RawMovie = {
        let fullStyle = RawShapeStyle(fill: RawColor(r: 0.1, g: 0.2, b: 0.3, a: 0.4),
                                      stroke: RawColor(r: 0.5, g: 0.6, b: 0.7, a: 0.8), strokeWidth: 2.5,
                                      lineCap: 1, lineJoin: 2, miterLimit: 4, lineDashI: 3, lineDashII: 1.5,
                                      lineDashIII: 0.25)
        let transform = RawTransform(a: 0.9, b: 0.1, c: -0.2, d: 1.1, tx: 3.5, ty: -4)
        let full = RawFrame(alpha: 0.5, layout: RawLayout(x: 1.5, y: -2.25, width: 100, height: 50),
                            transform: transform, clipPath: "M0 0 L10 0 L10 10 Z", shapes: [
                                RawShape(type: .shape, args: .shape(d: "M0 0 C1 2 3 4 5 6 Z"), styles: fullStyle,
                                         transform: RawTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 1, ty: 1)),
                                RawShape(type: .rect, args: .rect(x: 1, y: 2, width: 3, height: 4, cornerRadius: 0.5),
                                         styles: RawShapeStyle(fill: RawColor(r: 1, g: 0, b: 0, a: 1), lineCap: 2, lineJoin: 1)),
                                RawShape(type: .ellipse, args: .ellipse(x: 5, y: 6, radiusX: 7, radiusY: 8),
                                         styles: RawShapeStyle(stroke: RawColor(r: 0, g: 0, b: 1, a: 1), strokeWidth: 1)),
                                RawShape(type: .keep),
                            ])
        return RawMovie(
            version: "2.1.0",
            params: RawParams(viewBoxWidth: 375.5, viewBoxHeight: 667.25, fps: 30, frames: 3),
            images: [RawImageEntry(key: "bg", value: pngLike), RawImageEntry(key: "头像", value: pngLike + [7]),
                     RawImageEntry(key: "beat", value: mp3Like), RawImageEntry(key: "mask", value: pngLike)],
            sprites: [
                RawSprite(imageKey: "bg", frames: [full, RawFrame(), RawFrame(alpha: 1)]),
                RawSprite(imageKey: "头像", frames: [RawFrame(alpha: 1, layout: RawLayout(width: 120, height: 120))],
                          matteKey: "mask.matte"),
                RawSprite(imageKey: "mask.matte", frames: [RawFrame(alpha: 0.75, transform: .identity)]),
                RawSprite(imageKey: "shapes.vector", frames: [RawFrame(alpha: 1, clipPath: "", shapes: [])]),
            ],
            audios: [RawAudio(audioKey: "beat", startFrame: 1, endFrame: 2, startTime: 250, totalTime: 1000)])
    }()

    /// Optional messages present but empty: written anyway, so they must come back non-nil.
    static let emptyOptionals = RawMovie(
        version: "2.0.0", params: RawParams(),
        sprites: [RawSprite(imageKey: "e.vector", frames: [
            RawFrame(layout: RawLayout(), transform: RawTransform(), shapes: [
                RawShape(type: .shape, args: .shape(d: ""), styles: RawShapeStyle(fill: RawColor(), stroke: RawColor()),
                         transform: RawTransform()),
                RawShape(type: .rect, args: .rect(x: 0, y: 0, width: 0, height: 0, cornerRadius: 0), styles: RawShapeStyle()),
                RawShape(type: .ellipse, args: .ellipse(x: 0, y: 0, radiusX: 0, radiusY: 0)),
            ]),
        ])])

    /// Nothing at all: every field at its default.
    static let empty = RawMovie(version: "")

    /// Extreme numbers: largest and subnormal floats, Int32 bounds, negative varints (10 bytes),
    /// an enum number with no name, an unknown shape type.
    static let extremes = RawMovie(
        version: "x", params: RawParams(viewBoxWidth: .greatestFiniteMagnitude, viewBoxHeight: -.leastNonzeroMagnitude,
                                        fps: .max, frames: .min),
        sprites: [RawSprite(imageKey: "v", frames: [
            RawFrame(alpha: 1e-7, layout: RawLayout(x: 123456.79, y: 1e7, width: 16777216, height: -0.0),
                     shapes: [RawShape(type: .shape, args: .shape(d: "M0 0"),
                                       styles: RawShapeStyle(strokeWidth: 1, lineCap: 5, lineJoin: -1)),
                              RawShape(type: .shape, unknownType: 9)]),
        ])],
        audios: [RawAudio(audioKey: "none", startFrame: -1, endFrame: .max, startTime: .min, totalTime: 0)])

    static let movies: [(String, RawMovie)] = [
        ("everyField", everyField), ("emptyOptionals", emptyOptionals), ("empty", empty), ("extremes", extremes),
    ]

    static func encode(_ movie: RawMovie, _ container: ContainerKind) throws -> [UInt8] {
        switch container {
        case .zlibProtobuf: return SVGAEncoder.encodeZlibProtobuf(movie)
        case .zipSpec: return try SVGAEncoder.encodeZipSpec(movie)
        case .zipBinary: return SVGAEncoder.encodeZipBinary(movie)
        }
    }

    @Test(arguments: [ContainerKind.zlibProtobuf, .zipSpec, .zipBinary], [0, 1, 2, 3])
    func roundTrip(container: ContainerKind, movieIndex: Int) throws {
        let (name, movie) = Self.movies[movieIndex]
        let (decoded, kind) = try SVGADecoder.decodeRaw(Self.encode(movie, container))
        #expect(kind == container, "\(name)")
        let expected = movie.normalized(for: container)
        #expect(decoded == expected, "\(name) via \(container)")
        // Narrow the failure down when the whole-movie comparison fails.
        if decoded != expected {
            #expect(decoded.version == expected.version)
            #expect(decoded.params == expected.params)
            #expect(decoded.images == expected.images)
            #expect(decoded.audios == expected.audios)
            for (d, e) in zip(decoded.sprites, expected.sprites) { #expect(d == e) }
        }
    }

    /// The committed sample movies decode to the movies they were built from.
    @Test func samplesRoundTrip() throws {
        for scene in try SampleScenes.scenes() {
            let (decoded, kind) = try SVGADecoder.decodeRaw(scene.encoded())
            #expect(kind == scene.container, "\(scene.fileName)")
            #expect(decoded == scene.movie.normalized(for: scene.container), "\(scene.fileName)")
        }
    }

    /// Hand-computed bytes for a small movie, field by field from the B.2 table: tags
    /// (field << 3 | wire type), floats as fixed32 LE, a negative int32 as a 10-byte varint,
    /// a map entry as {1: key, 2: value}, an empty layout still written (0x12 0x00).
    @Test func wireBytesFollowTheSchema() {
        let movie = RawMovie(version: "2.0.0", params: RawParams(viewBoxWidth: 1, fps: 20),
                             images: [RawImageEntry(key: "a", value: [1, 2])],
                             sprites: [RawSprite(imageKey: "k", frames: [RawFrame(alpha: 1, layout: RawLayout())])],
                             audios: [RawAudio(audioKey: "a", startFrame: -1)])
        let expected: [UInt8] = [
            0x0A, 0x05, 0x32, 0x2E, 0x30, 0x2E, 0x30,                    // 1 version "2.0.0"
            0x12, 0x07, 0x0D, 0x00, 0x00, 0x80, 0x3F, 0x18, 0x14,        // 2 params {1: 1.0f, 3: 20}
            0x1A, 0x07, 0x0A, 0x01, 0x61, 0x12, 0x02, 0x01, 0x02,        // 3 images {"a": [1, 2]}
            0x22, 0x0C, 0x0A, 0x01, 0x6B,                                // 4 sprite {1: "k",
            0x12, 0x07, 0x0D, 0x00, 0x00, 0x80, 0x3F, 0x12, 0x00,        //   2 frame {1: 1.0f, 2: {}}}
            0x2A, 0x0E, 0x0A, 0x01, 0x61,                                // 5 audio {1: "a",
            0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, //   2: -1}
        ]
        #expect(SVGAEncoder.encodeProtobuf(movie) == expected)
    }

    /// Shape fields 2/3/4 (oneof args), 10 (styles), 11 (transform); style fields 1–9.
    @Test func shapeWireBytes() {
        let shape = RawShape(type: .rect, args: .rect(x: 0, y: 0, width: 2, height: 0, cornerRadius: 0),
                             styles: RawShapeStyle(fill: RawColor(a: 1), lineJoin: 2, lineDashIII: 1),
                             transform: RawTransform())
        let movie = RawMovie(version: "", sprites: [RawSprite(frames: [RawFrame(shapes: [shape])])])
        let shapeBytes: [UInt8] = [
            0x08, 0x01,                                                  // 1 type RECT
            0x1A, 0x05, 0x1D, 0x00, 0x00, 0x00, 0x40,                    // 3 rect {3: 2.0f}
            0x52, 0x0E, 0x0A, 0x05, 0x25, 0x00, 0x00, 0x80, 0x3F,        // 10 styles {1 fill {4: 1.0f},
            0x28, 0x02, 0x4D, 0x00, 0x00, 0x80, 0x3F,                    //   5: BEVEL, 9: 1.0f}
            0x5A, 0x00,                                                  // 11 transform {}
        ]
        let frame: [UInt8] = [0x2A, UInt8(shapeBytes.count)] + shapeBytes
        let sprite: [UInt8] = [0x12, UInt8(frame.count)] + frame
        #expect(SVGAEncoder.encodeProtobuf(movie) == [0x22, UInt8(sprite.count)] + sprite)
    }

    @Test func zlibContainerIsLevelNine() {
        let bytes = SVGAEncoder.encodeZlibProtobuf(Self.everyField)
        #expect(Array(bytes.prefix(2)) == [0x78, 0xDA])
        #expect(SVGAEncoder.encodeZlibProtobuf(Self.everyField) == bytes, "deterministic")
    }

    @Test func specRefusesNonFiniteNumbers() {
        var movie = Self.emptyOptionals
        movie.sprites[0].frames[0].alpha = .nan
        #expect(throws: SpecEncodingError.nonFiniteNumber(path: "sprites[0].frames[0].alpha")) {
            _ = try SVGAEncoder.encodeZipSpec(movie)
        }
        movie.sprites[0].frames[0].alpha = 1
        movie.params?.viewBoxWidth = .infinity
        #expect(throws: SpecEncodingError.nonFiniteNumber(path: "movie.viewBox.width")) {
            _ = try SVGAEncoder.encodeZipSpec(movie)
        }
    }
}
