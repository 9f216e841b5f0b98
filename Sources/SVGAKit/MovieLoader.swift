import Foundation
import SVGAFormat

/// Reading a file from disk and decoding it, with the file named in every error.
public enum MovieLoader {
    /// 1 GiB: no SVGA file is anywhere near this; reading more would only waste memory before the
    /// decoder's own limits reject it.
    public static let maxFileBytes = 1 << 30

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable {
            case unreadable(String)
            case decode(DecodeError)
        }
        public let path: String
        public let kind: Kind
        public var description: String {
            switch kind {
            case .unreadable(let why): return "\(path): cannot read file: \(why)"
            case .decode(let e): return "\(path): \(e.description)"
            }
        }
        /// The decoder stage ("zlib", "zip", "protobuf", "json", "png", …) or "io".
        public var stage: String {
            switch kind {
            case .unreadable: return "io"
            case .decode(let e): return e.stage.rawValue
            }
        }
    }

    public static func readBytes(_ path: String) throws(LoadError) -> [UInt8] {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
                throw LoadError(path: path, kind: .unreadable(type == .typeDirectory ? "is a directory" : "is not a regular file"))
            }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw LoadError(path: path, kind: .unreadable("cannot open it for reading"))
            }
            defer { try? handle.close() }
            // Read at most one byte past the cap, so a file that grows after the check cannot
            // make us read without bound.
            let data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
            guard data.count <= maxFileBytes else {
                throw LoadError(path: path, kind: .unreadable("over the \(maxFileBytes)-byte limit"))
            }
            return [UInt8](data)
        } catch let e as LoadError {
            throw e
        } catch {
            throw LoadError(path: path, kind: .unreadable(describe(error)))
        }
    }

    /// Standard input, read to its end (within the same byte cap); errors name it `stdin`.
    public static func readStandardInput() throws(LoadError) -> [UInt8] {
        let data: Data
        do { data = try FileHandle.standardInput.read(upToCount: maxFileBytes + 1) ?? Data() } catch {
            throw LoadError(path: "stdin", kind: .unreadable(describe(error)))
        }
        guard data.count <= maxFileBytes else { throw LoadError(path: "stdin", kind: .unreadable("over the \(maxFileBytes)-byte limit")) }
        return [UInt8](data)
    }

    /// `load`, with `-` meaning standard input.
    public static func load(pathOrStdin path: String, budget: DecodeBudget = .default) throws(LoadError) -> (movie: Movie, bytes: [UInt8]) {
        guard path == "-" else { return try load(path, budget: budget) }
        let bytes = try readStandardInput()
        do { return (try SVGADecoder.decode(bytes, budget: budget), bytes) } catch { throw LoadError(path: "stdin", kind: .decode(error)) }
    }

    public static func load(_ path: String, budget: DecodeBudget = .default) throws(LoadError) -> (movie: Movie, bytes: [UInt8]) {
        let bytes = try readBytes(path)
        do {
            return (try SVGADecoder.decode(bytes, budget: budget), bytes)
        } catch {
            throw LoadError(path: path, kind: .decode(error))
        }
    }

    package static func describe(_ error: Error) -> String { FileSystemReason.describe(error) }
}
