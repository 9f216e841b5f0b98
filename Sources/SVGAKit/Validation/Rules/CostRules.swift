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
