import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender

/// Renders a set of frames to PNG files (or other payloads) in parallel. Each frame is rendered
/// and encoded independently by whichever worker takes it, so the bytes written do not depend on
/// the thread count (the render test holds us to that). A frame that draws exactly like the frame
/// before it (a held pose) is not rendered again: it gets that frame's payload.
public struct SequenceRenderer: Sendable {
    public struct Summary: Sendable {
        public let frames: Int
        /// Frames whose pixels and PNG bytes were reused from an identical frame before them.
        public let reused: Int
        public let width: Int, height: Int
        public let seconds: Double
        public let files: [String]
    }

    public let renderer: MovieRenderer
    public let scale: Double
    public let compression: PNGCompression
    public let threads: Int
    /// Straight RGBA8 colour the PNG frames are composited over (`render --background`); nil
    /// keeps the frames' own alpha.
    public let background: [UInt8]?

    public init(renderer: MovieRenderer, scale: Double = 1, compression: PNGCompression = .fast, threads: Int? = nil,
                background: [UInt8]? = nil) {
        self.renderer = renderer
        self.scale = scale
        self.compression = compression
        self.threads = max(1, threads ?? AvailableCPUs.count)
        self.background = background
    }

    /// Frame `n` as written: rendered at `scale`, over `background` when there is one.
    public func renderFrame(_ n: Int) throws -> Pixmap {
        let pixmap = try renderer.render(frame: n, scale: scale)
        return background.map { pixmap.composited(over: $0) } ?? pixmap
    }

    /// What `write` did for one frame (`render -v` prints these).
    public struct FrameRecord: Sendable {
        public let frame: Int
        public let file: String
        public let bytes: Int
        /// The frame whose render and PNG this one reused (a held pose); nil when rendered itself.
        public let reusedFrom: Int?
        /// Render and PNG encoding time of the frame that was rendered (the source of a reused one).
        public let renderSeconds: Double, encodeSeconds: Double

        public init(frame: Int, file: String, bytes: Int, reusedFrom: Int?, renderSeconds: Double, encodeSeconds: Double) {
            self.frame = frame; self.file = file; self.bytes = bytes; self.reusedFrom = reusedFrom
            self.renderSeconds = renderSeconds; self.encodeSeconds = encodeSeconds
        }
    }

    /// A frame's PNG with the frame it was rendered from and its encoding time.
    struct EncodedFrame: Sendable { let frame: Int, png: [UInt8], seconds: Double }

