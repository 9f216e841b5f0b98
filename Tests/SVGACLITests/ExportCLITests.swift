import Foundation
import SVGAFormat
import SVGARaster
import SVGATestSupport
import SVGAWriter
import Testing

/// `svga export` read back with ffprobe, ffmpeg and libwebp's demuxer: sizes, fps, frame counts,
/// durations, pixel formats, loop counts, the audio track and where its sound starts, and the
/// pixels against `svga render`'s PNG frames (lossless formats exactly; lossy ones by PSNR).
/// Files are scaled down and cut short to keep the suite fast on a 2-core CI machine.
@Suite(.serialized)
struct ExportCLITests {
    struct Source: CustomStringConvertible, Sendable {
        let path: String
        /// `--scale` / `--frames`, given to both export and render.
        let options: [String]
        var description: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    static let samples: [Source] = [
        Source(path: Fixtures.sampleAssets.appendingPathComponent("audio.svga").path, options: []),
        Source(path: Fixtures.sampleAssets.appendingPathComponent("matte.svga").path, options: ["--scale", "0.5"]),
        Source(path: Fixtures.sampleAssets.appendingPathComponent("legacy-1x.svga").path, options: []),
    ]
    /// One with audio (starting at frame 2), one with mattes, one 1.x ZIP (manifest.json).
    static let corpus: [Source] = Fixtures.hasCorpus ? [
        Source(path: Fixtures.corpus.appendingPathComponent("readygo.svga").path, options: ["--scale", "0.12", "--frames", "0-29"]),
        Source(path: Fixtures.corpus.appendingPathComponent("matteRect.svga").path, options: ["--scale", "0.25"]),
        Source(path: Fixtures.corpus.appendingPathComponent("alarm.svga").path, options: ["--scale", "0.5", "--frames", "0-24"]),
    ] : []
    static let formats = ["webm", "mp4", "mov", "webp", "gif", "apng"]

    /// The lowest PSNR a lossy format must reach against our frames (premultiplied RGBA, alpha
    /// included). GIF has 1-bit transparency and 256 colours, so antialiased edges cannot survive;
    /// it is held to a lower floor that still catches a wrong frame, offset or palette.
    static let minimumPSNR: [String: Double] = ["webm": 35, "mp4": 35, "mov": 35, "gif": 25]

    /// Alpha thresholded at 128 (paletteuse alpha_threshold): what a GIF can hold.
    func binaryAlpha(_ p: Pixmap) -> Pixmap {
        var rgba = p.straightRGBA()
        for i in stride(from: 3, to: rgba.count, by: 4) {
            if rgba[i] >= 128 { rgba[i] = 255 } else { rgba[i - 3] = 0; rgba[i - 2] = 0; rgba[i - 1] = 0; rgba[i] = 0 }
        }
        return Pixmap(width: p.width, height: p.height, straightRGBA: rgba)!
    }

