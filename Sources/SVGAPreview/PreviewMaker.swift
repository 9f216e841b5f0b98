import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGARender
import SVGAText
import Synchronization

/// Makes the three preview images of `svga preview` (issue 4):
/// - preview.png: every frame at the preview scale, min(1, maxSize / longest canvas side), as
///   an APNG at the movie's fps, looping forever;
/// - poster.png: the frame among those with the largest Σ alpha, re-rendered at scale 1 (or the
///   poster size cap);
/// - sheet.png: up to `sheetFrames` evenly spaced frames (first and last included) at the preview
///   scale, on a checkerboard, labelled.
/// Frames are rendered in parallel; the bytes do not depend on the thread count.
public enum PreviewMaker {
    public static func make(movie: Movie, options: PreviewOptions = PreviewOptions()) throws(PreviewError) -> Preview {
        guard movie.frameCount > 0 else { throw .noFrames }
        guard options.maxSize > 0, options.posterMaxSize > 0, options.sheetFrames > 0 else {
            throw .invalidOption("--max-size, the poster size and the sheet frame count must be > 0")
        }
        let renderer: MovieRenderer
        do { renderer = try MovieRenderer(movie: movie) } catch { throw .render(error) }
        var notes = renderer.warnings

        let longest = max(movie.viewBox.width, movie.viewBox.height)
        let scale = fitting(longest, into: options.maxSize)
        let size: (width: Int, height: Int)
        do { size = try renderer.canvasSize(scale: scale) } catch { throw .render(error) }

        // The animation: every frame, unless that would take more than maxAnimationBytes; then
        // every k-th frame at fps / k (a guard for absurd frame counts only).
        let frameBytes = size.width * size.height * 4
        let framesThatFit = max(1, options.maxAnimationBytes / max(frameBytes, 1))
        let step = (movie.frameCount + framesThatFit - 1) / framesThatFit
        let animationFrames = Array(stride(from: 0, to: movie.frameCount, by: step))
        var fps = movie.fps
        if fps <= 0 {
            fps = 20
            notes.append("the movie's fps is \(movie.fps); preview.png plays at 20 fps")
        }
        if step > 1 {
            notes.append("preview.png keeps one frame in \(step) (\(animationFrames.count) of \(movie.frameCount)) to stay within \(byteString(options.maxAnimationBytes))")
            fps = max(1, Int((Double(fps) / Double(step)).rounded()))
        }
        let rendered = try render(animationFrames, with: renderer, scale: scale, threads: options.threads)

        let best = PosterSelector.mostVisible(rendered)
        let posterFrame = animationFrames[best]
        let posterScale = fitting(longest, into: options.posterMaxSize)
        let posterPixmap: Pixmap
        if posterScale == scale {
            posterPixmap = rendered[best]
        } else {
            do throws(RenderError) { posterPixmap = try renderer.render(frame: posterFrame, scale: posterScale) } catch { throw .render(error) }
        }

        let sheetFrames = evenlySpaced(min(options.sheetFrames, movie.frameCount), of: movie.frameCount)
        var byFrame: [Int: Pixmap] = [:]
        for (i, n) in animationFrames.enumerated() { byFrame[n] = rendered[i] }
        let missing = sheetFrames.filter { byFrame[$0] == nil }
        for (i, pixmap) in try render(missing, with: renderer, scale: scale, threads: options.threads).enumerated() {
            byFrame[missing[i]] = pixmap
        }
        var label: SheetLabel?
        do {
            label = SheetLabel(face: try FontFace(path: options.fontPath))
        } catch {
            notes.append("sheet.png has no frame labels: \(error.description)")
        }
        let layout = ContactSheet(cellWidth: size.width, cellHeight: size.height, count: sheetFrames.count)
        guard let sheet = layout.render(sheetFrames.map { ($0, byFrame[$0]!) }, label: label) else {
            throw .invalidOption("the contact sheet would be \(layout.width)×\(layout.height) pixels; lower --max-size")
        }

        do {
            let poster = try PNGEncoder.encode(posterPixmap, compression: options.pngLevel)
            let sheetPNG = try PNGEncoder.encode(sheet, compression: options.pngLevel)
            let apng = try APNGEncoder.encode(frames: rendered, fps: fps, loops: 0, compression: options.pngLevel)
            return Preview(poster: poster, posterFrame: posterFrame, posterSize: (posterPixmap.width, posterPixmap.height),
                           sheet: sheetPNG, sheetFrames: sheetFrames, sheetSize: (sheet.width, sheet.height),
                           animation: apng, animationFrames: animationFrames, animationFps: fps,
                           animationSize: size, notes: notes)
        } catch {
            throw .encode(error)
        }
    }

    /// The largest scale ≤ 1 at which ceil(longest × scale) ≤ maxSize: maxSize / longest, stepped
    /// down past any rounding that would make the output one pixel too large.
    static func fitting(_ longest: Double, into maxSize: Int) -> Double {
        guard longest > 0, longest.isFinite, Double(maxSize) < longest else { return 1 }
        var scale = Double(maxSize) / longest
        while (longest * scale).rounded(.up) > Double(maxSize) { scale = scale.nextDown }
        return scale
    }

    /// `count` frame indices spread evenly over 0 ..< frameCount, the first and the last
    /// included (rounded to the nearest frame, no duplicates).
    static func evenlySpaced(_ count: Int, of frameCount: Int) -> [Int] {
        guard frameCount > 0, count > 0 else { return [] }
        guard count > 1 else { return [0] }
        let k = min(count, frameCount)
        var result: [Int] = []
        for i in 0..<k {
            let n = (i * (frameCount - 1) + (k - 1) / 2) / (k - 1)
            if result.last != n { result.append(n) }
        }
        return result
    }

    /// Renders `frames` at `scale` on up to `threads` workers, results in input order.
    static func render(_ frames: [Int], with renderer: MovieRenderer, scale: Double, threads: Int?) throws(PreviewError) -> [Pixmap] {
        guard !frames.isEmpty else { return [] }
        let slots = Locked<[Pixmap?]>(Array(repeating: nil, count: frames.count))
        let failure = Locked<RenderError?>(nil)
        let next = Locked(0)
        let workers = min(max(1, threads ?? AvailableCPUs.count), frames.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while failure.withLock({ $0 == nil }) {
                let i = next.takeNext()
                guard i < frames.count else { return }
                do throws(RenderError) {
                    let pixmap = try renderer.render(frame: frames[i], scale: scale)
                    slots.withLock { $0[i] = pixmap }
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw .render(error) }
        return slots.withLock { $0.map { $0! } }
    }
}
