// The ffmpeg command line for an export: raw straight-alpha RGBA frames on stdin (input 0),
// each audio placement's MP3 as a further input, one filter graph that lays out the picture
// and mixes the sound, then the format's encoder and muxer writing to a temporary path.

public struct FFmpegCommand: Sendable {
    public let width: Int, height: Int, fps: Int
    public let format: ExportFormat
    public let options: ExportOptions
    /// MP4's alpha layout (ignored by other formats).
    public let layout: AlphaLayout
    /// MP3 files on disk with where each plays.
    public let audio: [(path: String, placement: AudioPlacement)]
    /// The export's length in seconds (frames / fps): the audio track is padded or cut to it.
    public let duration: Double

    public init(width: Int, height: Int, fps: Int, format: ExportFormat, options: ExportOptions,
                layout: AlphaLayout, audio: [(path: String, placement: AudioPlacement)], duration: Double) {
        self.width = width; self.height = height; self.fps = fps; self.format = format
        self.options = options; self.layout = layout; self.audio = audio; self.duration = duration
    }

    /// How ffmpeg reads our frames: also what `--print-ffmpeg-args` prints for `--raw`.
    public static func rawInputArguments(width: Int, height: Int, fps: Int) -> [String] {
        ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-"]
    }

    /// The full argument list (without the program name), writing to `output`.
    public func arguments(output: String) -> [String] {
        var args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        args += FFmpegCommand.rawInputArguments(width: width, height: height, fps: fps)
        for a in audio { args += ["-i", a.path] }
        // RGB → YUV with an accurate chroma filter: 4:2:0 edges otherwise cost several dB.
        var graph = "sws_flags=lanczos+accurate_rnd+full_chroma_inp;[0:v]" + videoFilter + "[v]"
        if let audioGraph = audioFilter { graph += ";" + audioGraph }
        args += ["-filter_complex", graph, "-map", "[v]"]
        if audioFilter != nil { args += ["-map", "[a]"] }
        args += codecArguments
        args += ["-map_metadata", "-1", "-fflags", "+bitexact", "-f", format.muxer ?? "null", output]
        return args
    }

    /// Lossy quality 0...100 mapped onto a CRF scale 0...maxCRF (100 → 0, best).
    private func crf(_ maxCRF: Int) -> Int {
        let q = min(100, max(0, options.quality ?? ExportOptions.defaultQuality))
        return Int((Double(100 - q) * Double(maxCRF) / 100).rounded())
    }

    var videoFilter: String {
        switch format {
        case .webm: return "format=yuva420p"
        case .mov: return "format=yuva444p10le"
        case .webp: return "format=bgra"
        case .mp4:
            // 4:2:0 needs even sizes: pad right/bottom; the sidecar gives the real rectangles.
            let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2,format=yuv420p"
            switch layout {
            case .none: return "format=rgb24," + even
            case .sideBySide, .topBottom:
                // rgba → rgb24 drops alpha and keeps the straight colour; the alpha plane as grey.
                let stack = layout == .sideBySide ? "hstack" : "vstack"
                return "split=2[colour][alpha];[alpha]alphaextract,format=rgb24[alphagrey];"
                    + "[colour]format=rgb24[colourrgb];[colourrgb][alphagrey]\(stack)=inputs=2," + even
            }
        case .gif:
            let dither = "dither=\(options.gifDither.rawValue):alpha_threshold=128"
            switch options.gifPalette {
            case .file:
                return "split=2[frames][stats];[stats]palettegen=reserve_transparent=1:stats_mode=full[palette];"
                    + "[frames][palette]paletteuse=\(dither)"
            case .frame:
                return "split=2[frames][stats];[stats]palettegen=reserve_transparent=1:stats_mode=single[palette];"
                    + "[frames][palette]paletteuse=new=1:\(dither)"
            }
        case .apng, .raw: return "null"
        }
    }

    /// Each placement trimmed to its span of the file, delayed to its start, then all mixed and
    /// padded/cut to the video's length. Delays are in samples at 48 kHz so they are exact.
    var audioFilter: String? {
        guard !audio.isEmpty, format.carriesAudio else { return nil }
        let rate = 48_000
        var parts: [String] = []
        for (i, a) in audio.enumerated() {
            let p = a.placement
            let delay = Int((p.delay * Double(rate)).rounded())
            parts.append("[\(i + 1):a]atrim=start=\(seconds(p.offset)):duration=\(seconds(p.duration)),asetpts=PTS-STARTPTS,"
                + "aresample=\(rate),adelay=delays=\(delay)S:all=1[a\(i)]")
        }
        let labels = audio.indices.map { "[a\($0)]" }.joined()
        let mix = audio.count == 1 ? "anull" : "amix=inputs=\(audio.count):duration=longest:normalize=0"
        parts.append("\(labels)\(mix),apad=whole_dur=\(seconds(duration)),atrim=end=\(seconds(duration))[a]")
        return parts.joined(separator: ";")
    }

    private func seconds(_ s: Double) -> String { String(Int((s * 1_000_000).rounded())) + "us" }

    var codecArguments: [String] {
        var args: [String]
        switch format {
        case .webm:
            args = ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "\(crf(63))", "-b:v", "0",
                    "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"]
            args += ["-c:a", "libopus", "-b:a", "128k"]
        case .mp4:
            args = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "\(crf(51))", "-preset", "medium",
                    "-movflags", "+faststart"]
            args += ["-c:a", "aac", "-b:a", "160k"]
        case .mov:
            args = ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-vendor", "apl0"]
            args += ["-c:a", "pcm_s16le"]
        case .webp:
            args = ["-c:v", "libwebp_anim", "-pix_fmt", "bgra"]
            if let q = options.quality { args += ["-lossless", "0", "-quality", "\(min(100, max(0, q)))"] }
            else { args += ["-lossless", "1"] }
            args += ["-loop", "\(options.loops)"]
        case .gif:
            // --loop counts plays; the NETSCAPE2.0 block counts repeats after the first, and
            // ffmpeg's -1 leaves the block out (play once).
            let repeats = options.loops == 0 ? 0 : (options.loops == 1 ? -1 : options.loops - 1)
            // Whole frames only: GIFDisposal then makes each one replace the last.
            args = ["-c:v", "gif", "-gifflags", "-offsetting-transdiff", "-loop", "\(repeats)"]
        case .apng, .raw:
            args = []
        }
        return args
    }
}
