import SVGAFormat
import SVGAJSON

// RawMovie → 1.x movie.spec JSON in the shape of spec B.1.3: colours as [r, g, b, a] arrays,
// lineCap/lineJoin and the shape type as lowercase strings, the dash as lineDash [I, II, III],
// the images map as {key: key} (the container writes each image as `<key>.png`).
//
// Presence mirrors the protobuf writer: objects that are optional in RawMovie (movie, layout,
// transform, styles, args, fill, stroke) appear exactly when non-nil; frame alpha, clipPath,
// shapes, matteKey and an all-zero lineDash are left out at their defaults, so a default frame
// is `{}`, the hidden-frame form of real files. Inside a present object every number is written.
//
// Normalisations a reader sees (RawMovie.normalizedForSpec in SVGATestSupport applies them):
// images come back in sorted key order (a JSON object has no order); clipPath "" reads as
// absent; a colour with r, g or b above 1 reads as divided by 255 (spec A.5); args are read by
// the shape's type, so args of another kind (or any args on KEEP) do not survive.
enum SpecJSONEncoder {
    static func encode(_ movie: RawMovie) throws(SpecEncodingError) -> [UInt8] {
        var root: [String: JSONValue] = ["ver": .string(movie.version)]
        if let params = movie.params {
            root["movie"] = sortedObject([
                "viewBox": sortedObject([
                    "width": try number(params.viewBoxWidth, "movie.viewBox.width"),
                    "height": try number(params.viewBoxHeight, "movie.viewBox.height"),
                ]),
                "fps": int32(params.fps),
                "frames": int32(params.frames),
            ])
        }
        var images: [String: JSONValue] = [:]
        for entry in movie.images { images[entry.key] = .string(entry.key) }
        root["images"] = sortedObject(images)
        var sprites: [JSONValue] = []
        for (i, sprite) in movie.sprites.enumerated() {
            sprites.append(try encodeSprite(sprite, path: "sprites[\(i)]"))
        }
        root["sprites"] = .array(sprites)
        root["audios"] = .array(movie.audios.map { audio in
            sortedObject([
                "audioKey": .string(audio.audioKey),
                "startFrame": int32(audio.startFrame),
                "endFrame": int32(audio.endFrame),
                "startTime": int32(audio.startTime),
                "totalTime": int32(audio.totalTime),
            ])
        })
        return Array(sortedObject(root).serialized().utf8)
    }

    static func encodeSprite(_ sprite: RawSprite, path: String) throws(SpecEncodingError) -> JSONValue {
        var object: [String: JSONValue] = ["imageKey": .string(sprite.imageKey)]
        if !sprite.matteKey.isEmpty { object["matteKey"] = .string(sprite.matteKey) }
        var frames: [JSONValue] = []
        for (i, frame) in sprite.frames.enumerated() {
            frames.append(try encodeFrame(frame, path: "\(path).frames[\(i)]"))
        }
        object["frames"] = .array(frames)
        return sortedObject(object)
    }

