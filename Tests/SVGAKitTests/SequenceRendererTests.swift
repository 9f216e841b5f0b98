import Foundation
import SVGAFormat
import SVGAKit
import SVGARender
import SVGATestSupport
import Testing

/// `svga render --threads N` must write the same bytes for any N (issue 3): every frame is rendered
/// and encoded on its own, so scheduling cannot leak into the output.
struct SequenceRendererTests {
    /// Thread-safe collection of encoded frames (a class: the closure shares it by reference).
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var frames: [Int: [UInt8]] = [:]
        func set(_ n: Int, _ png: [UInt8]) { lock.lock(); frames[n] = png; lock.unlock() }
        var all: [Int: [UInt8]] { lock.lock(); defer { lock.unlock() }; return frames }
    }

    static func encodedFrames(_ renderer: MovieRenderer, threads: Int) throws -> [Int: [UInt8]] {
        let frames = Array(0..<renderer.movie.frameCount)
        let collected = Collected()
        try SequenceRenderer(renderer: renderer, threads: threads).forEachEncodedFrame(frames) { n, png in
            collected.set(n, png)
        }
        return collected.all
    }

    @Test(arguments: ["matte", "shapes", "bitmaps"])
    func sameBytesForAnyThreadCount(_ sample: String) throws {
        let movie = try SVGADecoder.decode(Fixtures.sampleAsset(sample + ".svga"))
        let renderer = try MovieRenderer(movie: movie)
        let one = try Self.encodedFrames(renderer, threads: 1)
        let four = try Self.encodedFrames(renderer, threads: 4)
        #expect(one.count == movie.frameCount)
        #expect(one == four)
    }

    @Test func fileNamesHaveAtLeastFourDigits() {
        #expect(SequenceRenderer.fileName(forFrame: 7, frameCount: 30) == "frame_0007.png")
        #expect(SequenceRenderer.fileName(forFrame: 12345, frameCount: 20000) == "frame_12345.png")
        #expect(SequenceRenderer.fileName(forFrame: 3, frameCount: 100000) == "frame_00003.png")
    }

    @Test(arguments: [
        ("0-9,15,20-", 25, Array(0...9) + [15] + Array(20...24)),
        ("3", 10, [3]),
        ("-2", 10, [0, 1, 2]),
        ("5-", 8, [5, 6, 7]),
        ("2,2,1", 5, [1, 2]),
    ])
    func frameSelections(_ spec: String, _ count: Int, _ expected: [Int]) throws {
        #expect(try FrameSelection.parse(spec, frameCount: count).frames == expected)
    }

    @Test(arguments: ["", "a", "3-1", "1,,2", "10", "0-99"])
    func badFrameSelections(_ spec: String) {
        #expect(throws: FrameSelection.ParseError.self) { try FrameSelection.parse(spec, frameCount: 10) }
    }
}

/// Regressions for `--frames` and file reading found by review.
struct FrameSelectionAndLoaderRegressionTests {
    @Test("a frame list of 300 000 overlapping open ranges is merged, not expanded part by part")
    func manyOverlappingRangesAreCheap() throws {
        let spec = Array(repeating: "1-", count: 300_000).joined(separator: ",")
        let selection = try FrameSelection.parse(spec, frameCount: 100_000)
        #expect(selection.frames.count == 99_999)
        #expect(selection.frames.first == 1 && selection.frames.last == 99_999)
    }

    @Test("a device or FIFO is refused as 'not a regular file', not read", arguments: ["/dev/zero", "/dev/null"])
    func nonRegularFilesAreRefused(_ path: String) {
        #expect {
            try MovieLoader.readBytes(path)
        } throws: { error in
            (error as? MovieLoader.LoadError)?.description.contains("not a regular file") == true
        }
    }
}
