import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAJSON
import SVGARaster
import SVGARender

// `svga export`: frames render in parallel (SequenceRenderer.forEachFrame) and reach the encoder
// in order through a bounded reorder window, so memory stays flat however long the movie. The
// encoder is ffmpeg on a pipe (video, WebP, GIF), our own APNG assembler, or stdout (raw). Files
// are written under a temporary name beside OUTPUT and renamed at the end, so a failure or an
// interrupt never leaves a partial OUTPUT.

public struct ExportSummary: Sendable {
    public let format: ExportFormat
    public let output: String
    public let frames: Int
    /// The canvas (one frame) size.
    public let width: Int, height: Int
    /// The encoded picture size (MP4 with alpha: both halves, padded even).
    public let videoWidth: Int, videoHeight: Int
    public let fps: Int
    public let bytes: Int
    public let seconds: Double
    /// Audio entries placed in the output.
    public let audioTracks: Int
    /// MP4 alpha layout, when MP4.
    public let layout: AlphaLayout?
    public let sidecar: String?
    /// Things the user should know (audio left out, loop count ignored, …).
    public let notes: [String]
    /// The encoder's command line (`ffmpeg` and its arguments; the output is the temporary file
    /// renamed to OUTPUT at the end); empty when we encode ourselves (APNG, raw).
    public let encoderCommand: [String]
}

public struct Exporter: Sendable {
    public let renderer: MovieRenderer
    public let options: ExportOptions

    public init(renderer: MovieRenderer, options: ExportOptions) {
        self.renderer = renderer
        self.options = options
    }

    /// APNG frames are written at the PNG writer's best level (libdeflate 12): an APNG is an
    /// archive or a web asset, written once and downloaded many times.
    private var job: SequenceRenderer {
        SequenceRenderer(renderer: renderer, scale: options.scale, compression: .max, threads: options.threads,
                         background: options.background)
    }
    private var frames: [Int] { options.frames ?? Array(0..<renderer.movie.frameCount) }
    private var window: Int { job.threads * max(1, options.windowPerThread) }

    /// Raw RGBA frames to `fd` (stdout); `raw` ignores audio, loops and layout.
    public func writeRaw(to fd: Int32, progress: (@Sendable (Int) -> Void)? = nil) throws(ExportError) -> ExportSummary {
        let start = DispatchTime.now()
        let size = try canvasSize()
        if options.handlesInterrupts { InterruptCleanup.install() } else { InterruptCleanup.ignoreBrokenPipes() }
        let background = options.background
        try run(writing: "standard output") { () throws in
            try job.forEachFrame(frames, order: .inOrder(window: window), progress: progress,
                                 produce: { _, pixmap in ExportFrame.straightRGBA(pixmap, background: background) }) { _, bytes in
                try Exporter.writeAll(fd, bytes, name: "standard output")
            }
        }
        return summary(output: "-", size: size, video: size, bytes: frames.count * size.width * size.height * 4,
                       start: start, audio: 0, layout: nil, sidecar: nil, notes: [])
    }

