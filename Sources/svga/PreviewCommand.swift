import Foundation
import SVGAFormat
import SVGAKit
import SVGAPreview

/// `svga preview FILE --out DIR [--max-size PX] [--sheet-frames N] [--threads N]` (issue 4):
/// writes poster.png, sheet.png and preview.png (APNG) into DIR.
enum PreviewCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["out", "max-size", "sheet-frames", "threads", "max-memory", PNGLevelOption.optionName],
                              flags: [PNGLevelOption.flagName])
        guard a.positionals.count == 1 else { throw .usage("preview takes exactly one FILE") }
        guard let out = a.value("out") else { throw .usage("preview needs --out DIR") }
        let path = a.positionals[0]
        var options = PreviewOptions()
        options.pngLevel = try PNGLevelOption.parse(a, default: .default)
        if let m = try a.int("max-size", min: 1) { options.maxSize = m }
        if let n = try a.int("sheet-frames", min: 1) { options.sheetFrames = n }
        options.threads = try a.int("threads", min: 1)

        let movie: Movie
        let budget = try a.decodeBudget()
        do { movie = try MovieLoader.load(path, budget: budget).movie } catch { throw .load(error) }
        let preview: Preview
        do { preview = try PreviewMaker.make(movie: movie, options: options) } catch {
            if case .render(let e) = error { throw .render(path: path, e) }
            throw .file(path: path, message: error.description)
        }
        for note in preview.notes { Output.warning("svga: \(path): note: \(note)") }
        do { try preview.write(to: URL(fileURLWithPath: out)) } catch {
            throw .fileSystem(out, cannot: "write previews", error)
        }
        let dir = out.hasSuffix("/") ? out : out + "/"
        Output.line("\(dir)\(Preview.posterName): frame \(preview.posterFrame), \(preview.posterSize.width)×\(preview.posterSize.height)")
        Output.line("\(dir)\(Preview.sheetName): \(counted(preview.sheetFrames.count, "frame")) (\(preview.sheetFrames.map(String.init).joined(separator: ", "))), \(preview.sheetSize.width)×\(preview.sheetSize.height)")
        Output.line("\(dir)\(Preview.animationName): APNG, \(counted(preview.animationFrames.count, "frame")) at \(preview.animationFps) fps, \(preview.animationSize.width)×\(preview.animationSize.height)")
    }
}
