// MovieEntity (spec B.2) → RawMovie. The message layout is the B.2 table; everything here is
// proto3 wire semantics:
// - an absent field keeps its default (0, "", nil for messages: B.2.1);
// - a singular field seen twice: the last scalar wins and messages merge (protobuf rule);
// - oneof `args`: the last member present wins (a repeat of the same member merges);
// - map entries are {1 key, 2 value}; a repeated key keeps its first position and its last value;
// - enum numbers outside the schema are kept as numbers (`RawShape.unknownType`, line caps and
//   joins stay Int32), for the resolver to report;
// - counts are checked against `Limits` while decoding, before the arrays grow.

enum ProtobufMovieDecoder {
    static func decode(_ bytes: [UInt8], budget decodeBudget: DecodeBudget = .default) throws(WireError) -> RawMovie {
        try withByteBuffer(bytes) { (raw: UnsafeRawBufferPointer) throws(WireError) -> RawMovie in
            var reader = WireReader(ByteReader(raw), budget: WireBudget(decodeBudget, messageBytes: raw.count))
            var budget = Budget()
            return try decodeMovie(&reader, &budget)
        }
    }

    /// Totals across the whole movie (the per-message caps alone would multiply).
    struct Budget {
        var frames = 0
        var shapes = 0

        mutating func addFrame(at offset: Int) throws(WireError) {
            frames += 1
            guard frames <= Limits.maxTotalFrames else {
                throw .limitExceeded(what: "frames in all sprites", count: frames, limit: Limits.maxTotalFrames, offset: offset)
            }
        }

        mutating func addShape(at offset: Int) throws(WireError) {
            shapes += 1
            guard shapes <= Limits.maxTotalShapes else {
                throw .limitExceeded(what: "shapes in all frames", count: shapes, limit: Limits.maxTotalShapes, offset: offset)
            }
        }
    }

