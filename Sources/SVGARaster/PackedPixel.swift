// One premultiplied RGBA8 pixel as a little-endian UInt32 word (R in the low byte, A in the high),
// and the blend arithmetic on whole words: the four channels in 16-bit lanes of one UInt64, so a
// pixel costs one multiply instead of four and never leaves the register.
//
// The results equal the per-channel formulas in PixelMath.swift bit for bit: every lane holds a
// product of two bytes (≤ 65 025), `+ 128` and the `t + (t >> 8)` step (or the lowp `+ 255`) stay
// below 65 536, so no carry crosses into the neighbouring lane.
// Pixmaps are row-major bytes in R G B A order; loads and stores go through raw pointers
// (untyped memory access), so no memory is rebound.
enum PackedPixel {
    /// Each channel of `p` × k / 255, rounded (div255(c · k) per channel), k ≤ 255. The four
    /// channels are spread to 16-bit lanes of a UInt64 (R, B, G, A), so one multiply scales them
    /// all.
    @inline(__always) static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        let t = spread(p) &* UInt64(k) &+ 0x0080_0080_0080_0080
        return gathered(((t &+ ((t >> 8) & lanes)) >> 8) & lanes)
    }

    /// Each channel × k as Skia's lowp pipeline scales it: div255Lowp(c · k) = (c · k + 255) >> 8.
    @inline(__always) static func scaleLowp(_ p: UInt32, by k: UInt32) -> UInt32 {
        gathered(((spread(p) &* UInt64(k) &+ lanes) >> 8) & lanes)
    }

    private static let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
    /// R, G, B, A bytes to 16-bit lanes R, B, G, A.
    @inline(__always) private static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | (x & 0xFF00_FF00) << 24
    }
    /// The inverse of `spread` for lanes holding bytes.
    @inline(__always) private static func gathered(_ q: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: q) | (UInt32(truncatingIfNeeded: q >> 24) & 0xFF00_FF00)
    }

    /// Blends premultiplied `s` × coverage `k` (0 ... 255) onto the pixel at `p`, with the exits
    /// that keep the common cases cheap: nothing to add (alpha 0 after coverage: premultiplied, so
    /// every channel is 0), an opaque source (a store), an empty destination (a store).
    @inline(__always) static func blend(_ s: UInt32, coverage k: UInt32, onto p: UnsafeMutableRawPointer) {
        blend(s, coverage: k, onto: p, lowp: false)
    }

    /// `blend` with Skia's lowp divide for the coverage and the source-over (bitmap draws; see
    /// PixelMath.swift). `lowp` is a constant at every call site, so each inlined copy keeps one
    /// arithmetic.
    @inline(__always) static func blend(_ s: UInt32, coverage k: UInt32, onto p: UnsafeMutableRawPointer, lowp: Bool) {
        let source = k == 255 ? s : (lowp ? scaleLowp(s, by: k) : scale(s, by: k))
        let sa = source >> 24
        if sa == 0 { return }
        if sa == 255 { p.storeBytes(of: source, as: UInt32.self); return }
        let d = p.load(as: UInt32.self)
        if d == 0 { p.storeBytes(of: source, as: UInt32.self); return }
        let rest = lowp ? scaleLowp(d, by: 255 &- sa) : scale(d, by: 255 &- sa)
        p.storeBytes(of: source &+ rest, as: UInt32.self)
    }
}
