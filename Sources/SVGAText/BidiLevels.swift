// The Unicode bidirectional algorithm (UAX #9) through FriBidi: resolved embedding levels per
// scalar (rules P2–I2 and L1) and the visual order of the line (L2), for one paragraph that is one
// line, as a name in a gift slot is. The base direction comes from the first strong character
// (P2/P3, like HTML's dir="auto"), left-to-right when there is none.
import CFriBidi

struct BidiLevels {
    /// Resolved level per scalar; odd is right-to-left.
    let levels: [UInt8]
    /// Visual position (0 = leftmost) of each logical scalar.
    let visualPosition: [Int]
    let baseIsRightToLeft: Bool

    /// FRIBIDI_PAR_ON (FRIBIDI_MASK_NEUTRAL): "find the direction from the text". A macro built
    /// from macros, which does not import into Swift.
    private static let autoDirection = FriBidiParType(rawValue: 0x40)
    /// FRIBIDI_FLAG_REORDER_NSM: keep combining marks after their base in the visual map.
    private static let reorderFlags: FriBidiFlags = 0x2

    init(_ scalars: [UInt32]) {
        let count = scalars.count
        guard count > 0, count < Int(Int32.max) else {
            levels = []; visualPosition = []; baseIsRightToLeft = false
            return
        }
        let length = FriBidiStrIndex(count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var raw = [FriBidiLevel](repeating: 0, count: count)
        var map = (0..<count).map { FriBidiStrIndex($0) }
        var direction = BidiLevels.autoDirection
        scalars.withUnsafeBufferPointer { fribidi_get_bidi_types($0.baseAddress, length, &types) }
        scalars.withUnsafeBufferPointer { fribidi_get_bracket_types($0.baseAddress, length, types, &brackets) }
        let maxLevel = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &raw)
        // 0 means FriBidi failed (out of memory): draw the text left to right, unreordered.
        if maxLevel > 0 {
            _ = fribidi_reorder_line(BidiLevels.reorderFlags, types, length, 0, direction, &raw, nil, &map)
        } else {
            raw = [FriBidiLevel](repeating: 0, count: count)
            map = (0..<count).map { FriBidiStrIndex($0) }
            direction = FriBidiParType(rawValue: 0x110)  // FRIBIDI_PAR_LTR
        }
        levels = raw.map { UInt8(clamping: $0) }
        // map[v] is the logical index shown at visual position v; invert it.
        var position = [Int](repeating: 0, count: count)
        for (visual, logical) in map.enumerated() where Int(logical) >= 0 && Int(logical) < count {
            position[Int(logical)] = visual
        }
        visualPosition = position
        baseIsRightToLeft = maxLevel > 0 && (direction.rawValue & 1) != 0
    }
}