    static func seconds(since begin: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - begin.uptimeNanoseconds) / 1e9
    }

    /// `frame_NNNN.png` with at least four digits, zero-based.
    public static func fileName(forFrame n: Int, frameCount: Int) -> String {
        let digits = max(4, String(max(0, frameCount - 1)).count)
        let s = String(n)
        return "frame_" + String(repeating: "0", count: max(0, digits - s.count)) + s + ".png"
    }

    /// Renders and encodes `frames`, calling `body(index, pngBytes)` for each (from worker
    /// threads, in no particular order). Stops at the first error and rethrows it. Returns the
    /// number of frames whose bytes were reused from an identical frame before them.
    @discardableResult
    public func forEachEncodedFrame(_ frames: [Int], progress: (@Sendable (Int) -> Void)? = nil,
                                    _ body: @Sendable (Int, [UInt8]) throws -> Void) throws -> Int {
        try forEachFrame(frames, order: .any, progress: progress, produce: { _, pixmap in try encode(pixmap) }, body)
    }

    /// The PNG bytes of a rendered frame: over `background` when there is one.
    func encode(_ pixmap: Pixmap) throws -> [UInt8] {
        try PNGEncoder.encode(background.map { pixmap.composited(over: $0) } ?? pixmap, compression: compression)
    }

    /// How rendered frames reach `body`.
    public enum Delivery: Sendable {
        /// As each worker finishes, concurrently, in no particular order.
        case any
        /// One at a time, in the order of `frames`, through a reorder window: a worker does not
        /// start a frame until fewer than `window` renders lie between it and the next one to
        /// deliver, so at most `window` produced payloads wait in memory however long the movie.
        case inOrder(window: Int)
    }

    /// Consecutive runs of `frames` that render to the same pixels (`MovieRenderer.firstIdenticalFrames`):
    /// each run is rendered once, at its first frame, and its payload handed out for every frame
    /// of the run. Indices are positions in `frames`.
    func renderRuns(_ frames: [Int]) -> [Range<Int>] {
        let first = renderer.firstIdenticalFrames()
        func key(_ n: Int) -> Int { n >= 0 && n < first.count ? first[n] : n }
        var runs: [Range<Int>] = []
        var start = 0
        for i in frames.indices.dropFirst() where key(frames[i]) != key(frames[i - 1]) {
            runs.append(start..<i); start = i
        }
        if !frames.isEmpty { runs.append(start..<frames.count) }
        return runs
    }

    /// The frame loop: workers render `frames` in parallel (each run of identical frames once),
    /// turn each pixmap into a payload with `produce` (PNG bytes, raw RGBA, …) and hand it to
    /// `body` as `delivery` says. Stops at the first error and rethrows it. `progress` gets the
    /// count of frames delivered. Returns the number of frames that reused a payload.
    @discardableResult
    public func forEachFrame<Payload: Sendable>(_ frames: [Int], order delivery: Delivery,
                                      progress: (@Sendable (Int) -> Void)? = nil,
                                      rendered: (@Sendable (_ frame: Int, _ seconds: Double) -> Void)? = nil,
                                      produce: @Sendable (Int, Pixmap) throws -> Payload,
                                      _ body: @Sendable (Int, Payload) throws -> Void) throws -> Int {
        let runs = renderRuns(frames)
        let state = Locked(FrameLoopState<Payload>())
        let wake = NSCondition()
        let window: Int? = if case .inOrder(let w) = delivery { max(1, w) } else { nil }
        let workers = min(threads, max(1, runs.count), window ?? Int.max)

        try ParallelMap.forEach(runs.count, threads: workers) { r in
            if let window {
                // Runs are taken in order, so the worker holding the next run to deliver never
                // waits here and the window always drains.
                wake.lock()
                while state.withLock({ $0.failure == nil && r >= $0.nextToDeliver + window }) { wake.wait() }
                wake.unlock()
            }
            // Another run failed while this one waited: the loop is stopping.
            if state.withLock({ $0.failure != nil }) { return }
            do {
                let first = frames[runs[r].lowerBound]
                let begin = DispatchTime.now()
                let pixmap = try renderer.render(frame: first, scale: scale)
                rendered?(first, Self.seconds(since: begin))
                let payload = try produce(first, pixmap)
                if window == nil {
                    for i in runs[r] {
                        try body(frames[i], payload)
                        progress?(state.withLock { s in s.delivered += 1; return s.delivered })
                    }
                    return
                }
                // In order: park the payload; whoever finds the next run parked and nobody
                // delivering becomes the deliverer until the sequence of parked runs ends.
                var batch = state.withLock { s -> [(Int, Payload)] in
                    s.parked[r] = payload
                    return s.takeDeliverable()
                }
                while !batch.isEmpty {
                    for (run, item) in batch {
                        for i in runs[run] {
                            try body(frames[i], item)
                            progress?(i + 1)
                        }
                    }
                    batch = state.withLock { s in
                        s.nextToDeliver += batch.count
                        s.delivering = false
                        return s.takeDeliverable()
                    }
                    wake.lock(); wake.broadcast(); wake.unlock()
                }
            } catch {
                // Wake the workers waiting on the window so they see the failure and stop.
                state.withLock { if $0.failure == nil { $0.failure = error } }
                wake.lock(); wake.broadcast(); wake.unlock()
                throw error
            }
        }
        return frames.count - runs.count
    }

    /// The file names `write` uses: `frame_NNNN.png` numbered by frame index, or, with
    /// `numberedFrom`, a contiguous sequence from that number in the order of `frames` (so
    /// ffmpeg's default `frame_%04d.png` pattern reads a partial range).
    public func fileNames(_ frames: [Int], numberedFrom start: Int? = nil) -> [String] {
        let frameCount = renderer.movie.frameCount
        guard let start else { return frames.map { SequenceRenderer.fileName(forFrame: $0, frameCount: frameCount) } }
        let count = max(frameCount, start + frames.count)
        return frames.indices.map { SequenceRenderer.fileName(forFrame: start + $0, frameCount: count) }
    }

    /// Writes `frame_NNNN.png` files into `directory` (created if needed), named as `fileNames`.
    /// `written` gets a record per frame, from worker threads, in no particular order.
    public func write(_ frames: [Int], to directory: URL, numberedFrom start: Int? = nil,
                      progress: (@Sendable (Int) -> Void)? = nil,
                      written: (@Sendable (FrameRecord) -> Void)? = nil) throws -> Summary {
        let begin = DispatchTime.now()
        // Check the canvas first, so a bad scale leaves no empty output folder behind.
        let size = try renderer.canvasSize(scale: scale)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = fileNames(frames, numberedFrom: start)
        var nameOfFrame: [Int: String] = [:]
        for (n, name) in zip(frames, files) { nameOfFrame[n] = name }
        let names = nameOfFrame
        let renderSeconds = Locked([Int: Double]())
        let produce: @Sendable (Int, Pixmap) throws -> EncodedFrame = { n, pixmap in
            let begin = DispatchTime.now()
            let png = try encode(pixmap)
            return EncodedFrame(frame: n, png: png, seconds: Self.seconds(since: begin))
        }
        let recordRenderTime: @Sendable (Int, Double) -> Void = { n, seconds in renderSeconds.withLock { $0[n] = seconds } }
        let reused = try forEachFrame(frames, order: .any, progress: progress, rendered: written == nil ? nil : recordRenderTime, produce: produce) { n, encoded in
            try Data(encoded.png).write(to: directory.appendingPathComponent(names[n]!))
            if let written {
                written(FrameRecord(frame: n, file: names[n]!, bytes: encoded.png.count,
                                    reusedFrom: encoded.frame == n ? nil : encoded.frame,
                                    renderSeconds: renderSeconds.withLock { $0[encoded.frame] ?? 0 }, encodeSeconds: encoded.seconds))
            }
        }
        let seconds = Self.seconds(since: begin)
        return Summary(frames: frames.count, reused: reused, width: size.width, height: size.height, seconds: seconds, files: files)
    }
}

/// Shared state of one `forEachFrame` run (behind `Locked`: see Locked.swift for why).
struct FrameLoopState<Payload: Sendable> {
    var delivered = 0
    var failure: Error?
    /// In-order delivery: produced payloads waiting for their turn, by run index.
    var parked: [Int: Payload] = [:]
    var nextToDeliver = 0
    var delivering = false

    /// The consecutive parked payloads from `nextToDeliver` on, when nobody is delivering; marks
    /// the caller as the deliverer when there are any.
    mutating func takeDeliverable() -> [(Int, Payload)] {
        guard !delivering, failure == nil else { return [] }
        var batch: [(Int, Payload)] = []
        var n = nextToDeliver
        while let p = parked.removeValue(forKey: n) { batch.append((n, p)); n += 1 }
        if !batch.isEmpty { delivering = true }
        return batch
    }
}
