import Testing
@testable import SVGAFormat

// Spec A.8: never crash, hang or allocate without bound. Seeded random byte mutations and every
// truncation of small valid inputs must either decode or throw a DecodeError; a crash fails the
// whole run. (Any input that ever crashes belongs in a regression test named after it.)

struct MutationRobustnessTests {
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let message: [UInt8] = TestProtobuf.build { m in
        m.string(1, "2.0.0")
        m.message(2) { p in p.float(1, 64); p.float(2, 64); p.int32(3, 20); p.int32(4, 2) }
        m.message(3) { e in e.string(1, "a"); e.data(2, FormatFixtures.png(width: 2, height: 2)) }
        m.message(4) { s in
            s.string(1, "a"); s.string(3, "m.matte")
            s.message(2) { f in
                f.float(1, 1); f.string(4, "M0 0H8V8Z")
                f.message(2) { l in l.float(3, 2); l.float(4, 2) }
                f.message(5) { sh in
                    sh.int32(1, 0); sh.message(2) { a in a.string(1, "M0 0C1 1 2 2 3 3Z") }
                    sh.message(10) { st in st.message(1) { c in c.float(4, 1) }; st.float(3, 1); st.float(7, 2) }
                }
            }
            s.message(2) { f in f.message(5) { sh in sh.int32(1, 3) } }
        }
        m.message(4) { s in s.string(1, "m.matte"); s.message(2) { f in f.float(1, 1) } }
        m.message(5) { a in a.string(1, "a"); a.int32(3, 2) }
    }

    static let spec = Array(#"""
    {"ver":"1.1.0","movie":{"viewBox":{"width":64,"height":64},"fps":20,"frames":2},"images":{"a":"a"},
     "sprites":[{"imageKey":"a","frames":[{"alpha":1,"layout":{"width":2,"height":2},"clipPath":"M0 0H8V8Z",
       "shapes":[{"type":"rect","args":{"x":0,"y":0,"width":4,"height":4,"cornerRadius":1},
                  "styles":{"fill":[255,0,0,255],"lineDash":[1,2,3],"lineCap":"round"}}]},{"shapes":[{"type":"keep"}]}]}]}
    """#.utf8)

    static var zipSpec: [UInt8] {
        var zip = TestZip()
        zip.add("movie.spec", spec)
        zip.add("a.png", FormatFixtures.png(width: 2, height: 2), deflate: false)
        return zip.bytes()
    }

    static var inputs: [(String, [UInt8])] {
        [("zlib", FormatFixtures.zlib(message)), ("zip-spec", zipSpec)]
    }

    /// Decodes, accepting success or a DecodeError whose text says what went wrong. What these
    /// tests really hold is the absence of traps and hangs (a trap fails the whole run); the
    /// named hostile inputs in HostileInputRegressionTests check specific messages.
    static func survive(_ bytes: [UInt8]) -> Bool {
        do { _ = try SVGADecoder.decode(bytes); return true } catch {
            return error.description.hasPrefix(error.stage.rawValue + ": ") && error.message.count > 8
        }
    }

    @Test func validInputsDecode() throws {
        for (name, bytes) in Self.inputs {
            let movie = try SVGADecoder.decode(bytes)
            #expect(movie.sprites.count >= 1, "\(name)")
        }
        _ = try ProtobufMovieDecoder.decode(Self.message)
    }

    @Test func everyTruncationIsHandled() {
        for (name, bytes) in Self.inputs {
            for n in 0 ..< bytes.count { #expect(Self.survive(Array(bytes.prefix(n))), "\(name) cut at \(n)") }
        }
        for n in 0 ..< Self.message.count {
            _ = try? ProtobufMovieDecoder.decode(Array(Self.message.prefix(n)))
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomMutationsAreHandled(seed: UInt64) {
        var rng = SplitMix(state: seed)
        for (name, original) in Self.inputs + [("protobuf", Self.message), ("json", Self.spec)] {
            for trial in 0 ..< 300 {
                var bytes = original
                for _ in 0 ... rng.below(4) {
                    let i = rng.below(bytes.count)
                    switch rng.below(3) {
                    case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: bytes[i] ^= 1 << UInt8(rng.below(8))
                    default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
                    }
                }
                switch name {
                case "protobuf": _ = try? ProtobufMovieDecoder.decode(bytes)
                case "json": _ = try? SpecJSONDecoder.decode(bytes)
                default: #expect(Self.survive(bytes), "\(name) seed \(seed) trial \(trial)")
                }
            }
        }
    }
}
