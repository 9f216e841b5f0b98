import SVGAFormat
import SVGAKit
import SVGAPreview
import SVGATestSupport
import Testing

/// Which frames the previews use: the poster is the frame with the most visible content, the
/// sheet spreads its frames evenly (first and last included), the APNG has every frame.
struct PreviewFrameSelectionTests {
    static func movie(frames: Int, canvas: Float = 300) -> Movie {
        var m = TestMovies.clean()
        m.params = RawParams(viewBoxWidth: canvas, viewBoxHeight: canvas, fps: 20, frames: Int32(frames))
        m.sprites = m.sprites.map { s in var s = s; s.frames = Array(repeating: s.frames[0], count: frames); return s }
        return try! SVGADecoder.decode(TestMovies.zlib(m))
    }

    @Test func posterIsTheMostVisibleFrame() throws {
        // The bitmap is faint except in frame 13, where it is opaque.
        var m = TestMovies.clean()
        for n in 0..<20 { m.sprites[0].frames[n].alpha = n == 13 ? 1 : 0.2 }
        let preview = try PreviewMaker.make(movie: SVGADecoder.decode(TestMovies.zlib(m)))
        #expect(preview.posterFrame == 13)
    }

    @Test func posterPrefersMoreCoverage() throws {
        // The bitmap grows to its full size in frame 6 only.
        var m = TestMovies.clean()
        m.sprites = [TestMovies.bitmapSprite("star", transform: TestMovies.translate(10, 10, scale: 0.5))]
        m.sprites[0].frames[6].transform = TestMovies.translate(10, 10, scale: 2)
        let preview = try PreviewMaker.make(movie: SVGADecoder.decode(TestMovies.zlib(m)))
        #expect(preview.posterFrame == 6)
    }

    @Test("sheet frames are evenly spaced", arguments: [(40, 16), (16, 16), (5, 5), (1, 1), (563, 16)])
    func sheetFrames(frameCount: Int, expectedCount: Int) throws {
        let preview = try PreviewMaker.make(movie: Self.movie(frames: frameCount), options: PreviewOptions(maxSize: 40))
        let frames = preview.sheetFrames
        #expect(frames.count == expectedCount)
        #expect(frames.first == 0 && frames.last == frameCount - 1)
        #expect(frames == frames.sorted() && Set(frames).count == frames.count)
        if frames.count > 2 {
            let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
            #expect((gaps.max() ?? 0) - (gaps.min() ?? 0) <= 1, "even spacing: \(gaps)")
        }
        #expect(preview.animationFrames == Array(0..<frameCount))
    }

    @Test func scaledToMaxSizeNeverUp() throws {
        let small = try PreviewMaker.make(movie: Self.movie(frames: 4), options: PreviewOptions(maxSize: 360))
        #expect([small.animationSize.width, small.animationSize.height] == [300, 300])
        #expect([small.posterSize.width, small.posterSize.height] == [300, 300])
        for maxSize in [120, 100, 64, 7] {
            let scaled = try PreviewMaker.make(movie: Self.movie(frames: 2), options: PreviewOptions(maxSize: maxSize))
            #expect([scaled.animationSize.width, scaled.animationSize.height] == [maxSize, maxSize], "never one pixel over")
            #expect([scaled.posterSize.width, scaled.posterSize.height] == [300, 300], "the poster is full size")
        }
    }

    @Test func tooManyFramesForMemoryAreSubsampled() throws {
        // 40 frames of 30 × 30 with room for 16: every 3rd frame, at 20 / 3 ≈ 7 fps.
        let options = PreviewOptions(maxSize: 30, maxAnimationBytes: 16 * 30 * 30 * 4)
        let preview = try PreviewMaker.make(movie: Self.movie(frames: 40), options: options)
        #expect(preview.animationFrames == Array(stride(from: 0, to: 40, by: 3)))
        #expect(preview.animationFps == 7)
        #expect(preview.notes.contains { $0.contains("one frame in 3") }, "\(preview.notes)")
    }

    @Test func noFramesIsAnError() throws {
        var m = TestMovies.clean()
        m.params?.frames = 0
        #expect(throws: PreviewError.self) { try PreviewMaker.make(movie: SVGADecoder.decode(TestMovies.zlib(m))) }
    }
}