    static func decodeMovie(_ r: inout WireReader, _ budget: inout Budget) throws(WireError) -> RawMovie {
        var movie = RawMovie(version: "")
        var imageIndex: [String: Int] = [:]
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1:
                movie.version = try r.string(tag, "MovieEntity.version")
            case 2:
                var sub = try r.message(tag, "MovieEntity.params")
                var params = movie.params ?? RawParams()
                try decodeParams(&sub, into: &params)
                try checkParams(params, at: tag.offset, r.budget.decode)
                movie.params = params
            case 3:
                var sub = try r.message(tag, "MovieEntity.images")
                let (key, value) = try decodeImageEntry(&sub)
                if let i = imageIndex[key] {
                    movie.images[i].value = value
                } else {
                    guard movie.images.count < Limits.maxImages else {
                        throw .limitExceeded(what: "images", count: movie.images.count + 1, limit: Limits.maxImages, offset: tag.offset)
                    }
                    imageIndex[key] = movie.images.count
                    movie.images.append(RawImageEntry(key: key, value: value))
                }
            case 4:
                guard movie.sprites.count < Limits.maxSprites else {
                    throw .limitExceeded(what: "sprites", count: movie.sprites.count + 1, limit: Limits.maxSprites, offset: tag.offset)
                }
                var sub = try r.message(tag, "MovieEntity.sprites")
                movie.sprites.append(try decodeSprite(&sub, &budget))
            case 5:
                guard movie.audios.count < Limits.maxAudios else {
                    throw .limitExceeded(what: "audios", count: movie.audios.count + 1, limit: Limits.maxAudios, offset: tag.offset)
                }
                var sub = try r.message(tag, "MovieEntity.audios")
                movie.audios.append(try decodeAudio(&sub))
            default:
                try r.skip(tag)
            }
        }
        return movie
    }

    static func decodeParams(_ r: inout WireReader, into p: inout RawParams) throws(WireError) {
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: p.viewBoxWidth = try r.float(tag, "MovieParams.viewBoxWidth")
            case 2: p.viewBoxHeight = try r.float(tag, "MovieParams.viewBoxHeight")
            case 3: p.fps = try r.int32(tag, "MovieParams.fps")
            case 4: p.frames = try r.int32(tag, "MovieParams.frames")
            default: try r.skip(tag)
            }
        }
    }

    /// The canvas and frame count are checked where they are read, so the error has an offset
    /// (the resolver checks them again for 1.x JSON, which has none).
    static func checkParams(_ p: RawParams, at offset: Int, _ budget: DecodeBudget) throws(WireError) {
        if p.frames > 0 && Int(p.frames) > Limits.maxFrameCount {
            throw .limitExceeded(what: "params.frames", count: Int(p.frames), limit: Limits.maxFrameCount, offset: offset)
        }
        let pixels = Double(p.viewBoxWidth).rounded(.up) * Double(p.viewBoxHeight).rounded(.up)
        if pixels.isFinite && pixels > Double(budget.maxCanvasPixels) {
            throw .limitExceeded(what: "params: viewBox \(p.viewBoxWidth) × \(p.viewBoxHeight) canvas pixels (maxCanvasPixels)",
                                 count: pixels < 1e18 ? Int(pixels) : Int(1e18), limit: budget.maxCanvasPixels, offset: offset)
        }
    }

    static func decodeImageEntry(_ r: inout WireReader) throws(WireError) -> (String, [UInt8]) {
        var key = "", value: [UInt8] = []
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: key = try r.string(tag, "MovieEntity.images.key")
            case 2: value = try r.bytesValue(tag, "MovieEntity.images.value")
            default: try r.skip(tag)
            }
        }
        return (key, value)
    }

    static func decodeSprite(_ r: inout WireReader, _ budget: inout Budget) throws(WireError) -> RawSprite {
        var sprite = RawSprite()
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: sprite.imageKey = try r.string(tag, "SpriteEntity.imageKey")
            case 2:
                guard sprite.frames.count < Limits.maxFramesPerSprite else {
                    throw .limitExceeded(what: "frames in one sprite", count: sprite.frames.count + 1,
                                         limit: Limits.maxFramesPerSprite, offset: tag.offset)
                }
                try budget.addFrame(at: tag.offset)
                var sub = try r.message(tag, "SpriteEntity.frames")
                sprite.frames.append(try decodeFrame(&sub, &budget))
            case 3: sprite.matteKey = try r.string(tag, "SpriteEntity.matteKey")
            default: try r.skip(tag)
            }
        }
        return sprite
    }

    static func decodeAudio(_ r: inout WireReader) throws(WireError) -> RawAudio {
        var audio = RawAudio()
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: audio.audioKey = try r.string(tag, "AudioEntity.audioKey")
            case 2: audio.startFrame = try r.int32(tag, "AudioEntity.startFrame")
            case 3: audio.endFrame = try r.int32(tag, "AudioEntity.endFrame")
            case 4: audio.startTime = try r.int32(tag, "AudioEntity.startTime")
            case 5: audio.totalTime = try r.int32(tag, "AudioEntity.totalTime")
            default: try r.skip(tag)
            }
        }
        return audio
    }

    static func decodeFrame(_ r: inout WireReader, _ budget: inout Budget) throws(WireError) -> RawFrame {
        var frame = RawFrame()
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: frame.alpha = try r.float(tag, "FrameEntity.alpha")
            case 2:
                var sub = try r.message(tag, "FrameEntity.layout")
                var layout = frame.layout ?? RawLayout()
                try decodeLayout(&sub, into: &layout)
                frame.layout = layout
            case 3:
                var sub = try r.message(tag, "FrameEntity.transform")
                // A present transform starts from zeros, not identity (spec A.3: used as is).
                var t = frame.transform ?? RawTransform()
                try decodeTransform(&sub, into: &t)
                frame.transform = t
            case 4: frame.clipPath = try r.string(tag, "FrameEntity.clipPath")
            case 5:
                guard frame.shapes.count < Limits.maxShapesPerFrame else {
                    throw .limitExceeded(what: "shapes in one frame", count: frame.shapes.count + 1,
                                         limit: Limits.maxShapesPerFrame, offset: tag.offset)
                }
                try budget.addShape(at: tag.offset)
                var sub = try r.message(tag, "FrameEntity.shapes")
                frame.shapes.append(try decodeShape(&sub))
            default: try r.skip(tag)
            }
        }
        return frame
    }

    static func decodeLayout(_ r: inout WireReader, into l: inout RawLayout) throws(WireError) {
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: l.x = try r.float(tag, "Layout.x")
            case 2: l.y = try r.float(tag, "Layout.y")
            case 3: l.width = try r.float(tag, "Layout.width")
            case 4: l.height = try r.float(tag, "Layout.height")
            default: try r.skip(tag)
            }
        }
    }

    static func decodeTransform(_ r: inout WireReader, into t: inout RawTransform) throws(WireError) {
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: t.a = try r.float(tag, "Transform.a")
            case 2: t.b = try r.float(tag, "Transform.b")
            case 3: t.c = try r.float(tag, "Transform.c")
            case 4: t.d = try r.float(tag, "Transform.d")
            case 5: t.tx = try r.float(tag, "Transform.tx")
            case 6: t.ty = try r.float(tag, "Transform.ty")
            default: try r.skip(tag)
            }
        }
    }

    static func decodeShape(_ r: inout WireReader) throws(WireError) -> RawShape {
        var shape = RawShape()
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1:
                let number = try r.int32(tag, "ShapeEntity.type")
                if let known = RawShapeType(rawValue: number) {
                    shape.type = known; shape.unknownType = nil
                } else {
                    shape.type = .shape; shape.unknownType = number
                }
            case 2:
                var sub = try r.message(tag, "ShapeEntity.shape")
                var d = ""
                if case .shape(let old)? = shape.args { d = old }
                while let t = try sub.nextTag() {
                    if t.field == 1 { d = try sub.string(t, "ShapeArgs.d") } else { try sub.skip(t) }
                }
                shape.args = .shape(d: d)
            case 3:
                var sub = try r.message(tag, "ShapeEntity.rect")
                var v: (Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0)
                if case .rect(let x, let y, let w, let h, let cr)? = shape.args { v = (x, y, w, h, cr) }
                while let t = try sub.nextTag() {
                    switch t.field {
                    case 1: v.0 = try sub.float(t, "RectArgs.x")
                    case 2: v.1 = try sub.float(t, "RectArgs.y")
                    case 3: v.2 = try sub.float(t, "RectArgs.width")
                    case 4: v.3 = try sub.float(t, "RectArgs.height")
                    case 5: v.4 = try sub.float(t, "RectArgs.cornerRadius")
                    default: try sub.skip(t)
                    }
                }
                shape.args = .rect(x: v.0, y: v.1, width: v.2, height: v.3, cornerRadius: v.4)
            case 4:
                var sub = try r.message(tag, "ShapeEntity.ellipse")
                var v: (Float, Float, Float, Float) = (0, 0, 0, 0)
                if case .ellipse(let x, let y, let rx, let ry)? = shape.args { v = (x, y, rx, ry) }
                while let t = try sub.nextTag() {
                    switch t.field {
                    case 1: v.0 = try sub.float(t, "EllipseArgs.x")
                    case 2: v.1 = try sub.float(t, "EllipseArgs.y")
                    case 3: v.2 = try sub.float(t, "EllipseArgs.radiusX")
                    case 4: v.3 = try sub.float(t, "EllipseArgs.radiusY")
                    default: try sub.skip(t)
                    }
                }
                shape.args = .ellipse(x: v.0, y: v.1, radiusX: v.2, radiusY: v.3)
            case 10:
                var sub = try r.message(tag, "ShapeEntity.styles")
                var style = shape.styles ?? RawShapeStyle()
                try decodeStyle(&sub, into: &style)
                shape.styles = style
            case 11:
                var sub = try r.message(tag, "ShapeEntity.transform")
                var t = shape.transform ?? RawTransform()
                try decodeTransform(&sub, into: &t)
                shape.transform = t
            default: try r.skip(tag)
            }
        }
        return shape
    }

    static func decodeStyle(_ r: inout WireReader, into s: inout RawShapeStyle) throws(WireError) {
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1:
                var sub = try r.message(tag, "ShapeStyle.fill")
                var c = s.fill ?? RawColor()
                try decodeColor(&sub, into: &c)
                s.fill = c
            case 2:
                var sub = try r.message(tag, "ShapeStyle.stroke")
                var c = s.stroke ?? RawColor()
                try decodeColor(&sub, into: &c)
                s.stroke = c
            case 3: s.strokeWidth = try r.float(tag, "ShapeStyle.strokeWidth")
            case 4: s.lineCap = try r.int32(tag, "ShapeStyle.lineCap")
            case 5: s.lineJoin = try r.int32(tag, "ShapeStyle.lineJoin")
            case 6: s.miterLimit = try r.float(tag, "ShapeStyle.miterLimit")
            case 7: s.lineDashI = try r.float(tag, "ShapeStyle.lineDashI")
            case 8: s.lineDashII = try r.float(tag, "ShapeStyle.lineDashII")
            case 9: s.lineDashIII = try r.float(tag, "ShapeStyle.lineDashIII")
            default: try r.skip(tag)
            }
        }
    }

    static func decodeColor(_ r: inout WireReader, into c: inout RawColor) throws(WireError) {
        while let tag = try r.nextTag() {
            switch tag.field {
            case 1: c.r = try r.float(tag, "RGBAColor.r")
            case 2: c.g = try r.float(tag, "RGBAColor.g")
            case 3: c.b = try r.float(tag, "RGBAColor.b")
            case 4: c.a = try r.float(tag, "RGBAColor.a")
            default: try r.skip(tag)
            }
        }
    }
}
