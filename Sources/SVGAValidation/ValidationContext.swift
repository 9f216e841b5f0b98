import SVGAFormat
import SVGAKit

/// What every rule sees about one decoded file: the resolved movie (what players draw), the raw
/// movie (what the file says, for facts the resolver normalises away: 0..255 colours, empty path
/// strings), the container, the file size, the limits and the shared draw analysis.
struct ValidationContext: Sendable {
    let fileBytes: Int
    let movie: Movie
    let raw: RawMovie
    let container: ContainerKind
    let profileName: String
    let limits: ValidationLimits
    let analysis: DrawAnalysis

    init(fileBytes: Int, movie: Movie, raw: RawMovie, container: ContainerKind, profileName: String,
         limits: ValidationLimits) {
        self.fileBytes = fileBytes; self.movie = movie; self.raw = raw; self.container = container
        self.profileName = profileName; self.limits = limits
        self.analysis = DrawAnalysis(movie: movie)
    }

    func sprite(_ index: Int) -> Finding.SpriteRef {
        Finding.SpriteRef(index: index, key: index < movie.sprites.count ? movie.sprites[index].imageKey : "")
    }

    var imageMemoryBytes: Int { movie.images.reduce(0) { $0 + $1.decodedBytes } }

    /// "the gift profile's" — limits are always named with the profile they come from.
    var profile: String { "the \(profileName) profile's" }

    /// Keys of the images some sprite draws (its `bitmapKey`): what makes an image "used".
    var usedImageKeys: Set<String> { Set(movie.sprites.compactMap(\.bitmapKey)) }
}

/// One rule or a small group of related rules. Rules only read the context and append findings
/// at their codes' default severities; the policy filters and re-grades them afterwards.
protocol ValidationRule: Sendable {
    func check(_ context: ValidationContext, into findings: inout [Finding])
}
