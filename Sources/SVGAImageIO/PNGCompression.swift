/// How hard the PNG writer compresses: libdeflate's level 1, 6 or 12. Every level writes the same
/// pixels; only size and time differ.
///
/// Measured on corpus frames (svga-bench): `fast` encodes 5–15× faster than libpng's default at
/// 1.03–1.09× its bytes; `default` gives about libpng's size at 3–4× its speed; `max` is the
/// smallest and slowest, for previews and archives.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// libdeflate level 1: the default for frame sequences, where encoding would otherwise
    /// dominate the run.
    case fast
    /// libdeflate level 6.
    case `default`
    /// libdeflate level 12: previews, APNG, archives.
    case max

    /// The libdeflate compression level.
    var deflateLevel: Int32 {
        switch self {
        case .fast: return 1
        case .default: return 6
        case .max: return 12
        }
    }
}