    @Test("each format on SampleAssets and corpus files", arguments: formats, samples + corpus)
    func exportReadsBack(format: String, source: Source) throws {
        guard ExportTools.ffmpegPresent("export \(format) \(source)") else { return }
        let dir = try CLIRunner.temporaryDirectory("export-\(format)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.\(format)").path
        let loopArgs = ["webp", "gif", "apng"].contains(format) ? ["--loop", "2"] : []
        let r = try ExportTools.svga(["export", source.path, out, "--json"] + source.options + loopArgs)
        try #require(r.status == 0, "\(source) \(format): \(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])

        let movie = try SVGADecoder.decode(Fixtures.bytes(at: URL(fileURLWithPath: source.path)))
        let reference = try ExportTools.referenceFrames(source.path, source.options, in: dir)
        let n = reference.count, fps = movie.fps
        let w = reference[0].width, h = reference[0].height
        #expect(summary["frames"] as? Int == n && summary["width"] as? Int == w && summary["height"] as? Int == h)
        let frameTime = 1 / Double(fps)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")

        switch format {
        case "webp":
            let webp = try #require(try ExportTools.decodeWebP(out), "libwebp cannot demux \(out)")
            #expect(webp.width == w && webp.height == h)
            #expect(webp.loops == 2, "WebP loop count")
            // Timestamps are each frame's end time in ms; libwebp merges identical consecutive
            // frames into one longer frame, so expand them back by duration.
            #expect(abs(Double(webp.timestamps.last ?? 0) / 1000 - Double(n) / Double(fps)) <= frameTime)
            var expanded: [Pixmap] = [], previous = 0
            for (frame, end) in zip(webp.frames, webp.timestamps) {
                let count = Int((Double(end - previous) * Double(fps) / 1000).rounded())
                expanded += Array(repeating: frame, count: count)
                previous = end
            }
            #expect(expanded.count == n, "WebP frames by duration: \(expanded.count)")
            let same = expanded == reference
            #expect(same, "lossless WebP must give our frames back exactly")
        case "apng":
            let stream = try videoStream(out)
            #expect(stream["codec_name"] as? String == "apng")
            // ffprobe rounds APNG delays to 1/100000 s and misreports the duration, so the
            // timing is read from the fcTL chunks: every frame 1/fps s.
            try expectVideo(stream, width: w, height: h, frames: n, fps: nil)
            let delays = apngDelays(out)
            #expect(delays.count == n && delays.allSatisfy { $0 == [1, fps] }, "fcTL delays \(Set(delays.map { "\($0)" }))")
            #expect(apngPlays(out) == 2)
            let frames = try ExportTools.decodeFrames(out, width: w, height: h)
            let same = frames == reference
            #expect(same, "APNG must give our frames back exactly")
        case "gif":
            let stream = try videoStream(out)
            #expect(stream["codec_name"] as? String == "gif")
            #expect(stream["width"] as? Int == w && stream["height"] as? Int == h)
            #expect(Int(stream["nb_read_frames"] as? String ?? "") == n)
            #expect(gifRepeats(out) == 1, "--loop 2 is one repeat in the NETSCAPE2.0 block")
            try expectDuration(out, Double(n) / Double(fps), tolerance: frameTime + 0.01)
            // GIF transparency is 1 bit: compare with our frames thresholded as the encoder does.
            let frames = try ExportTools.decodeFrames(out, width: w, height: h)
            let psnr = ExportTools.minimumPSNR(frames, reference.map(binaryAlpha))
            #expect(psnr >= Self.minimumPSNR[format]!, "\(source) gif: \(psnr) dB")
        case "webm", "mov":
            let stream = try videoStream(out)
            try expectVideo(stream, width: w, height: h, frames: n, fps: fps)
            if format == "webm" {
                #expect(stream["codec_name"] as? String == "vp9")
                #expect((stream["tags"] as? [String: Any])?["alpha_mode"] as? String == "1", "VP9 alpha")
            } else {
                #expect(stream["codec_name"] as? String == "prores")
                #expect((stream["pix_fmt"] as? String)?.hasPrefix("yuva444p") == true, "ProRes 4444 with alpha")
            }
            try expectDuration(out, Double(n) / Double(fps), tolerance: frameTime)
            // libvpx decodes VP9's alpha (ffmpeg's own VP9 decoder drops it).
            let decoder = format == "webm" ? ["-c:v", "libvpx-vp9"] : []
            let frames = try ExportTools.decodeFrames(out, width: w, height: h, inputOptions: decoder)
            let psnr = ExportTools.minimumPSNR(frames, reference)
            #expect(psnr >= Self.minimumPSNR[format]!, "\(source) \(format): \(psnr) dB")
            try expectAudio(out, movie: movie, source: source, frames: n)
        case "mp4":
            try checkSideBySide(out, reference: reference, fps: fps)
            try expectAudio(out, movie: movie, source: source, frames: n)
        default:
            Issue.record("no checks for \(format)")
        }
    }

