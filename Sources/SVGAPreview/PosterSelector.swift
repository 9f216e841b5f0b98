import SVGAKit
import SVGARaster

/// Picks the poster frame: the one with the most visible content, measured as Σ alpha over the
/// rendered frame (premultiplied alpha is coverage × opacity, so this weighs both how much is
/// drawn and how opaque it is). Ties go to the earliest frame.
enum PosterSelector {
    /// Σ of the alpha bytes of a premultiplied RGBA8 pixmap: one pass over the buffer.
    static func alphaSum(_ pixmap: Pixmap) -> Int {
        pixmap.data.withUnsafeBufferPointer { p in
            var sum = 0
            var i = 3
            let n = p.count
            while i < n { sum &+= Int(p[i]); i += 4 }
            return sum
        }
    }

    /// The index into `frames` of the pixmap with the largest alpha sum (0 when empty).
    static func mostVisible(_ frames: [Pixmap]) -> Int {
        var best = 0, bestSum = -1
        for (i, frame) in frames.enumerated() {
            let s = alphaSum(frame)
            if s > bestSum { best = i; bestSum = s }
        }
        return best
    }
}
