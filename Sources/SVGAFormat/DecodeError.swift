// The decoder's one public error (spec A.8: "reject with a clear error"). Each stage keeps its own
// small error enum with context (WireError, ZlibError, ZipError, JSONFormatError); they meet here,
// tagged with the stage, as "<stage>: <what is wrong and where>". The CLI prefixes the file name.
// Budget violations from any stage are reported as the `limits` stage.

public struct DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Stage: String, Sendable, Hashable { case container, zlib, zip, protobuf, json, png, limits }

    public let stage: Stage
    /// What is wrong and where: "offset 1234", "entry 'movie.spec'", "image 'key'".
    public let message: String

    public init(stage: Stage, message: String) {
        self.stage = stage
        self.message = message
    }

    public var description: String { "\(stage.rawValue): \(message)" }
}

extension DecodeError {
    init(_ e: ZlibError) {
        if case .outputOverCap = e { self.init(stage: .limits, message: e.description) }
        else { self.init(stage: .zlib, message: e.description) }
    }

    /// `entry`: the ZIP entry the message came from (movie.binary), nil for a 2.x stream.
    init(_ e: WireError, entry: String? = nil) {
        let prefix = entry.map { "entry '\($0)': " } ?? ""
        if case .limitExceeded = e { self.init(stage: .limits, message: prefix + e.description) }
        else { self.init(stage: .protobuf, message: prefix + e.description) }
    }

    init(_ e: ZipError) {
        switch e {
        case .tooManyEntries, .totalSizeOverCap: self.init(stage: .limits, message: e.description)
        default: self.init(stage: .zip, message: e.description)
        }
    }

    init(_ e: JSONFormatError, entry: String) {
        self.init(stage: e.isLimit ? .limits : .json, message: "entry '\(entry)': \(e.description)")
    }
}
