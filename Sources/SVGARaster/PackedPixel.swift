// One premultiplied RGBA8 pixel as a little-endian UInt32 word (R in the low byte, A in the high),
// and the blend arithmetic on whole words: the four channels in 16-bit lanes of one UInt64, so a
// pixel costs one multiply instead of four and never leaves the register.
//
// The results equal the per-channel formulas in PixelMath.swift bit for bit: every lane holds a
// product of two bytes (≤ 65 025), `+ 128` and the `t + (t >> 8)` step stay below 65 536, so no
// carry crosses into the neighbouring lane and div255 is the same exact rounding divide.
// Pixmaps are row-major bytes in R G B A order; loads and stores go through raw pointers
// (untyped memory access), so no memory is rebound.
enum PackedPixel {
    /// Each channel of `p` × k / 255, rounded (div255(c · k) per channel), k ≤ 255. The four
    /// channels are spread to 16-bit lanes of a UInt64 (R, B, G, A), so one multiply scales them
    /// all.
    @inline(__always) static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let x = UInt64(p)
        let spread = (x & 0x00FF_00FF) | (x & 0xFF00_FF00) << 24
        let t = spread &* UInt64(k) &+ 0x0080_0080_0080_0080
        let q = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
        return UInt32(truncatingIfNeeded: q) | (UInt32(truncatingIfNeeded: q >> 24) & 0xFF00_FF00)
    }

    /// Source-over of premultiplied `s` onto `d`: s + div255(d · (255 − sa)) per channel.
    @inline(__always) static func sourceOver(_ s: UInt32, onto d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    /// Blends premultiplied `s` × coverage `k` (0 ... 255) onto the pixel at `p`, with the exits
    /// that keep the common cases cheap: nothing to add (alpha 0 after coverage: premultiplied, so
    /// every channel is 0), an opaque source (a store), an empty destination (a store).
    @inline(__always) static func blend(_ s: UInt32, coverage k: UInt32, onto p: UnsafeMutableRawPointer) {
        let source = k == 255 ? s : scale(s, by: k)
        let sa = source >> 24
        if sa == 0 { return }
        if sa == 255 { p.storeBytes(of: source, as: UInt32.self); return }
        let d = p.load(as: UInt32.self)
        p.storeBytes(of: d == 0 ? source : sourceOver(source, onto: d), as: UInt32.self)
    }
}
