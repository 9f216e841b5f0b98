import Testing
import SVGAGeometry
@testable import SVGAFormat

// KEEP (spec A.5, B.3.8): a frame whose first shape is KEEP reuses the resolved shapes of the
// most recent earlier non-KEEP frame of the same sprite; an empty shape list resets the chain.

struct KeepResolutionTests {
    static let keep = RawShape(type: .keep)
    static func path(_ d: String) -> RawShape {
        RawShape(type: .shape, args: .shape(d: d), styles: RawShapeStyle(fill: RawColor(r: 1, a: 1)))
    }

    static func resolve(_ frames: [[RawShape]], sprites: Int = 1) throws -> Movie {
        let sprite = RawSprite(imageKey: "v.vector", frames: frames.map { RawFrame(alpha: 1, shapes: $0) })
        return try MovieResolver.resolve(RawMovie(sprites: Array(repeating: sprite, count: sprites)), container: .zlibProtobuf)
    }

    @Test func keepReusesThePreviousResolvedShapes() throws {
        let movie = try Self.resolve([[Self.path("M0 0L1 0L1 1Z")], [Self.keep], [Self.keep]])
        let frames = movie.sprites[0].frames
        #expect(frames.map(\.isKeep) == [false, true, true])
        #expect(frames[1].shapes == frames[0].shapes)
        #expect(frames[2].shapes == frames[0].shapes)
        #expect(frames[0].shapes.first?.path.segments.count == 4)
    }

    @Test func keepFollowsTheMostRecentNonKeepFrame() throws {
        let movie = try Self.resolve([[Self.path("M0 0L1 0Z")], [Self.path("M5 5L6 6Z")], [Self.keep]])
        let frames = movie.sprites[0].frames
        #expect(frames[2].shapes == frames[1].shapes)
        #expect(frames[2].shapes != frames[0].shapes)
    }

    @Test func emptyFrameResetsTheChain() throws {
        let movie = try Self.resolve([[Self.path("M0 0L1 0Z")], [], [Self.keep]])
        #expect(movie.sprites[0].frames[2].shapes.isEmpty)
        #expect(movie.sprites[0].frames[2].isKeep)
    }

    @Test func keepAtTheStartResolvesToNothing() throws {
        let movie = try Self.resolve([[Self.keep], [Self.path("M0 0L1 0Z")]])
        #expect(movie.sprites[0].frames[0].shapes.isEmpty)
        #expect(movie.sprites[0].frames[1].shapes.count == 1)
    }

    /// Only the *first* shape makes a KEEP frame; a KEEP later in the list draws nothing.
    @Test func keepOnlyCountsAsTheFirstShape() throws {
        let movie = try Self.resolve([[Self.path("M0 0L1 0Z")], [Self.path("M2 2L3 3Z"), Self.keep]])
        let f = movie.sprites[0].frames[1]
        #expect(!f.isKeep)
        #expect(f.shapes.count == 1)
    }

    /// The chain belongs to one sprite (not the Web player's static `lastShapes`, B.3.8).
    @Test func chainsDoNotCrossSprites() throws {
        let a = RawSprite(imageKey: "a", frames: [RawFrame(alpha: 1, shapes: [Self.path("M0 0L1 0Z")])])
        let b = RawSprite(imageKey: "b", frames: [RawFrame(alpha: 1, shapes: [Self.keep])])
        let movie = try MovieResolver.resolve(RawMovie(sprites: [a, b]), container: .zlibProtobuf)
        #expect(movie.sprites[1].frames[0].shapes.isEmpty)
    }

    /// The frame's own alpha, transform and clip still apply to kept shapes.
    @Test func keepFramesKeepTheirOwnFrameProperties() throws {
        let frames = [RawFrame(alpha: 1, shapes: [Self.path("M0 0L1 0Z")]),
                      RawFrame(alpha: 0.25, transform: RawTransform(a: 2, d: 2, tx: 5), clipPath: "M0 0H4V4Z",
                               shapes: [Self.keep])]
        let movie = try MovieResolver.resolve(RawMovie(sprites: [RawSprite(imageKey: "k", frames: frames)]),
                                              container: .zlibProtobuf)
        let f = movie.sprites[0].frames[1]
        #expect(f.alpha == 0.25)
        #expect(f.transform == Transform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 0))
        #expect(f.clipPath != nil)
        #expect(f.shapes == movie.sprites[0].frames[0].shapes)
    }
}
