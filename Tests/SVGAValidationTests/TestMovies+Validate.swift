import SVGAFormat
import SVGATestSupport
import SVGAValidation

/// Validation shortcuts over the crafted movies: each rule's test validates one changed movie.
extension TestMovies {
    static func validate(_ movie: RawMovie, profile: ValidationProfile = .gift, strict: Bool = false) -> FileReport {
        validate(bytes: zlib(movie), profile: profile, strict: strict)
    }

    static func validate(bytes: [UInt8], profile: ValidationProfile = .gift, strict: Bool = false) -> FileReport {
        Validator(policy: ValidationPolicy(profile: profile, strict: strict)).validate(bytes: bytes, name: "test.svga")
    }

    static func codes(_ report: FileReport) -> Set<RuleCode> { Set(report.findings.map(\.code)) }
}