    static func encodeFrame(_ frame: RawFrame, path: String) throws(SpecEncodingError) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if frame.alpha.bitPattern != 0 { object["alpha"] = try number(frame.alpha, "\(path).alpha") }
        if let layout = frame.layout {
            object["layout"] = sortedObject([
                "x": try number(layout.x, "\(path).layout.x"),
                "y": try number(layout.y, "\(path).layout.y"),
                "width": try number(layout.width, "\(path).layout.width"),
                "height": try number(layout.height, "\(path).layout.height"),
            ])
        }
        if let transform = frame.transform {
            object["transform"] = try encodeTransform(transform, path: "\(path).transform")
        }
        if let clip = frame.clipPath, !clip.isEmpty { object["clipPath"] = .string(clip) }
        if !frame.shapes.isEmpty {
            var shapes: [JSONValue] = []
            for (i, shape) in frame.shapes.enumerated() {
                shapes.append(try encodeShape(shape, path: "\(path).shapes[\(i)]"))
            }
            object["shapes"] = .array(shapes)
        }
        return sortedObject(object)
    }

    static func encodeTransform(_ t: RawTransform, path: String) throws(SpecEncodingError) -> JSONValue {
        sortedObject([
            "a": try number(t.a, "\(path).a"), "b": try number(t.b, "\(path).b"),
            "c": try number(t.c, "\(path).c"), "d": try number(t.d, "\(path).d"),
            "tx": try number(t.tx, "\(path).tx"), "ty": try number(t.ty, "\(path).ty"),
        ])
    }

    static func encodeShape(_ shape: RawShape, path: String) throws(SpecEncodingError) -> JSONValue {
        let typeName: String
        switch shape.type {
        case .shape: typeName = "shape"
        case .rect: typeName = "rect"
        case .ellipse: typeName = "ellipse"
        case .keep: typeName = "keep"
        }
        // An unknown type number has no 1.x name; the number itself reads back the same.
        var object: [String: JSONValue] = ["type": shape.unknownType.map { int32($0) } ?? .string(typeName)]
        let argsPath = "\(path).args"
        switch shape.args {
        case .shape(let d)?:
            object["args"] = sortedObject(["d": .string(d)])
        case .rect(let x, let y, let width, let height, let cornerRadius)?:
            object["args"] = sortedObject([
                "x": try number(x, "\(argsPath).x"), "y": try number(y, "\(argsPath).y"),
                "width": try number(width, "\(argsPath).width"),
                "height": try number(height, "\(argsPath).height"),
                "cornerRadius": try number(cornerRadius, "\(argsPath).cornerRadius"),
            ])
        case .ellipse(let x, let y, let radiusX, let radiusY)?:
            object["args"] = sortedObject([
                "x": try number(x, "\(argsPath).x"), "y": try number(y, "\(argsPath).y"),
                "radiusX": try number(radiusX, "\(argsPath).radiusX"),
                "radiusY": try number(radiusY, "\(argsPath).radiusY"),
            ])
        case nil:
            break
        }
        if let styles = shape.styles {
            object["styles"] = try encodeStyle(styles, path: "\(path).styles")
        }
        if let transform = shape.transform {
            object["transform"] = try encodeTransform(transform, path: "\(path).transform")
        }
        return sortedObject(object)
    }

    static let lineCapNames = ["butt", "round", "square"]
    static let lineJoinNames = ["miter", "round", "bevel"]

    static func encodeStyle(_ style: RawShapeStyle, path: String) throws(SpecEncodingError) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if let fill = style.fill { object["fill"] = try encodeColor(fill, path: "\(path).fill") }
        if let stroke = style.stroke { object["stroke"] = try encodeColor(stroke, path: "\(path).stroke") }
        object["strokeWidth"] = try number(style.strokeWidth, "\(path).strokeWidth")
        object["lineCap"] = enumName(style.lineCap, lineCapNames)
        object["lineJoin"] = enumName(style.lineJoin, lineJoinNames)
        object["miterLimit"] = try number(style.miterLimit, "\(path).miterLimit")
        if style.lineDashI.bitPattern != 0 || style.lineDashII.bitPattern != 0 || style.lineDashIII.bitPattern != 0 {
            object["lineDash"] = .array([
                try number(style.lineDashI, "\(path).lineDash[0]"),
                try number(style.lineDashII, "\(path).lineDash[1]"),
                try number(style.lineDashIII, "\(path).lineDash[2]"),
            ])
        }
        return sortedObject(object)
    }

    /// The 1.x string for a known enum value; an unknown one is written as its number, which
    /// readers take as the number (spec B.1.3 players parse either).
    static func enumName(_ value: Int32, _ names: [String]) -> JSONValue {
        names.indices.contains(Int(value)) ? .string(names[Int(value)]) : int32(value)
    }

    static func encodeColor(_ c: RawColor, path: String) throws(SpecEncodingError) -> JSONValue {
        .array([
            try number(c.r, "\(path)[0]"), try number(c.g, "\(path)[1]"),
            try number(c.b, "\(path)[2]"), try number(c.a, "\(path)[3]"),
        ])
    }

    static func number(_ value: Float, _ path: @autoclosure () -> String) throws(SpecEncodingError) -> JSONValue {
        guard value.isFinite else { throw .nonFiniteNumber(path: path()) }
        return .numberText(format(value))
    }

    static func int32(_ value: Int32) -> JSONValue { .int(Int(value)) }

    /// Members in sorted (byte) order: the output does not depend on the order a movie was
    /// built in, and matches what 1.x writers that sort their keys produce.
    static func sortedObject(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) })
    }

    /// Integral values print as integers (as real movie.spec files have them); others use
    /// `Float.description`, the shortest text that reads back to the same Float (a Double's
    /// text would add digits: 0.1 as a Float is 0.10000000149011612 as a Double). Callers have
    /// already refused non-finite values.
    static func format(_ value: Float) -> String {
        if value == value.rounded(), abs(value) < 1e7 {
            return String(Int(value))
        }
        return value.description
    }
}
