import SVGAFormat

// Identical frames cost nothing: many gifts hold a pose for a while, and a frame whose resolved
// draw list equals the previous frame's renders to the same pixels (rendering is a pure function
// of the draw list, the dynamic items and the scale). The sequence writer renders one frame of
// each run of identical frames and reuses its pixels and encoded bytes for the rest.

extension MovieRenderer {
    /// For each frame n of the movie, the first frame of the run of identical frames that n
    /// belongs to (n itself when frame n − 1 draws differently).
    public func firstIdenticalFrames() -> [Int] {
        let count = movie.frameCount
        guard count > 0 else { return [] }
        var first = Array(0..<count)
        for n in 1..<count where drawsIdentically(n, n - 1) { first[n] = first[n - 1] }
        return first
    }

    /// True when frames `a` and `b` give the same pixels: every sprite either draws nothing in
    /// both, or draws the same thing (alpha, layout, transform, clip and shapes; the dynamic items
    /// do not change between frames). KEEP frames compare by what they resolved to.
    public func drawsIdentically(_ a: Int, _ b: Int) -> Bool {
        for sprite in movie.sprites {
            let fa = drawn(sprite.frame(at: a)), fb = drawn(sprite.frame(at: b))
            switch (fa, fb) {
            case (nil, nil): continue
            case let (x?, y?):
                if x.alpha != y.alpha || x.layout != y.layout || x.transform != y.transform
                    || x.clipPath != y.clipPath || x.shapes != y.shapes { return false }
            default: return false
            }
        }
        return true
    }

    /// The frame entity when the sprite draws something with it (alpha > 0), else nil.
    private func drawn(_ frame: Frame?) -> Frame? {
        guard let frame, frame.alpha > 0 else { return nil }
        return frame
    }
}
