import Testing
@testable import SVGAFormat

// MovieEntity decoding (spec B.2) on hand-built messages: every message of the schema, map
// entries, the oneof rule, merging of repeated singular messages, enum numbers kept, counts capped.

struct ProtobufMovieDecoderTests {
    static func shapeMessage(_ build: (inout TestProtobuf) -> Void) -> [UInt8] {
        TestProtobuf.build { m in
            m.message(4) { s in
                s.string(1, "a.vector")
                s.message(2) { f in f.message(5) { sh in build(&sh) } }
            }
        }
    }

    static func onlyShape(_ bytes: [UInt8]) throws -> RawShape {
        try #require(try ProtobufMovieDecoder.decode(bytes).sprites.first?.frames.first?.shapes.first)
    }

    @Test func decodesEveryMessageOfTheSchema() throws {
        let bytes = TestProtobuf.build { m in
            m.string(1, "2.1.0")
            m.message(2) { p in p.float(1, 750); p.float(2, 1334.5); p.int32(3, 30); p.int32(4, 45) }
            m.message(3) { e in e.string(1, "img"); e.data(2, [1, 2, 3]) }
            m.message(4) { s in
                s.string(1, "img")
                s.string(3, "mask.matte")
                s.message(2) { f in
                    f.float(1, 0.5)
                    f.message(2) { l in l.float(1, 1); l.float(2, 2); l.float(3, 30); l.float(4, 40) }
                    f.message(3) { t in t.float(1, 1); t.float(2, 0.5); t.float(3, -0.5); t.float(4, 2); t.float(5, 10); t.float(6, 20) }
                    f.string(4, "M0 0L1 1Z")
                    f.message(5) { sh in
                        sh.int32(1, 1)
                        sh.message(3) { r in r.float(1, 1); r.float(2, 2); r.float(3, 3); r.float(4, 4); r.float(5, 0.5) }
                        sh.message(10) { st in
                            st.message(1) { c in c.float(1, 1); c.float(2, 0.5); c.float(3, 0.25); c.float(4, 1) }
                            st.message(2) { c in c.float(4, 1) }
                            st.float(3, 2); st.int32(4, 1); st.int32(5, 2); st.float(6, 4)
                            st.float(7, 5); st.float(8, 6); st.float(9, 7)
                        }
                        sh.message(11) { t in t.float(1, 2); t.float(4, 2) }
                    }
                }
            }
            m.message(5) { a in a.string(1, "snd"); a.int32(2, 3); a.int32(3, 40); a.int32(4, 500); a.int32(5, 9000) }
        }
        let movie = try ProtobufMovieDecoder.decode(bytes)
        let expected = RawMovie(
            version: "2.1.0",
            params: RawParams(viewBoxWidth: 750, viewBoxHeight: 1334.5, fps: 30, frames: 45),
            images: [RawImageEntry(key: "img", value: [1, 2, 3])],
            sprites: [RawSprite(imageKey: "img", frames: [
                RawFrame(alpha: 0.5, layout: RawLayout(x: 1, y: 2, width: 30, height: 40),
                         transform: RawTransform(a: 1, b: 0.5, c: -0.5, d: 2, tx: 10, ty: 20),
                         clipPath: "M0 0L1 1Z",
                         shapes: [RawShape(type: .rect, args: .rect(x: 1, y: 2, width: 3, height: 4, cornerRadius: 0.5),
                                           styles: RawShapeStyle(fill: RawColor(r: 1, g: 0.5, b: 0.25, a: 1),
                                                                 stroke: RawColor(a: 1), strokeWidth: 2, lineCap: 1,
                                                                 lineJoin: 2, miterLimit: 4, lineDashI: 5, lineDashII: 6,
                                                                 lineDashIII: 7),
                                           transform: RawTransform(a: 2, d: 2))]),
            ], matteKey: "mask.matte")],
            audios: [RawAudio(audioKey: "snd", startFrame: 3, endFrame: 40, startTime: 500, totalTime: 9000)])
        #expect(movie == expected)
    }

    /// proto3 defaults (B.2.1): absent version is "", absent params/layout/transform are nil, an
    /// empty frame is alpha 0, a present transform starts from zeros (no identity fix-up, A.3).
    @Test func absentFieldsKeepTheirDefaults() throws {
        let bytes = TestProtobuf.build { m in
            m.message(4) { s in
                s.message(2) { _ in }
                s.message(2) { f in f.message(3) { t in t.float(5, 3) } }
            }
        }
        let movie = try ProtobufMovieDecoder.decode(bytes)
        #expect(movie.version == "")
        #expect(movie.params == nil)
        #expect(movie.sprites[0].frames[0] == RawFrame())
        #expect(movie.sprites[0].frames[1].transform == RawTransform(tx: 3))
        #expect(movie.sprites[0].frames[1].layout == nil)
    }

