import SVGAFormat

// RawMovie → protobuf MovieEntity: the exact mirror of the schema table in spec B.2 (field numbers
// and wire types), so that `ProtobufMovieDecoder` reading our output gives back the same RawMovie.
// Optional messages (params, layout, transform, styles, fill, stroke, args) are written whenever
// they are non-nil, even when empty; everything else follows proto3 default omission.
enum MovieProtobufEncoder {
    static func encode(_ movie: RawMovie) -> [UInt8] {
        var w = ProtobufWriter()
        w.string(1, movie.version)
        if let params = movie.params {
            w.message(2) { p in
                p.float(1, params.viewBoxWidth)
                p.float(2, params.viewBoxHeight)
                p.int32(3, params.fps)
                p.int32(4, params.frames)
            }
        }
        // map<string, bytes>: one entry message {1: key, 2: value} per pair, in file order.
        for entry in movie.images {
            w.message(3) { e in
                e.string(1, entry.key)
                e.bytesField(2, entry.value)
            }
        }
        for sprite in movie.sprites {
            w.message(4) { s in writeSprite(sprite, to: &s) }
        }
        for audio in movie.audios {
            w.message(5) { a in
                a.string(1, audio.audioKey)
                a.int32(2, audio.startFrame)
                a.int32(3, audio.endFrame)
                a.int32(4, audio.startTime)
                a.int32(5, audio.totalTime)
            }
        }
        return w.bytes
    }

    static func writeSprite(_ sprite: RawSprite, to s: inout ProtobufWriter) {
        s.string(1, sprite.imageKey)
        for frame in sprite.frames {
            s.message(2) { f in writeFrame(frame, to: &f) }
        }
        s.string(3, sprite.matteKey)
    }

    static func writeFrame(_ frame: RawFrame, to f: inout ProtobufWriter) {
        f.float(1, frame.alpha)
        if let layout = frame.layout {
            f.message(2) { l in
                l.float(1, layout.x); l.float(2, layout.y)
                l.float(3, layout.width); l.float(4, layout.height)
            }
        }
        if let transform = frame.transform {
            f.message(3) { t in writeTransform(transform, to: &t) }
        }
        if let clip = frame.clipPath { f.string(4, clip) }
        for shape in frame.shapes {
            f.message(5) { s in writeShape(shape, to: &s) }
        }
    }

    static func writeTransform(_ t: RawTransform, to w: inout ProtobufWriter) {
        w.float(1, t.a); w.float(2, t.b); w.float(3, t.c)
        w.float(4, t.d); w.float(5, t.tx); w.float(6, t.ty)
    }

    static func writeShape(_ shape: RawShape, to w: inout ProtobufWriter) {
        // An unknown ShapeType number is kept as read (RawShape.unknownType) and written back.
        w.int32(1, shape.unknownType ?? shape.type.rawValue)
        switch shape.args {
        case .shape(let d)?:
            w.message(2) { a in a.string(1, d) }
        case .rect(let x, let y, let width, let height, let cornerRadius)?:
            w.message(3) { a in
                a.float(1, x); a.float(2, y); a.float(3, width); a.float(4, height); a.float(5, cornerRadius)
            }
        case .ellipse(let x, let y, let radiusX, let radiusY)?:
            w.message(4) { a in
                a.float(1, x); a.float(2, y); a.float(3, radiusX); a.float(4, radiusY)
            }
        case nil:
            break
        }
        if let styles = shape.styles {
            w.message(10) { s in writeStyle(styles, to: &s) }
        }
        if let transform = shape.transform {
            w.message(11) { t in writeTransform(transform, to: &t) }
        }
    }

    static func writeStyle(_ style: RawShapeStyle, to w: inout ProtobufWriter) {
        if let fill = style.fill { w.message(1) { c in writeColor(fill, to: &c) } }
        if let stroke = style.stroke { w.message(2) { c in writeColor(stroke, to: &c) } }
        w.float(3, style.strokeWidth)
        w.int32(4, style.lineCap)
        w.int32(5, style.lineJoin)
        w.float(6, style.miterLimit)
        w.float(7, style.lineDashI)
        w.float(8, style.lineDashII)
        w.float(9, style.lineDashIII)
    }

    static func writeColor(_ color: RawColor, to w: inout ProtobufWriter) {
        w.float(1, color.r); w.float(2, color.g); w.float(3, color.b); w.float(4, color.a)
    }
}
