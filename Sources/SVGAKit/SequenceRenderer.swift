import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender

/// Renders a set of frames to PNG files in parallel. Each frame is rendered and encoded
/// independently by whichever worker takes it, so the bytes written do not depend on the
/// thread count (the render test holds us to that).
public struct SequenceRenderer: Sendable {
    public struct Summary: Sendable {
        public let frames: Int
        /// Frames whose pixels and PNG bytes were reused from an identical earlier frame.
        public let reused: Int
        public let width: Int, height: Int
        public let seconds: Double
        public let files: [String]
    }

    public let renderer: MovieRenderer
    public let scale: Double
    public let compression: PNGCompression
    public let threads: Int

    public init(renderer: MovieRenderer, scale: Double = 1, compression: PNGCompression = .fast, threads: Int? = nil) {
        self.renderer = renderer
        self.scale = scale
        self.compression = compression
        self.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// `frame_NNNN.png` with at least four digits, zero-based.
    public static func fileName(forFrame n: Int, frameCount: Int) -> String {
        let digits = max(4, String(max(0, frameCount - 1)).count)
        let s = String(n)
        return "frame_" + String(repeating: "0", count: max(0, digits - s.count)) + s + ".png"
    }

    /// The requested frames grouped by the frame that is actually rendered for them: frames that
    /// draw exactly like the frame before them share one render (`MovieRenderer.firstIdenticalFrames`).
    /// Groups are in order of first appearance; `frames` indices outside the movie render alone.
    func renderGroups(_ frames: [Int]) -> [(render: Int, frames: [Int])] {
        let first = renderer.firstIdenticalFrames()
        var order: [Int] = [], members: [Int: [Int]] = [:]
        for n in frames {
            let key = n >= 0 && n < first.count ? first[n] : n
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(n)
        }
        return order.map { ($0, members[$0]!) }
    }

    /// Renders and encodes `frames`, calling `body(index, pngBytes)` for each (from worker
    /// threads, in no particular order). A frame identical to the one before it reuses that
    /// frame's bytes. Stops at the first error and rethrows it. Returns the number of frames
    /// whose bytes were reused.
    @discardableResult
    public func forEachEncodedFrame(_ frames: [Int], progress: (@Sendable (Int) -> Void)? = nil,
                                    _ body: @Sendable (Int, [UInt8]) throws -> Void) throws -> Int {
        let groups = renderGroups(frames)
        let next = Locked(0)
        let done = Locked(0)
        let failure = Locked<Error?>(nil)
        let workers = min(threads, max(1, groups.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                if failure.withLock({ $0 != nil }) { return }
                let i = next.takeNext()
                if i >= groups.count { return }
                do {
                    let pixmap = try renderer.render(frame: groups[i].render, scale: scale)
                    let png = try PNGEncoder.encode(pixmap, compression: compression)
                    for n in groups[i].frames {
                        try body(n, png)
                        let count = done.takeNext() + 1
                        progress?(count)
                    }
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                    return
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return frames.count - groups.count
    }

    /// Writes `frame_NNNN.png` files into `directory` (created if needed).
    public func write(_ frames: [Int], to directory: URL, progress: (@Sendable (Int) -> Void)? = nil) throws -> Summary {
        let start = DispatchTime.now()
        // Check the canvas first, so a bad scale leaves no empty output folder behind.
        let size = try renderer.canvasSize(scale: scale)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let frameCount = renderer.movie.frameCount
        let reused = try forEachEncodedFrame(frames, progress: progress) { n, png in
            let url = directory.appendingPathComponent(SequenceRenderer.fileName(forFrame: n, frameCount: frameCount))
            try Data(png).write(to: url)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let files = frames.map { SequenceRenderer.fileName(forFrame: $0, frameCount: frameCount) }
        return Summary(frames: frames.count, reused: reused, width: size.width, height: size.height, seconds: seconds, files: files)
    }
}
