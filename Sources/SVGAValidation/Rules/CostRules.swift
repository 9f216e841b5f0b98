import SVGAFormat
import SVGAKit
import SVGARender

// cost.overdraw: how many canvases' worth of pixels the player blends per frame, on average
// (issue 4, "render cost"). Estimated from bounds by DrawAnalysis (every bitmap, fill and stroke
// counts its clipped bounding box; a matte run adds one canvas for its layer), so it errs high;
// the message says so.
struct OverdrawRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        guard let limit = c.limits.maxOverdraw else { return }
        let mean = c.analysis.meanOverdraw
        guard mean > limit else { return }
        let peak = c.analysis.peakOverdraw
        let peakText = peak.map { ", peaking at \(format(($0.value * 10).rounded() / 10))× in frame \($0.frame)" } ?? ""
        findings.append(Finding(.costOverdraw,
            "each frame draws about \(format((mean * 10).rounded() / 10))× the canvas area on average (estimated from layer bounds)\(peakText), over \(c.profile) \(format(limit))×: merge stacked layers, trim transparent margins from images and remove hidden layers",
            frame: peak?.frame, value: .ratio(mean), limit: .number(limit)))
    }
}

/// cost.path-complexity: a frame whose fills, strokes and clips would flatten to more points than
/// the budget (`DecodeBudget.maxFlattenedPointsPerFrame`, counted exactly as `render` counts them
/// before refusing the frame), so an upload pipeline rejects the file before any render. One
/// finding for the worst frame, with the number of frames over.
struct PathComplexityRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let limit = c.movie.budget.maxFlattenedPointsPerFrame
        var worst: (frame: Int, points: Int)?
        var over = 0
        for n in 0 ..< c.movie.frameCount {
            let points = MovieRenderer.flattenedPointCount(c.movie, frame: n, stoppingAbove: limit)
            guard points > limit else { continue }
            over += 1
            if worst == nil || points > worst!.points { worst = (n, points) }
        }
        guard let worst else { return }
        findings.append(Finding(.costPathComplexity,
            "frame \(worst.frame) would flatten to more than \(worst.points) points (\(over) frame\(over == 1 ? "" : "s") over the budget of \(limit) points, maxFlattenedPointsPerFrame): render refuses such frames. Simplify the paths (fewer segments, or curves that stay on the canvas)",
            frame: worst.frame, value: .int(worst.points), limit: .int(limit)))
    }
}
