import Foundation
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
        let begin = Date()
        let loaded: (movie: SVGAFormatMovie, bytes: [UInt8])
        do { loaded = try MovieLoader.load(pathOrStdin: path, budget: budget) } catch { throw .load(error) }
        if Output.verbose {
            Output.detail("\(path == "-" ? "stdin" : path): read and decoded in \(String(format: "%.1f", Date().timeIntervalSince(begin) * 1000)) ms")
            spriteDetail(loaded.movie).forEach { Output.detail($0) }
        }
        return MovieInfo(movie: loaded.movie, fileBytes: loaded.bytes.count)
    }

    /// `info -v`: one line per sprite, in drawing order: what it draws, its matte, and the
    /// frames it is visible in.
    static func spriteDetail(_ movie: SVGAFormatMovie) -> [String] {
        movie.sprites.enumerated().map { i, sprite in
            var parts: [String] = []
            if let bitmap = sprite.bitmapKey { parts.append("bitmap \(UntrustedText.quoted(bitmap))") }
            let shapes = sprite.frames.reduce(0) { max($0, $1.shapes.count) }
            if shapes > 0 { parts.append("up to \(counted(shapes, "shape")) a frame") }
            if parts.isEmpty { parts.append("nothing to draw") }
            if sprite.isMatteSource { parts.append("matte source") }
            if let matte = sprite.matteKey { parts.append("masked by \(UntrustedText.quoted(matte))") }
            let visible = sprite.frames.indices.filter { sprite.frames[$0].alpha > 0 }
            let shown = visible.isEmpty ? "never visible"
                : "visible in \(counted(visible.count, "frame")) (\(visible.first!)–\(visible.last!))"
            return "  sprite \(i) \(UntrustedText.quoted(sprite.imageKey)): \(parts.joined(separator: ", ")); \(shown)"
        }
    }
}
