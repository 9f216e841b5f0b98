/// A premultiplied RGBA8 colour: every colour channel ≤ alpha, so a value of this type can be
/// blended without checks (the invariant tiny-skia's `PremultipliedColorU8` keeps).
public struct PremultipliedColorU8: Sendable, Hashable {
    public let r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public static let transparent = PremultipliedColorU8(unchecked: 0, 0, 0, 0)

    /// Nil when a colour channel exceeds alpha (not a premultiplied colour).
    public init?(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard r <= a, g <= a, b <= a else { return nil }
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    init(unchecked r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// From straight (unassociated) components in 0...1, each clamped to that range (NaN → 0):
    /// premultiply in floating point, then round to nearest, as Skia's `SkColor4f::premul()`
    /// followed by the 8-bit store does. Channel ≤ alpha holds because c·a ≤ a and rounding is
    /// monotone.
    public static func fromStraight(r: Double, g: Double, b: Double, a: Double) -> PremultipliedColorU8 {
        func unit(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }
        let alpha = unit(a)
        func byte(_ v: Double) -> UInt8 { UInt8(truncatingIfNeeded: roundToByte(v * 255)) }
        return PremultipliedColorU8(unchecked: byte(unit(r) * alpha), byte(unit(g) * alpha),
                                    byte(unit(b) * alpha), byte(alpha))
    }

    public var isOpaque: Bool { a == 255 }
}
