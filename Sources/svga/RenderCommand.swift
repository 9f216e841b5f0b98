import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGARender

enum RenderCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: DynamicOptions.optionNames.union(["out", "frames", "frame", "scale", "threads", "compare", "min-psnr", "max-memory", PNGLevelOption.optionName]),
                              flags: [PNGLevelOption.flagName, "quiet"])
        guard a.positionals.count == 1 else { throw .usage("render takes exactly one FILE") }
        guard let out = a.value("out") else { throw .usage("render needs --out DIR (or --out FILE.png with --frame N)") }
        let path = a.positionals[0]
        let scale = try a.double("scale") ?? 1
        let threads = try a.int("threads", min: 1)
        let loaded: (movie: Movie, bytes: [UInt8])
        let budget = try a.decodeBudget()
        do { loaded = try MovieLoader.load(path, budget: budget) } catch { throw .load(error) }
        let movie = loaded.movie
        // Keys first: "no such key, here are the keys" helps more than any later complaint.
        try DynamicOptions.checkKeys(a, movie: movie, path: path)
        let dynamic = try DynamicOptions.parse(a)
        let renderer: MovieRenderer
        do { renderer = try MovieRenderer(movie: movie, dynamic: dynamic) } catch { throw .render(path: path, error) }
        for w in renderer.warnings { Output.error("svga: \(path): warning: \(w)") }
        let compression = try PNGLevelOption.parse(a, default: .fast)

        if let single = a.value("frame") {
            guard a.value("frames") == nil else { throw .usage("use --frame N or --frames SPEC, not both") }
            guard let n = Int(single), n >= 0, n < movie.frameCount else {
                throw .usage("--frame must be a frame index in 0..<\(movie.frameCount), not '\(single)'")
            }
            let pixmap: Pixmap
            do { pixmap = try renderer.render(frame: n, scale: scale) } catch { throw .render(path: path, error) }
            let png: [UInt8]
            do { png = try PNGEncoder.encode(pixmap, compression: compression) } catch { throw .file(path: out, message: error.description) }
            do { try Data(png).write(to: URL(fileURLWithPath: out)) } catch { throw .file(path: out, message: "cannot write: \(error.localizedDescription)") }
            Output.line("rendered frame \(n) of \(path): \(pixmap.width)×\(pixmap.height) → \(out)")
            return
        }

        let selection: FrameSelection
        do {
            selection = try a.value("frames").map { s throws(FrameSelection.ParseError) in try FrameSelection.parse(s, frameCount: movie.frameCount) }
                ?? .all(movie.frameCount)
        } catch { throw .usage(error.description) }
        let job = SequenceRenderer(renderer: renderer, scale: scale, compression: compression, threads: threads)
        let bar = ProgressBar(total: selection.frames.count, label: "rendering")
        let summary: SequenceRenderer.Summary
        do {
            summary = try job.write(selection.frames, to: URL(fileURLWithPath: out), progress: { bar.update($0) })
        } catch let e as RenderError {
            bar.finish(); throw .render(path: path, e)
        } catch {
            bar.finish(); throw .file(path: out, message: "\(error)")
        }
        bar.finish()
        let fps = summary.seconds > 0 ? Double(summary.frames) / summary.seconds : 0
        let reused = summary.reused > 0 ? ", \(summary.reused) identical to the frame before them (reused)" : ""
        Output.line("rendered \(summary.frames) frames of \(path) at \(summary.width)×\(summary.height) to \(out) in \(String(format: "%.2f", summary.seconds)) s (\(String(format: "%.1f", fps)) frames/s, \(job.threads) threads\(reused))")

        if let reference = a.value("compare") {
            try DiffCommand.compareFolders(actual: out, reference: reference, files: summary.files,
                                           minPSNR: try a.double("min-psnr"))
        }
    }
}
