import Testing
@testable import SVGAFormat

// Draw order and matte runs (spec A.6, B.3.9), following the Skia reference's `draw_frame`:
// matte sources are never drawn directly; consecutive sprites sharing a matteKey form one run
// masked by the first sprite whose imageKey equals that key; matte sources inside the run's range
// are skipped rather than ending it.

struct DrawListTests {
    /// (imageKey, matteKey) per sprite → draw list.
    static func drawList(_ sprites: [(String, String)]) throws -> Movie {
        try MovieResolver.resolve(RawMovie(sprites: sprites.map { RawSprite(imageKey: $0.0, matteKey: $0.1) }),
                                  container: .zlibProtobuf)
    }

    @Test func plainSpritesInOrder() throws {
        #expect(try Self.drawList([("a", ""), ("b", ""), ("c", "")]).drawList == [.sprite(0), .sprite(1), .sprite(2)])
    }

    @Test func matteSourcesAreNeverDrawnDirectly() throws {
        let movie = try Self.drawList([("m.matte", ""), ("a", "")])
        #expect(movie.drawList == [.sprite(1)])
        #expect(movie.sprites.map(\.isMatteSource) == [true, false])
    }

    /// Rocket.svga's shape: a masked sprite between unmasked ones.
    @Test func runBetweenOrdinarySprites() throws {
        let movie = try Self.drawList([("m.matte", ""), ("right", ""), ("rightlight", "m.matte"), ("rl2", "m.matte"), ("left", "")])
        #expect(movie.drawList == [.sprite(1), .matteRun(matteSprite: 0, sprites: [2, 3]), .sprite(4)])
        #expect(movie.sprites[2].matteKey == "m.matte")
        #expect(movie.sprites[1].matteKey == nil)
    }

    @Test func differentMatteKeysMakeSeparateRuns() throws {
        let movie = try Self.drawList([("m1.matte", ""), ("m2.matte", ""), ("a", "m1.matte"), ("b", "m2.matte"), ("c", "m1.matte")])
        #expect(movie.drawList == [.matteRun(matteSprite: 0, sprites: [2]), .matteRun(matteSprite: 1, sprites: [3]),
                                   .matteRun(matteSprite: 0, sprites: [4])])
    }

    /// A matte source carrying the run's matteKey inside the run is skipped, not a run breaker.
    @Test func matteSourceInsideARunIsSkipped() throws {
        let movie = try Self.drawList([("m.matte", ""), ("a", "m.matte"), ("n.matte", "m.matte"), ("b", "m.matte")])
        #expect(movie.drawList == [.matteRun(matteSprite: 0, sprites: [1, 3])])
    }

    /// A matte source with another matteKey does end the run, as in the reference.
    @Test func matteSourceWithoutTheKeyEndsTheRun() throws {
        let movie = try Self.drawList([("m.matte", ""), ("a", "m.matte"), ("n.matte", ""), ("b", "m.matte")])
        #expect(movie.drawList == [.matteRun(matteSprite: 0, sprites: [1]), .matteRun(matteSprite: 0, sprites: [3])])
    }

    @Test func missingMatteGivesNilAndADiagnostic() throws {
        let movie = try Self.drawList([("a", "gone.matte"), ("b", "gone.matte"), ("c", "")])
        #expect(movie.drawList == [.matteRun(matteSprite: nil, sprites: [0, 1]), .sprite(2)])
        #expect(movie.diagnostics.map(\.kind) == [.missingMatte])
        #expect(movie.diagnostics.first?.sprite == 0)
    }

    /// The matte may be any sprite whose imageKey equals matteKey (no `.matte` suffix); the first
    /// one wins, and it is not drawn as a member of its own run.
    @Test func matteWithoutSuffixFirstMatchWins() throws {
        let movie = try Self.drawList([("shape", ""), ("shape", ""), ("a", "shape"), ("shape", "shape")])
        #expect(movie.drawList == [.sprite(0), .sprite(1), .matteRun(matteSprite: 0, sprites: [2, 3])])
    }

    @Test func matteLaterInTheListIsFound() throws {
        let movie = try Self.drawList([("a", "m.matte"), ("m.matte", "")])
        #expect(movie.drawList == [.matteRun(matteSprite: 1, sprites: [0])])
    }
}
