import Testing
import SVGAGeometry
@testable import SVGAFormat

// Params and counts (spec A.2, A.8): absent params are zeros; a viewBox must be finite,
// non-negative and within `Limits.maxCanvasPixels`; fps/frames non-negative; counts capped.

struct MovieLimitsTests {
    static func resolve(_ raw: RawMovie) throws(DecodeError) -> Movie {
        try MovieResolver.resolve(raw, container: .zlibProtobuf)
    }

    static func limitMessage(_ raw: RawMovie) -> String? {
        do { _ = try resolve(raw); return nil } catch {
            return error.stage == .limits ? error.message : "wrong stage \(error)"
        }
    }

    @Test func absentParamsAreZeros() throws {
        let movie = try Self.resolve(RawMovie(version: "2.0.0"))
        #expect(movie.viewBox == Size(width: 0, height: 0))
        #expect(movie.fps == 0 && movie.frameCount == 0 && movie.duration == 0)
        #expect(movie.version == "2.0.0")
        #expect(movie.container == .zlibProtobuf)
    }

    @Test func paramsAreCarriedOver() throws {
        let movie = try Self.resolve(RawMovie(params: RawParams(viewBoxWidth: 399.5, viewBoxHeight: 300, fps: 20, frames: 40)))
        #expect(movie.viewBox == Size(width: 399.5, height: 300))
        #expect(movie.fps == 20 && movie.frameCount == 40 && movie.duration == 2)
    }

    @Test(arguments: [
        (RawParams(viewBoxWidth: .nan, viewBoxHeight: 1), "viewBox nan × 1.0 is not a finite, non-negative size"),
        (RawParams(viewBoxWidth: .infinity, viewBoxHeight: 1), "viewBox inf × 1.0 is not a finite, non-negative size"),
        (RawParams(viewBoxWidth: -1, viewBoxHeight: 1), "viewBox -1.0 × 1.0 is not a finite, non-negative size"),
        (RawParams(viewBoxWidth: 2048, viewBoxHeight: 4096.5), "params: viewBox 2048.0 × 4096.5 needs 8390656 pixels > limit 8388608 (maxCanvasPixels)"),
        (RawParams(viewBoxWidth: 1000, viewBoxHeight: 1000, frames: 5000), "params: 1000000 canvas pixels × 5000 frames = 5000000000 > limit 4294967296 (maxCanvasPixelFrames)"),
        (RawParams(fps: -1), "params.fps -1 is negative"),
        (RawParams(frames: -5), "params.frames -5 is negative"),
        (RawParams(frames: 100_001), "params.frames: 100001 > limit 100000"),
    ])
    func rejectedParams(_ params: RawParams, _ message: String) {
        #expect(Self.limitMessage(RawMovie(params: params)) == message)
    }

    @Test func largestCanvasPasses() throws {
        _ = try Self.resolve(RawMovie(params: RawParams(viewBoxWidth: 2048, viewBoxHeight: 4096)))
    }

    @Test func spriteAndFrameCountsAreCapped() {
        let tooMany = RawMovie(sprites: Array(repeating: RawSprite(), count: Limits.maxSprites + 1))
        #expect(Self.limitMessage(tooMany) == "sprites: \(Limits.maxSprites + 1) > \(Limits.maxSprites)")
        let longSprite = RawMovie(sprites: [RawSprite(), RawSprite(frames: Array(repeating: RawFrame(), count: Limits.maxFramesPerSprite + 1))])
        #expect(Self.limitMessage(longSprite) == "sprite 1: frames: \(Limits.maxFramesPerSprite + 1) > \(Limits.maxFramesPerSprite)")
        let busyFrame = RawMovie(sprites: [RawSprite(frames: [RawFrame(shapes: Array(repeating: RawShape(), count: Limits.maxShapesPerFrame + 1))])])
        #expect(Self.limitMessage(busyFrame) == "sprite 0 frame 0: shapes: \(Limits.maxShapesPerFrame + 1) > \(Limits.maxShapesPerFrame)")
    }

    @Test func nonFiniteAlphaIsZeroWithADiagnostic() throws {
        let movie = try Self.resolve(RawMovie(sprites: [RawSprite(frames: [RawFrame(alpha: .nan), RawFrame(alpha: 0.5)])]))
        #expect(movie.sprites[0].frames.map(\.alpha) == [0, 0.5])
        #expect(movie.diagnostics.map(\.kind) == [.nonFiniteNumber])
    }

    /// A.3: absent layout is zero, absent transform is identity, a present one is used as is.
    @Test func frameGeometryDefaults() throws {
        let movie = try Self.resolve(RawMovie(sprites: [RawSprite(frames: [
            RawFrame(alpha: 1), RawFrame(alpha: 1, layout: RawLayout(width: 10, height: 20), transform: RawTransform(tx: 4)),
        ])]))
        let f = movie.sprites[0].frames
        #expect(f[0].layout == .zero && f[0].transform == .identity)
        #expect(f[1].layout.width == 10 && f[1].layout.height == 20)
        #expect(f[1].transform == Transform(a: 0, b: 0, c: 0, d: 0, tx: 4, ty: 0))
        #expect(!f[1].transform.isDrawable)
    }
}

extension MovieLimitsTests {
    /// One bad shape in every frame of a long sprite gives at most `Limits.maxDiagnostics` notes.
    @Test func diagnosticsAreCapped() throws {
        let bad = RawShape(unknownType: 5)
        let frames = Array(repeating: RawFrame(alpha: 1, shapes: [bad, bad]), count: Limits.maxDiagnostics)
        let movie = try Self.resolve(RawMovie(sprites: [RawSprite(frames: frames)]))
        #expect(movie.diagnostics.count == Limits.maxDiagnostics)
        #expect(movie.sprites[0].frames.allSatisfy { $0.shapes.isEmpty })
    }
}
