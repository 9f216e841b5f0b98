import Foundation
import SVGAFormat
import SVGAKit
import SVGARender
import SVGATestSupport
import Testing

/// The pieces of `svga export` that need no ffmpeg: in-order delivery through the reorder
/// window, the audio timeline, and the ffmpeg audio graph built from it.
struct ExportPipelineTests {
    /// Counts frames produced but not yet delivered, and records the delivery order.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var pending = 0
        private(set) var maxPending = 0
        private(set) var order: [Int] = []
        func produced() { lock.lock(); pending += 1; maxPending = max(maxPending, pending); lock.unlock() }
        func delivered(_ n: Int) { lock.lock(); pending -= 1; order.append(n); lock.unlock() }
    }

    @Test("frames reach the encoder in order, never more than the window ahead", arguments: [1, 3, 8])
    func inOrderWindow(window: Int) throws {
        let movie = try SVGADecoder.decode(Fixtures.sampleAsset("shapes.svga"))
        let job = SequenceRenderer(renderer: try MovieRenderer(movie: movie), scale: 0.25, threads: 4)
        let tally = Tally()
        let frames = Array((0..<movie.frameCount).reversed()) + Array(0..<movie.frameCount)
        try job.forEachFrame(frames, order: .inOrder(window: window),
                             produce: { _, pixmap in tally.produced(); return pixmap.width }) { n, _ in
            tally.delivered(n)
        }
        #expect(tally.order == frames)
        #expect(tally.maxPending <= window, "\(tally.maxPending) frames waited, window \(window)")
    }

    @Test("an error in delivery stops the loop and is rethrown")
    func deliveryErrorStops() throws {
        struct Stop: Error {}
        let movie = try SVGADecoder.decode(Fixtures.sampleAsset("shapes.svga"))
        let job = SequenceRenderer(renderer: try MovieRenderer(movie: movie), scale: 0.25, threads: 4)
        let tally = Tally()
        #expect(throws: Stop.self) {
            try job.forEachFrame(Array(0..<movie.frameCount), order: .inOrder(window: 2),
                                 produce: { _, _ in 0 }) { n, _ in
                tally.delivered(n)
                if n == 5 { throw Stop() }
            }
        }
        #expect(tally.order == Array(0...5))
    }

    static let beat = AudioEntry(key: "beat", startFrame: 2, endFrame: 18, startTime: 250, totalTime: 1000, data: [1, 2, 3])

    @Test func audioOnTheWholeTimeline() {
        let p = AudioTimeline.placements([Self.beat], frames: Array(0..<20), fps: 20)
        #expect(p == [AudioPlacement(key: "beat", data: [1, 2, 3], delay: 0.1, offset: 0.25, duration: 0.8)])
    }

    @Test func audioShiftedAndClippedByAFrameRange() {
        // Frames 5…10: the entry is already playing (3 frames in) and is cut after frame 10.
        let p = AudioTimeline.placements([Self.beat], frames: Array(5...10), fps: 20)
        #expect(p?.count == 1)
        #expect(p?.first?.delay == 0)
        #expect(abs((p?.first?.offset ?? 0) - 0.4) < 1e-9)
        #expect(abs((p?.first?.duration ?? 0) - 0.3) < 1e-9)
        #expect(AudioTimeline.placements([Self.beat], frames: Array(18...19), fps: 20) == [])
    }

    @Test func audioLeftOutWhenItCannotPlay() {
        #expect(AudioTimeline.placements([Self.beat], frames: [0, 1, 5], fps: 20) == nil, "not contiguous")
        let backwards = AudioEntry(key: "b", startFrame: 10, endFrame: 10, startTime: 0, totalTime: 0, data: [1])
        let empty = AudioEntry(key: "e", startFrame: 0, endFrame: 10, startTime: 0, totalTime: 0, data: [])
        #expect(AudioTimeline.placements([backwards, empty], frames: Array(0..<20), fps: 20) == [])
    }

    @Test("the audio graph trims, delays (in samples), mixes, and pads to the video length")
    func audioGraph() {
        let placements = [AudioPlacement(key: "a", data: [1], delay: 0.1, offset: 0.25, duration: 0.8),
                          AudioPlacement(key: "b", data: [1], delay: 0, offset: 0, duration: 1)]
        let command = FFmpegCommand(width: 10, height: 10, fps: 20, format: .webm, options: ExportOptions(format: .webm),
                                    layout: .none, audio: [("/t/a.mp3", placements[0]), ("/t/b.mp3", placements[1])], duration: 1)
        let args = command.arguments(output: "/t/out")
        let graph = args[args.firstIndex(of: "-filter_complex")! + 1]
        #expect(graph.contains("[1:a]atrim=start=250000us:duration=800000us,asetpts=PTS-STARTPTS,aresample=48000,adelay=delays=4800S:all=1[a0]"))
        #expect(graph.contains("[a0][a1]amix=inputs=2:duration=longest:normalize=0,apad=whole_dur=1000000us,atrim=end=1000000us[a]"))
        #expect(args.contains("libopus") && args.suffix(3) == ["-f", "webm", "/t/out"])
        // Formats without sound get no audio graph even when given placements.
        let gif = FFmpegCommand(width: 10, height: 10, fps: 20, format: .gif, options: ExportOptions(format: .gif),
                                layout: .none, audio: [("/t/a.mp3", placements[0])], duration: 1)
        #expect(!gif.arguments(output: "/t/o").contains("[a]"))
    }

    @Test func rawInputArguments() {
        #expect(FFmpegCommand.rawInputArguments(width: 300, height: 200, fps: 30)
                == ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "300x200", "-r", "30", "-i", "-"])
    }

    @Test func sidecarRectangles() {
        let s = AlphaVideoSidecar(layout: .topBottom, canvasWidth: 101, canvasHeight: 51, fps: 30, frames: 9)
        #expect(s.videoWidth == 102 && s.videoHeight == 102)
        #expect(s.alphaOrigin.x == 0 && s.alphaOrigin.y == 51)
    }
}