    @Test func mapEntriesKeepFirstPositionAndLastValue() throws {
        let bytes = TestProtobuf.build { m in
            m.message(3) { e in e.string(1, "a"); e.data(2, [1]) }
            m.message(3) { e in e.string(1, "b"); e.data(2, [2]) }
            m.message(3) { e in e.data(2, [9]); e.string(1, "a"); e.data(2, [3]) }   // value repeated too
            m.message(3) { e in e.string(1, "c") }                                      // value absent
        }
        let images = try ProtobufMovieDecoder.decode(bytes).images
        #expect(images == [RawImageEntry(key: "a", value: [3]), RawImageEntry(key: "b", value: [2]),
                           RawImageEntry(key: "c", value: [])])
    }

    @Test func lastOneofMemberWins() throws {
        let shape = try Self.onlyShape(Self.shapeMessage { sh in
            sh.message(2) { a in a.string(1, "M0 0") }
            sh.message(4) { e in e.float(1, 5); e.float(3, 2) }
        })
        #expect(shape.args == .ellipse(x: 5, y: 0, radiusX: 2, radiusY: 0))
        let back = try Self.onlyShape(Self.shapeMessage { sh in
            sh.message(4) { e in e.float(1, 5) }
            sh.message(2) { a in a.string(1, "M1 1") }
        })
        #expect(back.args == .shape(d: "M1 1"))
    }

    /// A singular message field seen twice merges (protobuf rule), also within a oneof member.
    @Test func repeatedSingularMessagesMerge() throws {
        let shape = try Self.onlyShape(Self.shapeMessage { sh in
            sh.message(3) { r in r.float(1, 1); r.float(3, 10) }
            sh.message(3) { r in r.float(3, 20); r.float(4, 30) }
            sh.message(10) { st in st.float(3, 2) }
            sh.message(10) { st in st.message(1) { c in c.float(4, 1) } }
        })
        #expect(shape.args == .rect(x: 1, y: 0, width: 20, height: 30, cornerRadius: 0))
        #expect(shape.styles == RawShapeStyle(fill: RawColor(a: 1), strokeWidth: 2))
    }

    @Test func unknownShapeTypeKeepsItsNumber() throws {
        let shape = try Self.onlyShape(Self.shapeMessage { sh in sh.int32(1, 7) })
        #expect(shape.unknownType == 7)
        let negative = try Self.onlyShape(Self.shapeMessage { sh in sh.int32(1, -1) })
        #expect(negative.unknownType == -1)
        let later = try Self.onlyShape(Self.shapeMessage { sh in sh.int32(1, 7); sh.int32(1, 3) })
        #expect(later.unknownType == nil)
        #expect(later.type == .keep)
    }

    @Test func outOfRangeCapAndJoinAreKeptAsNumbers() throws {
        let shape = try Self.onlyShape(Self.shapeMessage { sh in sh.message(10) { st in st.int32(4, 9); st.int32(5, -3) } })
        #expect(shape.styles?.lineCap == 9)
        #expect(shape.styles?.lineJoin == -3)
    }

    @Test func shapeCountPerFrameIsCapped() {
        var frame = TestProtobuf()
        for _ in 0 ... Limits.maxShapesPerFrame { frame.message(5) { _ in } }
        let bytes = TestProtobuf.build { m in m.message(4) { s in s.data(2, frame.bytes) } }
        #expect {
            _ = try ProtobufMovieDecoder.decode(bytes)
        } throws: { error in
            guard case WireError.limitExceeded(let what, let n, let limit, _) = error else { return false }
            return what == "shapes in one frame" && n == limit + 1
        }
    }

    @Test func spriteCountIsCapped() {
        var m = TestProtobuf()
        for _ in 0 ... Limits.maxSprites { m.message(4) { _ in } }
        #expect {
            _ = try ProtobufMovieDecoder.decode(m.bytes)
        } throws: { error in
            guard case WireError.limitExceeded(let what, _, let limit, _) = error else { return false }
            return what == "sprites" && limit == Limits.maxSprites
        }
    }

    @Test func truncatedNestedMessageIsAnError() {
        var bytes = TestProtobuf.build { m in m.message(2) { p in p.float(1, 1) } }
        bytes.removeLast()
        #expect(throws: WireError.lengthPastEnd(offset: 1, length: 5)) { try ProtobufMovieDecoder.decode(bytes) }
    }
}
