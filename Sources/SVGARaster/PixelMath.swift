// Integer pixel arithmetic shared by the blitters and their reference twins.
//
// div255 rounds to nearest, exactly, for every product of two bytes (0 ... 255·255): fills, layers
// and mattes composite with it. Bitmap draws composite with `div255Lowp`, the (v + 255) >> 8 of
// Skia's 16-bit pipeline, which can be 1 high: the reference renderer draws images through that
// pipeline, and matching it raised the conformance medians of 49 corpus files (up to +35 dB)
// where fills measured better with the exact divide (Pixmap+Image.swift).

/// round(v / 255) for 0 ≤ v ≤ 65_535 − 128.
@inline(__always) func div255(_ v: UInt32) -> UInt32 {
    let t = v &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Skia's lowp divide by 255: (v + 255) >> 8, for 0 ≤ v ≤ 65 025 (0 → 0, 255·k → k).
@inline(__always) func div255Lowp(_ v: UInt32) -> UInt32 { (v &+ 255) >> 8 }

/// A Double already in 0 ... 255 to a byte, round half up.
@inline(__always) func roundToByte(_ v: Double) -> UInt32 {
    if !(v > 0) { return 0 }
    if v >= 255 { return 255 }
    return UInt32(v + 0.5)
}
