import Testing
@testable import SVGAFormat

// 1.x movie.spec (spec B.1.3) → RawMovie, and the 1.x / "1.5" ZIP containers (A.1): colours,
// string enums, lineDash, numeric strings, hidden frames, image files loaded from the ZIP.

struct SpecJSONDecoderTests {
    static func decode(_ json: String) throws -> (RawMovie, [Diagnostic]) {
        try SpecJSONDecoder.decode(Array(json.utf8))
    }

    static func shape(_ shapeJSON: String) throws -> (RawShape, [Diagnostic]) {
        let (movie, diagnostics) = try decode(#"{"sprites":[{"imageKey":"v","frames":[{"alpha":1,"shapes":[\#(shapeJSON)]}]}]}"#)
        return (try #require(movie.sprites.first?.frames.first?.shapes.first), diagnostics)
    }

    @Test func topLevelFields() throws {
        let (movie, _) = try Self.decode(#"""
        {"ver":"1.1.0","movie":{"viewBox":{"width":750,"height":"80.5"},"fps":"15","frames":45.9},
         "images":{"b":"img_b","a":"img_a"},
         "sprites":[{"imageKey":"b","matteKey":"m.matte","frames":[{}, {"alpha":"0.5","layout":{"x":1,"width":10,"height":20},
           "transform":{"a":1,"d":1,"tx":5},"clipPath":"M0 0H1V1Z"}]}],
         "audios":[{"audioKey":"s","startFrame":2,"endFrame":9,"startTime":100,"totalTime":2000}]}
        """#)
        #expect(movie.version == "1.1.0")
        #expect(movie.params == RawParams(viewBoxWidth: 750, viewBoxHeight: 80.5, fps: 15, frames: 45))
        #expect(movie.images == [RawImageEntry(key: "b", value: Array("img_b".utf8)), RawImageEntry(key: "a", value: Array("img_a".utf8))])
        #expect(movie.sprites[0].imageKey == "b" && movie.sprites[0].matteKey == "m.matte")
        #expect(movie.sprites[0].frames[0] == RawFrame())
        #expect(movie.sprites[0].frames[1] == RawFrame(alpha: 0.5, layout: RawLayout(x: 1, width: 10, height: 20),
                                                      transform: RawTransform(a: 1, d: 1, tx: 5), clipPath: "M0 0H1V1Z"))
        #expect(movie.audios == [RawAudio(audioKey: "s", startFrame: 2, endFrame: 9, startTime: 100, totalTime: 2000)])
    }

    @Test func shapeTypesAndArgs() throws {
        #expect(try Self.shape(#"{"type":"shape","args":{"d":"M0 0"}}"#).0 == RawShape(type: .shape, args: .shape(d: "M0 0")))
        #expect(try Self.shape(#"{"type":"RECT","args":{"x":1,"y":2,"width":3,"height":4,"cornerRadius":5}}"#).0
                == RawShape(type: .rect, args: .rect(x: 1, y: 2, width: 3, height: 4, cornerRadius: 5)))
        #expect(try Self.shape(#"{"type":" Ellipse ","args":{"x":1,"y":2,"radiusX":3,"radiusY":4}}"#).0
                == RawShape(type: .ellipse, args: .ellipse(x: 1, y: 2, radiusX: 3, radiusY: 4)))
        #expect(try Self.shape(#"{"type":"keep"}"#).0 == RawShape(type: .keep))
        #expect(try Self.shape(#"{"args":{"d":"M1 1"}}"#).0 == RawShape(type: .shape, args: .shape(d: "M1 1")))
        #expect(try Self.shape(#"{"type":2}"#).0.type == .ellipse)
        #expect(try Self.shape(#"{"type":"triangle"}"#).0.unknownType == -1)
        #expect(try Self.shape(#"{"type":8}"#).0.unknownType == 8)
        #expect(try Self.shape(#"{"type":"1"}"#).0.type == .rect)
        #expect(try Self.shape(#"{"type":"12"}"#).0.unknownType == 12)
        #expect(try Self.shape(#"{"type":"shape","transform":{"a":2,"d":2}}"#).0.transform == RawTransform(a: 2, d: 2))
    }

    @Test func stylesWithStringEnumsAndLineDash() throws {
        let (shape, diagnostics) = try Self.shape(#"""
        {"type":"shape","styles":{"fill":[1,0.5,0,0.25],"stroke":[0,0,0,1],"strokeWidth":"2",
          "lineCap":"Round","lineJoin":"BEVEL","miterLimit":4,"lineDash":[3,4,5]}}
        """#)
        #expect(shape.styles == RawShapeStyle(fill: RawColor(r: 1, g: 0.5, b: 0, a: 0.25), stroke: RawColor(a: 1),
                                              strokeWidth: 2, lineCap: 1, lineJoin: 2, miterLimit: 4,
                                              lineDashI: 3, lineDashII: 4, lineDashIII: 5))
        #expect(diagnostics.isEmpty)
    }

    @Test(arguments: [(#""butt""#, Int32(0)), (#""square""#, 2), (#""weird""#, 0), ("2", 2), ("7", 7), (#""1""#, 1)])
    func lineCapValues(_ json: String, _ expected: Int32) throws {
        #expect(try Self.shape(#"{"styles":{"lineCap":\#(json)}}"#).0.styles?.lineCap == expected)
    }

    /// A.5: r, g or b above 1 → the array (alpha included) is 0..255; all four divided by 255.
    @Test func coloursOnThe255ScaleAreDividedAndReported() throws {
        let (shape, diagnostics) = try Self.shape(#"{"styles":{"fill":[255,0,51,127.5],"stroke":[1,1,1,1]}}"#)
        #expect(shape.styles?.fill == RawColor(r: 1, g: 0, b: 0.2, a: 0.5))
        #expect(shape.styles?.stroke == RawColor(r: 1, g: 1, b: 1, a: 1))
        #expect(diagnostics.map(\.kind) == [.colorOutOfRange])
        #expect(diagnostics.first?.sprite == 0 && diagnostics.first?.frame == 0)
    }

    @Test func colourForms() throws {
        #expect(try Self.shape(#"{"styles":{"fill":[0.5,0.5,0.5]}}"#).0.styles?.fill == RawColor(r: 0.5, g: 0.5, b: 0.5, a: 1))
        #expect(try Self.shape(#"{"styles":{"fill":{"r":1,"g":0,"b":0,"a":0.5}}}"#).0.styles?.fill == RawColor(r: 1, a: 0.5))
        #expect(try Self.shape(#"{"styles":{"fill":["1","0","0","1"]}}"#).0.styles?.fill == RawColor(r: 1, a: 1))
        #expect(try Self.shape(#"{"styles":{"fill":[1,0]}}"#).0.styles?.fill == nil)
        #expect(try Self.shape(#"{"styles":{"fill":"red"}}"#).0.styles?.fill == nil)
    }

    @Test func wrongTypesCountAsAbsent() throws {
        let (movie, _) = try Self.decode(#"{"ver":2,"movie":{"fps":true},"sprites":[3,{"imageKey":5,"frames":[7]}],"images":{"a":null}}"#)
        #expect(movie.version == "2.0")
        #expect(movie.params?.fps == 0)
        #expect(movie.sprites == [RawSprite(frames: [RawFrame()])])
        #expect(movie.images.isEmpty)
    }

    @Test func topLevelMustBeAnObject() {
        #expect(throws: JSONFormatError.notAnObject) { try Self.decode("[1]") }
    }

    @Test func shapeCountIsCapped() {
        let shapes = Array(repeating: "{}", count: Limits.maxShapesPerFrame + 1).joined(separator: ",")
        #expect(throws: JSONFormatError.limitExceeded(what: "shapes in one frame", count: Limits.maxShapesPerFrame + 1,
                                                      limit: Limits.maxShapesPerFrame)) {
            try Self.decode(#"{"sprites":[{"frames":[{"shapes":[\#(shapes)]}]}]}"#)
        }
    }

    // MARK: containers

    static let png = FormatFixtures.png(width: 2, height: 3)

    @Test func specZipLoadsImageFiles() throws {
        var zip = TestZip()
        zip.add("movie.spec", Array(#"{"ver":"1.1.0","movie":{"viewBox":{"width":10,"height":10},"fps":20,"frames":2},"images":{"a.matte":"a","b":"missing"},"sprites":[{"imageKey":"a.matte","frames":[{"alpha":1}]}]}"#.utf8))
        zip.add("a.png", Self.png)
        zip.add("__MACOSX/._a.png", [0, 1, 2])
        let bytes = zip.bytes()
        let (raw, kind) = try SVGADecoder.decodeRaw(bytes)
        #expect(kind == .zipSpec)
        #expect(raw.images == [RawImageEntry(key: "a.matte", value: Self.png), RawImageEntry(key: "b", value: [])])
        let movie = try SVGADecoder.decode(bytes)
        #expect(movie.container == .zipSpec)
        #expect(movie.images.map(\.key) == ["a.matte"])
        #expect(movie.sprites[0].bitmapKey == "a.matte")
        #expect(movie.diagnostics.map(\.kind) == [.missingImage])
        #expect(movie.diagnostics.first?.message.contains("missing.png") == true)
    }

    /// "1.5": movie.binary wins over movie.spec; names load `<name>.png`, else `<name>`.
    @Test func binaryZipIsPreferredAndLoadsNamedFiles() throws {
        let binary = TestProtobuf.build { m in
            m.string(1, "1.5.0")
            m.message(3) { e in e.string(1, "a"); e.string(2, "img_a") }
            m.message(3) { e in e.string(1, "b"); e.string(2, "raw_b") }
            m.message(3) { e in e.string(1, "c"); e.data(2, Self.png) }     // inline bytes stay
            m.message(4) { s in s.string(1, "a") }
        }
        var zip = TestZip()
        zip.add("movie.spec", Array(#"{"ver":"1.1.0"}"#.utf8))
        zip.add("movie.binary", binary, deflate: false)
        zip.add("img_a.png", Self.png)
        zip.add("raw_b", FormatFixtures.png(width: 5, height: 5))
        let (raw, kind) = try SVGADecoder.decodeRaw(zip.bytes())
        #expect(kind == .zipBinary)
        #expect(raw.version == "1.5.0")
        #expect(raw.images.map(\.value) == [Self.png, FormatFixtures.png(width: 5, height: 5), Self.png])
    }

    @Test func zipWithoutDescriptorIsAContainerError() {
        var zip = TestZip()
        zip.add("a.png", Self.png)
        #expect(throws: DecodeError(stage: .container, message: "ZIP archive holds neither movie.binary nor movie.spec")) {
            try SVGADecoder.decode(zip.bytes())
        }
    }

    @Test func badSpecJSONNamesTheEntry() {
        var zip = TestZip()
        zip.add("movie.spec", Array(#"{"ver":}"#.utf8))
        #expect(throws: DecodeError(stage: .json, message: "entry 'movie.spec': unexpected character '}' at line 1, column 8 (offset 7)")) {
            try SVGADecoder.decode(zip.bytes())
        }
    }

    @Test func badBinaryNamesTheEntry() {
        var zip = TestZip()
        zip.add("movie.binary", [0x0A, 0x05, 0x31])
        #expect(throws: DecodeError(stage: .protobuf, message: "entry 'movie.binary': length 5 at offset 1 runs past the end of its message")) {
            try SVGADecoder.decode(zip.bytes())
        }
    }
}
