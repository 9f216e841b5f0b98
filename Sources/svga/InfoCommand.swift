import Foundation
import SVGAFormat
import SVGAJSON
import SVGAKit

/// `svga info FILE... [--json]`; `-` reads standard input. Every file is reported even when one
/// fails (its error goes to stderr); the exit status is 1 if any failed. With several files,
/// `--json` prints an array of objects, each with a `file` key and either the info keys or
/// `error {stage, message}`.
enum InfoCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["max-memory"], flags: ["json"])
        let budget = try a.decodeBudget()
        guard !a.positionals.isEmpty else { throw .usage("info takes at least one FILE (or - for stdin)") }
        guard a.positionals.filter({ $0 == "-" }).count <= 1 else { throw .usage("info reads stdin (-) once") }
        let json = a.flag("json")
        if a.positionals.count == 1 {
            let path = a.positionals[0]
            let info = try load(path, budget: budget)
            Output.data(json ? info.json.serialized() : "\(path == "-" ? "stdin" : path)\n" + info.text)
            return
        }
        var failures = 0
        var objects: [JSONValue] = []
        for (i, path) in a.positionals.enumerated() {
            let name = path == "-" ? "stdin" : path
            do throws(CLIError) {
                let info = try load(path, budget: budget)
                if json {
                    objects.append(.object([("file", .string(name))] + (info.json.objectValue ?? [])))
                } else {
                    Output.data((i > 0 ? "\n" : "") + name + "\n" + info.text)
                }
            } catch {
                failures += 1
                if let message = error.message { Output.error(message) }
                if json, case .load(let e) = error {
                    objects.append(.object([("file", .string(name)),
                                            ("error", .object([("stage", .string(e.stage)), ("message", .string(e.description))]))]))
                }
            }
        }
        if json { Output.data(JSONValue.array(objects).serialized(pretty: true)) }
        if failures > 0 { throw .failed("\(counted(failures, "file")) of \(a.positionals.count) could not be read") }
    }

    static func load(_ path: String, budget: DecodeBudget) throws(CLIError) -> MovieInfo {
        let loaded: (movie: SVGAFormatMovie, bytes: [UInt8])
        do { loaded = try MovieLoader.load(pathOrStdin: path, budget: budget) } catch { throw .load(error) }
        return MovieInfo(movie: loaded.movie, fileBytes: loaded.bytes.count)
    }
}
