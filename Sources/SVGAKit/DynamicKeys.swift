import SVGAFormat

/// Which keys dynamic items (spec A.7) may name in a movie, so that a typo in `--set-text
/// banerr=…` or in a catalog's `svga.nameKey` is an error instead of a gift rendered without
/// its name. A key matches a sprite by its key as written or by its resolved bitmap key, the
/// same lookup the renderer uses (DynamicItems.lookup).
public struct DynamicKeys: Sendable {
    /// Every key a dynamic item may name.
    public let known: Set<String>
    /// The keys to suggest, in sprite order: the sprite keys `svga info` lists as replaceable
    /// (bitmap slots) first, then keyed sprites without a bitmap (text-only slots).
    public let offered: [String]

    public init(movie: Movie) {
        var known = Set<String>()
        for sprite in movie.sprites {
            if !sprite.imageKey.isEmpty { known.insert(sprite.imageKey) }
            if let key = sprite.bitmapKey { known.insert(key) }
        }
        var seen = Set<String>()
        var offered = MovieInfo(movie: movie, fileBytes: 0).replaceableKeys.map(\.spriteKey).filter { seen.insert($0).inserted }
        for sprite in movie.sprites where !sprite.isMatteSource && !sprite.imageKey.isEmpty && sprite.bitmapKey == nil {
            if seen.insert(sprite.imageKey).inserted { offered.append(sprite.imageKey) }
        }
        self.known = known
        self.offered = offered
    }

    /// The keys of `keys` that no sprite has, in the given order, without repeats.
    public func unknown<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
        var seen = Set<String>()
        return keys.filter { !known.contains($0) && seen.insert($0).inserted }
    }

    /// "avatar, banner, count" or "none" for a movie without keyed sprites.
    public var offeredList: String { offered.isEmpty ? "none (this file has no keyed sprites)" : offered.joined(separator: ", ") }
}
