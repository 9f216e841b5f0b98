import Foundation
import SVGAFormat
import SVGAKit

extension GiftCatalog {
    /// Slot keys (`svga.avatarKey`, `svga.nameKey`, `svga.countKey`) that name no sprite of
    /// their gift's animation, one line per key, for the hook to print when it loads the
    /// catalog. Only local animations (a path or `file://`) are opened, each once; a remote
    /// animation is checked when an event first fetches it (the event then carries a warning),
    /// and one that does not load is left for its events to report.
    public func slotKeyProblems() -> [String] {
        var movies: [String: Movie?] = [:]
        var problems: [String] = []
        for id in categories.flatMap(\.giftIDs) {
            guard case .success(let gift)? = gift(id: id), !gift.slots.namedKeys.isEmpty,
                  let reference = gift.resourceURL, let path = Self.localPath(reference) else { continue }
            if movies[path] == nil { movies[path] = .some(try? MovieLoader.load(path).movie) }
            guard let movie = movies[path] ?? nil else { continue }
            for line in gift.slots.missingKeyProblems(in: DynamicKeys(movie: movie), resource: "'\(reference)'") {
                problems.append("gift '\(id)': \(line)")
            }
        }
        return problems
    }

    static func localPath(_ reference: String) -> String? {
        let lower = reference.lowercased()
        if lower.hasPrefix("file://") { return URL(string: reference)?.path }
        return reference.contains("://") ? nil : reference
    }
}
