import Foundation
import SVGAJSON
import SVGAKit

enum RenderCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: DynamicOptions.optionNames.union(FrameSizeOption.optionNames)
                                .union(["out", "frames", "frame", "threads", "compare", "min-psnr", "start-number", "max-memory",
                                        PNGLevelOption.optionName, BackgroundOption.optionName]),
                              flags: [PNGLevelOption.flagName, "overwrite", "y", "renumber", "json"])
        guard a.positionals.count == 1 else { throw .usage("render takes exactly one FILE") }
        guard let out = a.value("out") else { throw .usage("render needs --out DIR (or --out FILE.png with --frame N)") }
        // Options that only mean something with another: a CI gate must not pass because its
        // threshold was silently ignored.
        if a.value("min-psnr") != nil && a.value("compare") == nil { throw .usage("--min-psnr needs --compare REFDIR") }
        let single = a.value("frame")
        if single != nil {
            guard a.value("frames") == nil else { throw .usage("use --frame N or --frames SPEC, not both") }
            for option in ["compare", "start-number"] where a.value(option) != nil { throw .usage("--\(option) applies to a frame sequence, not --frame") }
            for flag in ["overwrite", "y", "renumber", "json"] where a.flag(flag) { throw .usage("--\(flag) applies to a frame sequence, not --frame") }
            let ext = (out as NSString).pathExtension.lowercased()
            guard out == "-" || ext == "png" else {
                throw .usage("render --frame writes PNG; '\(out)' asks for .\(ext.isEmpty ? "(no extension)" : ext) (svga export writes webp, gif, apng and video)")
            }
        } else if out == "-" {
            throw .usage("--out - (stdout) takes one frame: add --frame N")
        }
        if a.flag("renumber") && a.value("start-number") != nil { throw .usage("use --renumber or --start-number N, not both") }
        let startNumber = a.flag("renumber") ? 0 : try a.int("start-number", min: 0)
        let path = a.positionals[0]
        let background = try BackgroundOption.parse(a)
        let threads = try a.int("threads", min: 1)
        let minPSNR = try a.double("min-psnr")
        let reference = a.value("compare")
        if let reference, !isDirectory(reference) {
            throw .file(path: reference, message: "reference folder does not exist")
        }
        let loaded: (movie: Movie, bytes: [UInt8])
        let budget = try a.decodeBudget()
        do { loaded = try MovieLoader.load(path, budget: budget) } catch { throw .load(error) }
        let movie = loaded.movie
        // Keys first: "no such key, here are the keys" helps more than any later complaint.
        try DynamicOptions.checkKeys(a, movie: movie, path: path)
        let dynamic = try DynamicOptions.parse(a)
        let renderer: MovieRenderer
        do { renderer = try MovieRenderer(movie: movie, dynamic: dynamic) } catch { throw .render(path: path, error) }
        for w in renderer.warnings { Output.warning("svga: \(path): warning: \(w)") }
        let compression = try PNGLevelOption.parse(a, default: .fast)
        let job = SequenceRenderer(renderer: renderer, scale: try FrameSizeOption.scale(a, viewBox: movie.viewBox),
                                   compression: compression, threads: threads, background: background)

        if let single {
            guard let n = Int(single), n >= 0, n < movie.frameCount else {
                throw .usage("--frame must be a frame index in \(frameRange(movie.frameCount)), not '\(single)'")
            }
            try writeOneFrame(n, job: job, out: out, path: path)
            return
        }

        let selection: FrameSelection
        do {
            selection = try a.value("frames").map { s throws(FrameSelection.ParseError) in try FrameSelection.parse(s, frameCount: movie.frameCount) }
                ?? .all(movie.frameCount)
        } catch { throw .usage(error.description) }
        let outURL = URL(fileURLWithPath: out)
        let earlier = try existingFrames(in: out)
        if !earlier.isEmpty && !(a.flag("overwrite") || a.flag("y")) {
            throw .file(path: out, message: "already holds \(counted(earlier.count, "frame_*.png file")) from an earlier render; add --overwrite (-y) to replace them, or choose another folder")
        }
        let bar = ProgressBar(total: selection.frames.count, label: "rendering")
        let summary: SequenceRenderer.Summary
        let records = Locked<[SequenceRenderer.FrameRecord]>([])
        let keep: @Sendable (SequenceRenderer.FrameRecord) -> Void = { record in records.withLock { $0.append(record) } }
        do {
            summary = try job.write(selection.frames, to: outURL, numberedFrom: startNumber, progress: { bar.update($0) },
                                    written: Output.verbose ? keep : nil)
        } catch let e as RenderError {
            bar.finish(); throw .render(path: path, e)
        } catch {
            bar.finish(); throw .fileSystem(out, cannot: "write", error)
        }
        bar.finish()
        // Workers finish in any order; the detail lines follow the sequence.
        for r in records.withLock({ $0 }).sorted(by: { $0.frame < $1.frame }) { Output.detail(frameDetail(r, out: out)) }
        // A mixed sequence (8 new frames among 116 old ones) encodes without complaint, so the
        // frames this render did not rewrite go.
        for stale in Set(earlier).subtracting(summary.files).sorted() {
            do { try FileManager.default.removeItem(at: outURL.appendingPathComponent(stale)) } catch {
                throw .fileSystem(outURL.appendingPathComponent(stale).path, cannot: "remove stale frame", error)
            }
        }
        let referenceNames = selection.frames.map { SequenceRenderer.fileName(forFrame: $0, frameCount: movie.frameCount) }
        func compare(quietly: Bool) throws(CLIError) -> DiffCommand.FolderComparison? {
            guard let reference else { return nil }
            return try DiffCommand.compareFolders(actual: out, reference: reference, pairs: Array(zip(summary.files, referenceNames)), quietly: quietly)
        }
        if a.flag("json") {
            let comparison = try compare(quietly: true)
            Output.data(json(summary, input: path, out: out, threads: job.threads, replaced: earlier.count, comparison: comparison).serialized())
            try comparison?.check(minPSNR: minPSNR)
            return
        }
        let fps = summary.seconds > 0 ? Double(summary.frames) / summary.seconds : 0
        let reused = summary.reused > 0 ? ", \(summary.reused) identical to the frame before them (reused)" : ""
        let removed = earlier.isEmpty ? "" : "; replaced \(counted(earlier.count, "earlier frame"))"
        Output.line("rendered \(counted(summary.frames, "frame")) of \(path) at \(summary.width)×\(summary.height) to \(out) in \(String(format: "%.2f", summary.seconds)) s (\(String(format: "%.1f", fps)) frames/s, \(counted(job.threads, "thread"))\(reused))\(removed)")
        try compare(quietly: false)?.check(minPSNR: minPSNR)
    }

    /// `render --json`: one object on stdout, keys in a stable order.
    static func json(_ s: SequenceRenderer.Summary, input: String, out: String, threads: Int, replaced: Int,
                     comparison: DiffCommand.FolderComparison?) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("input", .string(input)), ("out", .string(out)), ("frames", .int(s.frames)), ("reused", .int(s.reused)),
            ("width", .int(s.width)), ("height", .int(s.height)), ("threads", .int(threads)),
            ("seconds", .number((s.seconds * 1000).rounded() / 1000)), ("replacedEarlierFrames", .int(replaced)),
            ("files", .array(s.files.map { .string($0) })),
        ]
        if let comparison { fields.append(("compare", comparison.json)) }
        return .object(fields)
    }

    /// `--frame N --out FILE.png|-`: parents are created as for a folder; `-` is stdout, and the
    /// summary then goes to stderr so the PNG bytes stay clean.
    static func writeOneFrame(_ n: Int, job: SequenceRenderer, out: String, path: String) throws(CLIError) {
        let begin = Date()
        let pixmap: Pixmap
        do { pixmap = try job.renderFrame(n) } catch let e as RenderError { throw .render(path: path, e) } catch {
            throw .file(path: path, message: "\(error)")
        }
        let rendered = Date()
        let png: [UInt8]
        do { png = try PNGEncoder.encode(pixmap, compression: job.compression) } catch { throw .file(path: out, message: error.description) }
        Output.detail(frameDetail(SequenceRenderer.FrameRecord(frame: n, file: out == "-" ? "stdout" : out, bytes: png.count, reusedFrom: nil,
                                                               renderSeconds: rendered.timeIntervalSince(begin),
                                                               encodeSeconds: Date().timeIntervalSince(rendered)), out: nil))
        let summary = "rendered frame \(n) of \(path): \(pixmap.width)×\(pixmap.height) → \(out == "-" ? "stdout" : out)"
        if out == "-" {
            FileHandle.standardOutput.write(Data(png))
            Output.warning(summary)
            return
        }
        try createParentFolder(of: out)
        do { try Data(png).write(to: URL(fileURLWithPath: out)) } catch { throw .fileSystem(out, cannot: "write", error) }
        Output.line(summary)
    }

    /// `render -v`: one line per frame, `frame 12 → out/frame_0012.png: 48213 bytes, render 9.4 ms, PNG 8.0 ms`.
    static func frameDetail(_ r: SequenceRenderer.FrameRecord, out: String?) -> String {
        let file = out.map { ($0 as NSString).appendingPathComponent(r.file) } ?? r.file
        func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
        let timing = r.reusedFrom.map { "identical to frame \($0), its PNG reused" }
            ?? "render \(ms(r.renderSeconds)), PNG \(ms(r.encodeSeconds))"
        return "frame \(r.frame) → \(file): \(r.bytes) bytes, \(timing)"
    }

    /// `frame_*.png` already in the output folder (none when it does not exist yet).
    static func existingFrames(in out: String) throws(CLIError) -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: out, isDirectory: &isDir) else { return [] }
        guard isDir.boolValue else { throw .file(path: out, message: "cannot write: it is a file, not a folder") }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: out) } catch { throw .fileSystem(out, cannot: "read folder", error) }
        return names.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }.sorted()
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}

/// Frame indices as a person reads them: "0–59" (inclusive), not Swift's "0..<60".
func frameRange(_ count: Int) -> String { count > 0 ? "0–\(count - 1)" : "(none: the animation has no frames)" }
