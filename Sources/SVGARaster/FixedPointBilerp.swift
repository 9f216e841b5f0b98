// The bilinear arithmetic of bitmap draws, in the fixed point of the reference renderer.
//
// The conformance frames come from Skia's CPU raster pipeline, which samples an RGBA8 image in
// its 16-bit "lowp" stage `bilerp_clamp_8888`. Its arithmetic is not the textbook Double lerp:
// - the sample position is quantised to 16.16 fixed point (rounded half up), so the weight of
//   the second tap is a 16-bit fraction, carried as the signed Q15 value t = fraction − 2¹⁵
//   (t / 2¹⁵ = 2f − 1);
// - each row is lerped first, keeping 7 fractional bits: h = (qmul(t, (r − l)·2⁷) + (r + l)·2⁷
//   + 1) >> 1, where qmul(a, b) = (a·b + 2¹⁴) >> 15 is the rounded Q15 multiply (x86 `pmulhrsw`);
// - then the two row values: v = (qmul(t, b − h) + b + h + 128) >> 8, a byte;
// - the paint alpha is the byte c = ⌊alpha·255 + 0.5⌋ (in Float), applied as (v·c + 255) >> 8.
// Checked against skia-python (m144) on random images, alphas, scales, rotations and skews: the
// interior pixels of a draw are identical. The textbook value differs from this by at most 1 at
// alpha 1 and 2 below it (ImageBlitterTests holds `drawImageReference` to that).
//
// The scalar functions are the definition (`drawImageScalar` uses them per channel); the
// `SIMD4<Int32>` forms do the same operations on the four channels at once for `drawImage`.

enum FixedPointBilerp {
    /// Two neighbouring clamped texel indices and the Q15 weight t of the pair (2f − 1).
    struct Tap {
        var i0: Int, i1: Int, t: Int32

        /// The taps of a 16.16 position `q` (texel-centre space): integer part and fraction.
        @inline(__always) init(fixed q: Int64, size: Int) {
            let i = Int(truncatingIfNeeded: q >> 16), last = size - 1
            i0 = i < 0 ? 0 : (i > last ? last : i)
            i1 = i + 1 < 0 ? 0 : (i + 1 > last ? last : i + 1)
            t = FixedPointBilerp.weight(q)
        }

        /// The taps of image coordinate `u` (already shifted by −0.5 to texel-centre space). `u`
        /// is first clamped to [−2, size + 1] (NaN → −2): beyond that both taps clamp to the same
        /// edge texel anyway, and the clamp keeps the conversion defined.
        @inline(__always) init(_ u: Double, size: Int) {
            self.init(fixed: FixedPointBilerp.fixed(u, size: size), size: size)
        }
    }

    /// u (texel-centre space) in 16.16 fixed point, rounded half up, after the clamp to
    /// [−2, size + 1] described at `Tap.init(_:size:)`.
    @inline(__always) static func fixed(_ u: Double, size: Int) -> Int64 {
        var u = u
        let high = Double(size) + 1
        if !(u >= -2) { u = -2 } else if !(u <= high) { u = high }
        // Truncate, then step down for negatives (floor without a libm call).
        let s = u * 65_536 + 0.5
        let q = Int64(s)
        return Double(q) > s ? q - 1 : q
    }

    /// The Q15 weight t = fraction − 2¹⁵ of a 16.16 position (2f − 1 in Q15).
    @inline(__always) static func weight(_ q: Int64) -> Int32 {
        Int32(truncatingIfNeeded: q & 0xFFFF) &- 32_768
    }

    /// The paint alpha as Skia's pipeline carries it: a byte, rounded half up in Float.
    @inline(__always) static func alphaByte(_ alpha: Double) -> UInt32 {
        let a = Float(alpha) * 255 + 0.5
        return a >= 255 ? 255 : (a > 0 ? UInt32(a) : 0)
    }

    // MARK: the definition, one channel at a time

    /// The rounded Q15 multiply: (a·b + 2¹⁴) >> 15, flooring. |b| ≤ 255·2⁷ here, so it never
    /// saturates.
    @inline(__always) static func qmul(_ a: Int32, _ b: Int32) -> Int32 { (a &* b &+ 16_384) &>> 15 }

    /// One row's lerp of bytes l and r, in units of 1/128.
    @inline(__always) static func horizontal(_ l: Int32, _ r: Int32, _ t: Int32) -> Int32 {
        (qmul(t, (r &- l) &<< 7) &+ ((r &+ l) &<< 7) &+ 1) &>> 1
    }

    /// The lerp of two row values (units of 1/128) to a byte.
    @inline(__always) static func vertical(_ top: Int32, _ bottom: Int32, _ t: Int32) -> Int32 {
        (qmul(t, bottom &- top) &+ bottom &+ top &+ 128) &>> 8
    }

    /// A byte × the alpha byte c: (v·c + 255) >> 8 (c = 255 leaves every byte as it is).
    @inline(__always) static func scale(_ v: UInt32, byAlpha c: UInt32) -> UInt32 { (v &* c &+ 255) &>> 8 }

    // MARK: four channels at once

    /// The four bytes of a word as lanes. Written as a byte shuffle with zeros, which compiles
    /// to SSE2 unpacks; building the vector lane by lane, or the generic SIMD conversions
    /// (`SIMD4<Int32>(truncatingIfNeeded: SIMD4<UInt8>)`), cost several times more.
    @inline(__always) static func lanes(_ w: UInt32) -> SIMD4<Int32> {
        let b = unsafeBitCast(SIMD4<UInt32>(w, 0, 0, 0), to: SIMD16<UInt8>.self)
        return unsafeBitCast(SIMD16<UInt8>(b[0], 0, 0, 0, b[1], 0, 0, 0, b[2], 0, 0, 0, b[3], 0, 0, 0),
                             to: SIMD4<Int32>.self)
    }

    /// Lanes holding bytes (0 ... 255) back into a word: the low byte of each lane (SSE2 packs).
    @inline(__always) static func word(_ v: SIMD4<Int32>) -> UInt32 {
        let b = unsafeBitCast(v, to: SIMD16<UInt8>.self)
        return unsafeBitCast(SIMD4<UInt8>(b[0], b[4], b[8], b[12]), to: UInt32.self)
    }

    @inline(__always) static func qmul(_ t: Int32, _ b: SIMD4<Int32>) -> SIMD4<Int32> {
        (b &* t &+ 16_384) &>> 15
    }

    @inline(__always) static func horizontal(_ l: UInt32, _ r: UInt32, _ t: Int32) -> SIMD4<Int32> {
        let a = lanes(l), b = lanes(r)
        return (qmul(t, (b &- a) &<< 7) &+ ((b &+ a) &<< 7) &+ 1) &>> 1
    }

    /// The vertical lerp to bytes, × the alpha byte c, packed into a word.
    @inline(__always) static func vertical(_ top: SIMD4<Int32>, _ bottom: SIMD4<Int32>, _ t: Int32,
                                           alpha c: Int32) -> UInt32 {
        var v = (qmul(t, bottom &- top) &+ bottom &+ top &+ 128) &>> 8
        if c != 255 { v = (v &* c &+ 255) &>> 8 }
        return word(v)
    }

    /// The whole filter of four texel words.
    @inline(__always) static func bilinear(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
                                           tx: Int32, ty: Int32, alpha c: Int32) -> UInt32 {
        vertical(horizontal(p00, p10, tx), horizontal(p01, p11, tx), ty, alpha: c)
    }
}
