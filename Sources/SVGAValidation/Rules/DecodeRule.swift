import SVGAFormat
import SVGAKit

/// decode.* and file.unreadable: a file that cannot be read or decoded gets exactly one error
/// finding, whose code names the decoder stage (DecodeError.Stage) so a pipeline can tell a
/// truncated upload (zlib) from a bad export (protobuf, json) or an over-limit file (limits).
enum DecodeRule {
    static func finding(for error: MovieLoader.LoadError) -> Finding {
        switch error.kind {
        case .unreadable(let why):
            return Finding(.fileUnreadable, "cannot read the file: \(why)")
        case .decode(let e):
            return finding(for: e)
        }
    }

    static func finding(for error: DecodeError) -> Finding {
        let code = RuleCode.decode(stage: error.stage.rawValue)
        let advice: String
        switch error.stage {
        case .zlib: advice = "the file is truncated or not an SVGA 2.x file; upload it again or re-export it"
        case .zip: advice = "the ZIP archive is damaged; upload it again or re-export it"
        case .protobuf, .json: advice = "the movie description is malformed; re-export it with the official converter"
        case .png: advice = "re-export the image as a PNG"
        case .limits: advice = "the file is over the decoder's budget (svga --max-memory raises it); make it smaller"
        case .container: advice = "this is not an SVGA file"
        }
        let value = error.figure.map { FindingValue.number($0) }
        let limit = error.limit.map { FindingValue.number($0) }
        return Finding(code, "cannot decode the file: \(error.description): \(advice)", value: value, limit: limit)
    }
}
