import Foundation
import SVGAKit

enum InfoCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["max-memory"], flags: ["json"])
        guard a.positionals.count == 1 else { throw .usage("info takes exactly one FILE") }
        let path = a.positionals[0]
        let loaded: (movie: SVGAFormatMovie, bytes: [UInt8])
        let budget = try a.decodeBudget()
        do { loaded = try MovieLoader.load(path, budget: budget) } catch { throw .load(error) }
        let info = MovieInfo(movie: loaded.movie, fileBytes: loaded.bytes.count)
        if a.flag("json") {
            Output.line(info.json.serialized())
        } else {
            Output.line("\(path)")
            Output.line(info.text)
        }
    }
}
