/// What one parse may consume before it gives up: text size, nesting depth and values (each a
/// tree node, so the count, not only the text size, bounds the tree's memory). Untrusted input
/// (hook events, catalogs, movie.spec) is parsed under these; the 1.x decoder passes its
/// `DecodeBudget` figures.
public struct JSONLimits: Sendable, Hashable {
    /// Bytes of JSON text.
    public var maxBytes: Int
    /// Nested arrays and objects. The deepest document we read is movie.spec at 7 levels
    /// (movie → sprites → frame → shapes → shape → styles → fill); 64 leaves room and keeps the
    /// recursive parser far from the stack's end.
    public var maxDepth: Int
    /// Values (strings, numbers, literals, arrays, objects; not keys).
    public var maxTokens: Int

    public init(maxBytes: Int, maxDepth: Int = JSONLimits.defaultMaxDepth, maxTokens: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxTokens = maxTokens
    }

    public static let defaultMaxDepth = 64

    /// For the documents the tools read besides movie.spec (events, catalogs, rules, styles,
    /// manifests): the largest real ones are catalogs of a few hundred gifts (tens of KB), so
    /// 16 MiB and a million values are far above them and keep a hostile one under ~100 MB.
    public static let `default` = JSONLimits(maxBytes: 16 << 20, maxTokens: 1_000_000)
}