    /// Exports to the file `output`.
    public func export(to output: String, progress: (@Sendable (Int) -> Void)? = nil) throws(ExportError) -> ExportSummary {
        let start = DispatchTime.now()
        let size = try canvasSize()
        let movie = renderer.movie
        guard movie.fps > 0 else { throw .invalidOption("the movie's fps is 0: nothing to time the frames by") }
        guard !frames.isEmpty else { throw .invalidOption("no frames selected") }
        var notes: [String] = []
        if !options.format.hasLoopCount && options.loops != 0 {
            notes.append("--loop is ignored by \(options.format.rawValue) (no loop count in the format)")
        }

        // Locate the encoder before any work, so a missing ffmpeg costs nothing.
        var ffmpeg: String?
        if options.format.usesFFmpeg {
            guard let path = ChildProcess.locate("ffmpeg", in: options.searchPath) else { throw .ffmpegMissing }
            ffmpeg = path
        }

        if options.handlesInterrupts { InterruptCleanup.install() } else { InterruptCleanup.ignoreBrokenPipes() }
        let temporary = Exporter.temporaryPath(for: output)
        InterruptCleanup.register(path: temporary)
        defer {
            try? FileManager.default.removeItem(atPath: temporary)
            InterruptCleanup.unregister(path: temporary)
        }

        var layout: AlphaLayout?
        var sidecar: AlphaVideoSidecar?
        var audioTracks = 0
        var video = size
        var encoderCommand: [String] = []
        if let ffmpeg {
            if options.format == .mp4 {
                let chosen: AlphaLayout
                if let given = options.alpha { chosen = given } else { chosen = try automaticLayout() }
                layout = chosen
                if chosen != .none {
                    let s = AlphaVideoSidecar(layout: chosen, canvasWidth: size.width, canvasHeight: size.height,
                                              fps: movie.fps, frames: frames.count)
                    sidecar = s
                    video = (s.videoWidth, s.videoHeight)
                } else {
                    video = ((size.width + 1) / 2 * 2, (size.height + 1) / 2 * 2)
                }
            }
            var placements: [AudioPlacement] = []
            if options.format.carriesAudio && options.includeAudio {
                if let p = AudioTimeline.placements(movie.audios, frames: frames, fps: movie.fps) {
                    placements = p
                } else if !movie.audios.isEmpty {
                    notes.append("audio left out: the selected frames are not one contiguous range")
                }
            }
            audioTracks = placements.count
            encoderCommand = try encodeWithFFmpeg(ffmpeg, to: temporary, size: size, layout: layout ?? .none, placements: placements, progress: progress)
        } else {
            try encodeAPNG(to: temporary, progress: progress)
        }

        let bytes = (try? FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int) ?? 0
        var sidecarPath: String?
        if let sidecar {
            let path = output + ".json"
            try Exporter.writeAtomically(Array((sidecar.json.serialized(pretty: true) + "\n").utf8), to: path)
            sidecarPath = path
        }
        InterruptCleanup.parkIfInterrupted()
        guard rename(temporary, output) == 0 else {
            throw .output(path: output, reason: "cannot rename the finished export into place: \(String(cString: strerror(errno)))")
        }
        return summary(output: output, size: size, video: video, bytes: bytes, start: start, audio: audioTracks,
                       layout: layout, sidecar: sidecarPath, notes: notes, encoderCommand: encoderCommand)
    }

    // MARK: encoders

