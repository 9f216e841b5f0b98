import Foundation
import SVGAKit

enum InfoCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: [], flags: ["json"])
        guard a.positionals.count == 1 else { throw .usage("info takes exactly one FILE") }
        let path = a.positionals[0]
        let loaded: (movie: SVGAFormatMovie, bytes: [UInt8])
        do { loaded = try MovieLoader.load(path) } catch { throw .load(error) }
        let info = MovieInfo(movie: loaded.movie, fileBytes: loaded.bytes.count)
        if a.flag("json") {
            Output.data(info.json.serialized())
        } else {
            Output.data("\(path)")
            Output.data(info.text)
        }
    }
}
