import Foundation
import SVGAJSON
import SVGAKit

/// `svga export FILE OUTPUT|- [--format F] …` (issue 10): video with alpha and sound, animated
/// WebP, GIF, APNG or raw RGBA frames. The work is SVGAKit's Exporter; this file parses options.
enum ExportCommand {
    static let options: Set<String> = DynamicOptions.optionNames.union([
        "format", "frames", "quality", "loop", "threads", "alpha", "gif-palette", "dither", BackgroundOption.optionName,
    ]).union(FrameSizeOption.optionNames)

    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: options, flags: ["raw", "no-audio", "print-ffmpeg-args", "json"])
        guard let path = a.positionals.first else { throw .usage("export takes FILE OUTPUT (or FILE - / FILE --raw)") }
        let raw = a.flag("raw") || a.positionals.dropFirst().first == "-" || a.value("format") == "raw"
        guard a.positionals.count == (raw && a.positionals.count == 1 ? 1 : 2) else {
            throw .usage("export takes exactly FILE and OUTPUT (OUTPUT '-' or --raw: raw frames on stdout)")
        }
        let output = raw ? "-" : a.positionals[1]
        let format: ExportFormat
        if raw {
            format = .raw
        } else if let name = a.value("format") {
            guard let f = ExportFormat(rawValue: name == "png" ? "apng" : name) else {
                throw .usage("--format must be one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
            }
            format = f
        } else {
            let ext = URL(fileURLWithPath: output).pathExtension
            guard let f = ExportFormat(fileExtension: ext) else {
                throw .usage("cannot tell the format from '\(output)': use .webm, .mp4, .mov, .webp, .gif, .apng/.png or --format")
            }
            format = f
        }

        let loaded: (movie: Movie, bytes: [UInt8])
        do { loaded = try MovieLoader.load(path) } catch { throw .load(error) }
        let movie = loaded.movie
        let renderer: MovieRenderer
        do { renderer = try MovieRenderer(movie: movie, dynamic: try DynamicOptions.parse(a)) } catch let e as CLIError { throw e } catch let e as RenderError { throw .render(path: path, e) } catch { throw .file(path: path, message: "\(error)") }
        for w in renderer.warnings { Output.warning("svga: \(path): warning: \(w)") }

        var options = ExportOptions(format: format)
        options.scale = try FrameSizeOption.scale(a, viewBox: movie.viewBox)
        do {
            options.frames = try a.value("frames").map { s throws(FrameSelection.ParseError) in try FrameSelection.parse(s, frameCount: movie.frameCount).frames }
        } catch { throw .usage(error.description) }
        options.background = try BackgroundOption.parse(a)
        options.quality = try a.int("quality", min: 0)
        if let q = options.quality, q > 100 { throw .usage("--quality must be 0...100, not \(q)") }
        options.loops = try a.int("loop", min: 0) ?? 0
        options.threads = try a.int("threads", min: 1)
        if let v = a.value("alpha") {
            guard let l = AlphaLayout(rawValue: v) else { throw .usage("--alpha must be side-by-side, top-bottom or none, not '\(v)'") }
            guard format == .mp4 else { throw .usage("--alpha applies to .mp4 only (the other formats keep alpha or, GIF, 1-bit transparency)") }
            options.alpha = l
        }
        if let v = a.value("gif-palette") {
            guard let p = GIFPalette(rawValue: v) else { throw .usage("--gif-palette must be file or frame, not '\(v)'") }
            options.gifPalette = p
        }
        if let v = a.value("dither") {
            guard let d = GIFDither(rawValue: v) else {
                throw .usage("--dither must be one of \(GIFDither.allCases.map(\.rawValue).joined(separator: ", ")), not '\(v)'")
            }
            options.gifDither = d
        }
        options.includeAudio = !a.flag("no-audio")
        options.searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let exporter = Exporter(renderer: renderer, options: options)

        if a.flag("print-ffmpeg-args") {
            guard raw else { throw .usage("--print-ffmpeg-args goes with raw output (OUTPUT '-' or --raw)") }
            let size: (width: Int, height: Int)
            do { size = try renderer.canvasSize(scale: options.scale) } catch { throw .render(path: path, error) }
            Output.data(FFmpegCommand.rawInputArguments(width: size.width, height: size.height, fps: movie.fps).joined(separator: " "))
            return
        }

        if !raw { try createParentFolder(of: output) }
        let count = options.frames?.count ?? movie.frameCount
        let bar = ProgressBar(total: count, label: "exporting")
        let summary: ExportSummary
        do {
            summary = raw ? try exporter.writeRaw(to: 1, progress: { bar.update($0) })
                          : try exporter.export(to: output, progress: { bar.update($0) })
        } catch {
            bar.finish()
            throw .export(path: path, error)
        }
        bar.finish()
        for note in summary.notes { Output.warning("svga: \(path): note: \(note)") }
        if !summary.encoderCommand.isEmpty { Output.detail("encoder: " + summary.encoderCommand.map(shellQuoted).joined(separator: " ")) }
        Output.detail("\(counted(summary.frames, "frame")) rendered and encoded in \(String(format: "%.2f", summary.seconds)) s (\(String(format: "%.1f", Double(summary.frames) / max(summary.seconds, 1e-9))) frames/s)")
        if a.flag("json") {
            let line = json(summary, input: path).serialized()
            if raw { Output.error(line) } else { Output.data(line) }
        } else {
            let text = line(summary, input: path)
            if raw { Output.warning(text) } else { Output.line(text) }
        }
    }

    static func line(_ s: ExportSummary, input: String) -> String {
        var text = "exported \(counted(s.frames, "frame")) of \(input) as \(s.format.rawValue), \(s.width)×\(s.height)"
        if s.videoWidth != s.width || s.videoHeight != s.height { text += " (video \(s.videoWidth)×\(s.videoHeight), \(s.layout?.rawValue ?? ""))" }
        text += " at \(s.fps) fps → \(s.output), \(s.bytes) bytes in \(String(format: "%.2f", s.seconds)) s"
        if s.audioTracks > 0 { text += ", \(s.audioTracks) audio \(s.audioTracks == 1 ? "entry" : "entries") mixed" }
        if let sidecar = s.sidecar { text += "; layout in \(sidecar)" }
        return text
    }

    static func json(_ s: ExportSummary, input: String) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("input", .string(input)), ("output", .string(s.output)), ("format", .string(s.format.rawValue)),
            ("frames", .int(s.frames)), ("fps", .int(s.fps)),
            ("width", .int(s.width)), ("height", .int(s.height)),
            ("videoWidth", .int(s.videoWidth)), ("videoHeight", .int(s.videoHeight)),
            ("bytes", .int(s.bytes)), ("seconds", .number(s.seconds)), ("audioEntries", .int(s.audioTracks)),
        ]
        if let l = s.layout { fields.append(("alpha", .string(l.rawValue))) }
        if let p = s.sidecar { fields.append(("sidecar", .string(p))) }
        // Peak resident memory of this process (ffmpeg's is its own): flat however long the movie.
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 { fields.append(("peakMemoryKiB", .int(usage.ru_maxrss))) }
        fields.append(("notes", .array(s.notes.map { .string($0) })))
        return .object(fields)
    }
}

/// A word as a POSIX shell reads it back: as is when it holds only safe characters, else in single quotes.
func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=,+@%".contains($0)) }
    return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