    private func encodeWithFFmpeg(_ ffmpeg: String, to temporary: String, size: (width: Int, height: Int),
                                  layout: AlphaLayout, placements: [AudioPlacement],
                                  progress: (@Sendable (Int) -> Void)?) throws(ExportError) -> [String] {
        // The MP3 blobs go to ffmpeg as files in a private folder, removed on every path.
        var audio: [(path: String, placement: AudioPlacement)] = []
        var audioDirectory: String?
        defer {
            if let dir = audioDirectory {
                try? FileManager.default.removeItem(atPath: dir)
                InterruptCleanup.unregister(path: dir)
            }
        }
        if !placements.isEmpty {
            let dir = FileManager.default.temporaryDirectory
                .appendingPathComponent("svga-export-audio-\(getpid())-\(UUID().uuidString)").path
            audioDirectory = dir
            InterruptCleanup.register(path: dir)
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                for (i, p) in placements.enumerated() {
                    let path = dir + "/audio-\(i).mp3"
                    try Data(p.data).write(to: URL(fileURLWithPath: path))
                    audio.append((path, p))
                }
            } catch {
                throw .output(path: dir, reason: "cannot write the audio for ffmpeg: \(error.localizedDescription)")
            }
        }
        let command = FFmpegCommand(width: size.width, height: size.height, fps: renderer.movie.fps,
                                    format: options.format, options: options, layout: layout, audio: audio,
                                    duration: Double(frames.count) / Double(renderer.movie.fps))
        let arguments = command.arguments(output: temporary)
        let child = try ChildProcess(executable: ffmpeg, arguments: arguments)
        let background = options.background
        let bleed = options.format == .webm || (options.format == .mp4 && layout != .none)
        do {
            try run(writing: temporary) { () throws in
                try job.forEachFrame(frames, order: .inOrder(window: window), progress: progress,
                                     produce: { _, pixmap in
                                         var rgba = ExportFrame.straightRGBA(pixmap, background: background)
                                         if bleed { ExportFrame.bleedColourIntoTransparent(&rgba, width: pixmap.width, height: pixmap.height) }
                                         return rgba
                                     }) { _, bytes in
                    try child.write(bytes)
                }
            }
        } catch {
            child.kill()
            throw error
        }
        try child.finish()
        if options.format == .gif {
            do {
                var gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: temporary)))
                try GIFDisposal.restoreToBackground(&gif)
                try Data(gif).write(to: URL(fileURLWithPath: temporary))
            } catch {
                throw .output(path: temporary, reason: "cannot set the GIF frames' disposal: \(error)")
            }
        }
        return [ffmpeg] + arguments
    }

    private func encodeAPNG(to temporary: String, progress: (@Sendable (Int) -> Void)?) throws(ExportError) {
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw .output(path: temporary, reason: "cannot create the temporary output file")
        }
        defer { try? handle.close() }
        let assembler: Locked<APNGEncoder.Assembler>
        do { assembler = Locked(try APNGEncoder.Assembler(frameCount: frames.count, fps: renderer.movie.fps, loops: options.loops)) }
        catch { throw .encode(error) }
        let job = job
        try run(writing: temporary) { () throws in
            // APNG keeps alpha, but a --background still lays the frames over its colour.
            try job.forEachFrame(frames, order: .inOrder(window: window), progress: progress,
                                 produce: { _, pixmap in try job.encode(pixmap) }) { _, png in
                let bytes = try assembler.withLock { a in try a.append(png: png) }
                try handle.write(contentsOf: bytes)
            }
            try handle.write(contentsOf: assembler.withLock { a in try a.finish() })
        }
    }

    // MARK: helpers

    private func canvasSize() throws(ExportError) -> (width: Int, height: Int) {
        do { return try renderer.canvasSize(scale: options.scale) } catch { throw .render(error) }
    }

    /// Side-by-side when the exported frames have transparency (first, middle and last checked;
    /// a background makes every frame opaque), else none.
    private func automaticLayout() throws(ExportError) -> AlphaLayout {
        if let bg = options.background, bg.count == 4, bg[3] == 255 { return .none }
        let samples = Set([frames.first!, frames[frames.count / 2], frames.last!])
        for n in samples.sorted() {
            let pixmap: Pixmap
            do { pixmap = try renderer.render(frame: n, scale: options.scale) } catch { throw .render(error) }
            if ExportFrame.hasTransparency(pixmap) { return .sideBySide }
        }
        return .none
    }

    /// Runs the frame loop, turning whatever it throws into an ExportError (`target`: where the
    /// frames go, for an I/O error's message).
    private func run(writing target: String, _ body: () throws -> Void) throws(ExportError) {
        do { try body() }
        catch let e as ExportError { throw e }
        catch let e as RenderError { throw .render(e) }
        catch let e as PNGError { throw .encode(e) }
        catch { throw .output(path: target, reason: "\(error)") }
    }

    private func summary(output: String, size: (width: Int, height: Int), video: (width: Int, height: Int), bytes: Int,
                         start: DispatchTime, audio: Int, layout: AlphaLayout?, sidecar: String?, notes: [String],
                         encoderCommand: [String] = []) -> ExportSummary {
        ExportSummary(format: options.format, output: output, frames: frames.count, width: size.width, height: size.height,
                      videoWidth: video.width, videoHeight: video.height, fps: renderer.movie.fps, bytes: bytes,
                      seconds: Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9,
                      audioTracks: audio, layout: layout, sidecar: sidecar, notes: notes, encoderCommand: encoderCommand)
    }

    /// `.NAME.svga-export-PID.tmp` beside OUTPUT: same file system, so the final rename is atomic.
    static func temporaryPath(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).svga-export-\(getpid()).tmp").path
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ExportError) {
        let temporary = temporaryPath(for: path)
        InterruptCleanup.register(path: temporary)
        defer { InterruptCleanup.unregister(path: temporary) }
        do { try Data(bytes).write(to: URL(fileURLWithPath: temporary)) }
        catch { throw .output(path: path, reason: "cannot write: \(error.localizedDescription)") }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .output(path: path, reason: "cannot rename into place: \(String(cString: strerror(errno)))")
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], name: String) throws(ExportError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0 && errno == EINTR { continue }
            throw .output(path: name, reason: "write failed: \(String(cString: strerror(errno)))")
        }
    }
}
