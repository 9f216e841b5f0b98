// The decoder's one public error (spec A.8: "reject with a clear error"). Each stage keeps its own
// small error enum with context (WireError, ZlibError, ZipError, JSONFormatError); they meet here,
// tagged with the stage, as "<stage>: <what is wrong and where>". The CLI prefixes the file name.
// Budget violations from any stage are reported as the `limits` stage.

import SVGAJSON

public struct DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Stage: String, Sendable, Hashable { case container, zlib, zip, protobuf, json, png, limits }

    public let stage: Stage
    /// What is wrong and where: "offset 1234", "entry 'movie.spec'", "image 'key'".
    public let message: String
    /// For a `limits` error: the figure found (nil when only "more than the limit" is known) and
    /// the budget it broke, for reports (`validate` puts them in `value` and `limit`).
    public let figure: Double?
    public let limit: Double?

    public init(stage: Stage, message: String, figure: Double? = nil, limit: Double? = nil) {
        self.stage = stage
        self.message = message
        self.figure = figure
        self.limit = limit
    }

    /// A budget error: "<what>: <figure> > limit <limit> (<budget field>)" with both kept.
    static func overBudget(_ message: String, figure: Double?, limit: Int) -> DecodeError {
        DecodeError(stage: .limits, message: message, figure: figure, limit: Double(limit))
    }

    public var description: String { "\(stage.rawValue): \(message)" }
}

extension DecodeError {
    init(_ e: ZlibError) {
        if case .outputOverCap(let limit, _) = e {
            self.init(stage: .limits, message: "zlib: " + e.description, figure: nil, limit: Double(limit))
        } else { self.init(stage: .zlib, message: e.description) }
    }

    /// `entry`: the ZIP entry the message came from (movie.binary), nil for a 2.x stream.
    init(_ e: WireError, entry: String? = nil) {
        let prefix = entry.map { "entry \(UntrustedText.quoted($0)): " } ?? ""
        if case .limitExceeded(_, let n, let limit, _) = e {
            self.init(stage: .limits, message: "protobuf: " + prefix + e.description, figure: Double(n), limit: Double(limit))
        } else { self.init(stage: .protobuf, message: prefix + e.description) }
    }

    init(_ e: ZipError) {
        switch e {
        case .tooManyEntries(let n, let limit), .totalSizeOverCap(let n, let limit, _), .entryOverCap(_, let n, let limit, _):
            self.init(stage: .limits, message: "zip: " + e.description, figure: Double(n), limit: Double(limit))
        default: self.init(stage: .zip, message: e.description)
        }
    }

    init(_ e: JSONFormatError, entry: String) {
        let message = "entry \(UntrustedText.quoted(entry)): \(e.description)"
        switch e {
        case .tooLarge(let n, let limit), .limitExceeded(_, let n, let limit):
            self.init(stage: .limits, message: "json: " + message, figure: Double(n), limit: Double(limit))
        case .parse(let p):
            switch p.kind {
            case .tooManyTokens(let limit):
                self.init(stage: .limits, message: "json: " + message + " (maxJSONTokens)", figure: nil, limit: Double(limit))
            case .tooDeep(let limit):
                self.init(stage: .limits, message: "json: " + message, figure: nil, limit: Double(limit))
            case .tooLarge(let n, let limit):
                self.init(stage: .limits, message: "json: " + message, figure: Double(n), limit: Double(limit))
            case .syntax, .invalidUTF8:
                self.init(stage: .json, message: message)
            }
        default:
            self.init(stage: .json, message: message)
        }
    }
}