    // MARK: format checks

    func videoStream(_ path: String) throws -> [String: Any] {
        let probe = try ExportTools.probe(path)
        let streams = probe["streams"] as? [[String: Any]] ?? []
        return try #require(streams.first { $0["codec_type"] as? String == "video" }, "no video stream in \(path)")
    }

    func expectVideo(_ stream: [String: Any], width: Int, height: Int, frames: Int, fps: Int?) throws {
        #expect(stream["width"] as? Int == width && stream["height"] as? Int == height, "size")
        if let fps { #expect(stream["r_frame_rate"] as? String == "\(fps)/1", "fps") }
        #expect(Int(stream["nb_read_frames"] as? String ?? "") == frames, "frame count")
    }

    func expectDuration(_ path: String, _ seconds: Double, tolerance: Double) throws {
        let format = try ExportTools.probe(path)["format"] as? [String: Any]
        let duration = Double(format?["duration"] as? String ?? "") ?? -1
        #expect(abs(duration - seconds) <= tolerance, "duration \(duration) s, expected \(seconds) s")
    }

    /// An audio stream exactly when the exported range holds an audio entry; the sound starts
    /// where the movie puts it (±1 frame): delay + when the MP3 itself becomes audible after the
    /// entry's start time.
    func expectAudio(_ path: String, movie: Movie, source: Source, frames n: Int) throws {
        let streams = try ExportTools.probe(path)["streams"] as? [[String: Any]] ?? []
        let audio = streams.filter { $0.first { $0.key == "codec_type" }?.value as? String == "audio" }
        let entries = movie.audios.filter { $0.endFrame > $0.startFrame && !$0.data.isEmpty }
        #expect(audio.count == (entries.isEmpty ? 0 : 1), "\(source): audio streams \(audio.count)")
        guard let entry = entries.first, entries.count == 1, !audio.isEmpty else { return }
        let fps = Double(movie.fps)
        let samples = try ExportTools.audioSamples(path)
        #expect(abs(Double(samples.count) / 48000 - Double(n) / fps) <= 1 / fps + 0.03, "audio length")
        // Where the MP3 is first audible after startTime, decoded on its own.
        let dir = try CLIRunner.temporaryDirectory("mp3")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp3 = dir.appendingPathComponent("entry.mp3")
        try Data(entry.data).write(to: mp3)
        let own = try ExportTools.audioSamples(mp3.path)
        let from = Int(Double(entry.startTime) / 1000 * 48000)
        let ownOnset = ExportTools.onset(Array(own.dropFirst(from))).map { $0 } ?? 0
        let expected = Double(entry.startFrame) / fps + ownOnset
        let actual = try #require(ExportTools.onset(samples), "\(source): the exported audio is silent")
        #expect(abs(actual - expected) <= 1 / fps, "\(source): sound starts at \(actual) s, expected \(expected) s")
    }

    /// MP4 with alpha: the sidecar describes the video; the colour half and the alpha half decoded
    /// back match our frames (alpha alone ≥ 35 dB, and colour × alpha together).
    func checkSideBySide(_ path: String, reference: [Pixmap], fps: Int) throws {
        let sidecarData = try Data(contentsOf: URL(fileURLWithPath: path + ".json"))
        let sidecar = try #require(try JSONSerialization.jsonObject(with: sidecarData) as? [String: Any])
        let w = reference[0].width, h = reference[0].height
        let video = sidecar["video"] as? [String: Int] ?? [:]
        let colour = sidecar["colour"] as? [String: Int] ?? [:], alpha = sidecar["alpha"] as? [String: Int] ?? [:]
        #expect(sidecar["layout"] as? String == "side-by-side")
        #expect(colour == ["x": 0, "y": 0, "width": w, "height": h])
        #expect(alpha == ["x": w, "y": 0, "width": w, "height": h])
        #expect(sidecar["fps"] as? Int == fps && sidecar["frames"] as? Int == reference.count)
        let vw = try #require(video["width"]), vh = try #require(video["height"])
        #expect(vw >= 2 * w && vw <= 2 * w + 1 && vh >= h && vh <= h + 1 && vw % 2 == 0 && vh % 2 == 0)
        let stream = try videoStream(path)
        #expect(stream["codec_name"] as? String == "h264" && stream["pix_fmt"] as? String == "yuv420p")
        try expectVideo(stream, width: vw, height: vh, frames: reference.count, fps: fps)
        try expectDuration(path, Double(reference.count) / Double(fps), tolerance: 1 / Double(fps))

        let decoded = try ExportTools.decodeFrames(path, width: vw, height: vh)
        try #require(decoded.count == reference.count)
        var worstAlpha = Double.infinity, worstCombined = Double.infinity
        for (picture, ours) in zip(decoded, reference) {
            let rgba = picture.straightRGBA(), mine = ours.straightRGBA()
            var colourAndAlpha = [UInt8](repeating: 0, count: w * h * 4)
            var alphaGot = colourAndAlpha, alphaWant = colourAndAlpha
            for y in 0..<h {
                for x in 0..<w {
                    let c = (y * vw + x) * 4, a = (y * vw + x + w) * 4, o = (y * w + x) * 4
                    colourAndAlpha[o] = rgba[c]; colourAndAlpha[o + 1] = rgba[c + 1]; colourAndAlpha[o + 2] = rgba[c + 2]
                    colourAndAlpha[o + 3] = rgba[a]
                    for k in 0..<3 { alphaGot[o + k] = rgba[a]; alphaWant[o + k] = mine[o + 3] }
                    alphaGot[o + 3] = 255; alphaWant[o + 3] = 255
                }
            }
            let got = Pixmap(width: w, height: h, straightRGBA: colourAndAlpha)!
            worstCombined = min(worstCombined, ImageComparison.compare(got, ours)!.psnr)
            worstAlpha = min(worstAlpha, ImageComparison.compare(Pixmap(width: w, height: h, straightRGBA: alphaGot)!,
                                                                 Pixmap(width: w, height: h, straightRGBA: alphaWant)!)!.psnr)
        }
        #expect(worstAlpha >= 35, "alpha half: \(worstAlpha) dB")
        // Colour and alpha together: straight colour in 4:2:0 loses chroma at sharp alpha edges,
        // so this floor is lower than the alpha half's; it still catches a misplaced half.
        #expect(worstCombined >= 30, "colour × alpha: \(worstCombined) dB")
    }

    /// APNG acTL num_plays.
    func apngPlays(_ path: String) -> Int? {
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))),
              let at = find(Array("acTL".utf8), in: bytes), at + 12 <= bytes.count else { return nil }
        return bytes[(at + 8)..<(at + 12)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// APNG fcTL delay_num/delay_den of each frame.
    func apngDelays(_ path: String) -> [[Int]] {
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else { return [] }
        var delays: [[Int]] = [], i = 8
        while i + 8 <= bytes.count {
            let length = bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self) == "fcTL", i + 8 + 24 <= bytes.count {
                let d = i + 8 + 20
                delays.append([Int(bytes[d]) << 8 | Int(bytes[d + 1]), Int(bytes[d + 2]) << 8 | Int(bytes[d + 3])])
            }
            i += 12 + length
        }
        return delays
    }

    /// GIF NETSCAPE2.0 repeat count; nil when the block is absent (play once).
    func gifRepeats(_ path: String) -> Int? {
        guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))),
              let at = find(Array("NETSCAPE2.0".utf8), in: bytes), at + 15 <= bytes.count else { return nil }
        return Int(bytes[at + 13]) | Int(bytes[at + 14]) << 8
    }

    func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
