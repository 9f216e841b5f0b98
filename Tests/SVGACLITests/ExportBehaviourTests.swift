import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGATestSupport
import SVGAWriter
import Testing

/// Raw frames into ffmpeg, a missing or killed ffmpeg, audio switches, and flat memory.
@Suite(.serialized)
struct ExportBehaviourTests {
    static let audioSample = Fixtures.sampleAssets.appendingPathComponent("audio.svga").path

    @Test("raw frames piped into ffmpeg with the printed arguments give our frames")
    func rawIntoFFmpeg() throws {
        guard ExportTools.ffmpegPresent("raw into ffmpeg") else { return }
        let dir = try CLIRunner.temporaryDirectory("export-raw")
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw = try ExportTools.svga(["export", Self.audioSample, "-"])
        try #require(raw.status == 0, "\(raw.stderr)")
        let printed = try ExportTools.svga(["export", Self.audioSample, "--raw", "--print-ffmpeg-args"])
        let args = String(decoding: printed.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(args == ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "100x100", "-r", "20", "-i", "-"])
        let r = try ExportTools.ffmpeg(args + [dir.appendingPathComponent("f_%04d.png").path], stdin: raw.stdout)
        try #require(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("f_") }.sorted()
        let frames = try names.map { try PNGDecoder.decode([UInt8](Data(contentsOf: dir.appendingPathComponent($0)))) }
        let reference = try ExportTools.referenceFrames(Self.audioSample, [], in: dir)
        #expect(frames.count == 20)
        let same = frames == reference
        #expect(same, "frames through ffmpeg differ from svga render's")
    }

    @Test("without ffmpeg on the PATH: exit 3 naming the package; APNG still works")
    func missingFFmpeg() throws {
        let dir = try CLIRunner.temporaryDirectory("export-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PATH": dir.appendingPathComponent("nothing-here").path]
        let out = dir.appendingPathComponent("out.webm").path
        let r = try ExportTools.svga(["export", Self.audioSample, out], environment: env)
        #expect(r.status == 3, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("apt-get install ffmpeg") && r.stderr.contains("audio.svga"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let apng = try ExportTools.svga(["export", Self.audioSample, dir.appendingPathComponent("out.png").path], environment: env)
        #expect(apng.status == 0, "\(apng.stderr)")
    }

    @Test("a killed ffmpeg: a clear error, no hang, no output left behind")
    func killedFFmpeg() throws {
        let dir = try CLIRunner.temporaryDirectory("export-killed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        // Reads some frames, complains, then dies by SIGKILL as if the OOM killer took it.
        try "#!/bin/sh\nhead -c 50000 >/dev/null\necho 'fake ffmpeg: about to be killed' >&2\nkill -9 $$\n".write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let outDir = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        let out = outDir.appendingPathComponent("gift.webm").path
        let r = try ExportTools.svga(["export", Self.audioSample, out], environment: ["PATH": bin.path + ":/usr/bin:/bin"], timeout: 60)
        #expect(!r.timedOut, "export hung after ffmpeg died")
        #expect(r.status == 1, "exit \(r.status)")
        #expect(r.stderr.contains("killed by signal 9") && r.stderr.contains("fake ffmpeg: about to be killed"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outDir.path).isEmpty, "left behind in the output folder")
    }

    @Test("Ctrl-C while ffmpeg stalls: ffmpeg killed and reaped, no output left, exit 130")
    func interruptedExport() throws {
        let dir = try CLIRunner.temporaryDirectory("export-interrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let pidFile = dir.appendingPathComponent("ffmpeg.pid").path
        // Starts its output file, then stops reading frames for good.
        let fake = "#!/bin/sh\nfor a; do out=$a; done\necho partial > \"$out\"\necho $$ > \(pidFile)\nexec sleep 60\n"
        try fake.write(to: bin.appendingPathComponent("ffmpeg"), atomically: true, encoding: .utf8)
        chmod(bin.appendingPathComponent("ffmpeg").path, 0o755)
        let outDir = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)

        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["export", Self.audioSample, outDir.appendingPathComponent("gift.webm").path]
        process.environment = ["PATH": bin.path + ":/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        // Wait until the fake ffmpeg runs and the pipe is full, then interrupt.
        while !FileManager.default.fileExists(atPath: pidFile) && Date().timeIntervalSince(started) < 20 { usleep(20_000) }
        usleep(500_000)
        process.interrupt()
        let killer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: killer)
        process.waitUntilExit()
        killer.cancel()
        #expect(Date().timeIntervalSince(started) < 15, "the interrupt did not end the export promptly")
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "status \(process.terminationStatus)")
        let pid = pid_t(((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(pid > 0 && kill(pid, 0) != 0 && errno == ESRCH, "ffmpeg \(pid) still exists")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outDir.path).isEmpty, "left behind in the output folder")
    }

    @Test("--no-audio and a movie without audio give no audio track")
    func noAudioTrack() throws {
        guard ExportTools.ffmpegPresent("no audio track") else { return }
        let dir = try CLIRunner.temporaryDirectory("export-noaudio")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (file, extra) in [(Self.audioSample, ["--no-audio"]), (Self.audioSample, []),
                              (Fixtures.sampleAssets.appendingPathComponent("matte.svga").path, [])] {
            let out = dir.appendingPathComponent("out.mp4").path
            let r = try ExportTools.svga(["export", file, out, "--scale", "0.5"] + extra)
            try #require(r.status == 0, "\(r.stderr)")
            let streams = try ExportTools.probe(out)["streams"] as? [[String: Any]] ?? []
            let audio = streams.filter { $0["codec_type"] as? String == "audio" }.count
            let expected = file == Self.audioSample && extra.isEmpty ? 1 : 0
            #expect(audio == expected, "\(file) \(extra): \(audio) audio streams")
        }
    }

    /// A movie of `frames` frames: gift.svga's sprites cycled.
    static func longMovie(frames: Int) throws -> [UInt8] {
        var (movie, _) = try SVGADecoder.decodeRaw(Fixtures.sampleAsset("gift.svga"))
        movie.params?.frames = Int32(frames)
        for s in movie.sprites.indices {
            let base = movie.sprites[s].frames
            guard !base.isEmpty else { continue }
            movie.sprites[s].frames = (0..<frames).map { base[$0 % base.count] }
        }
        return SVGAEncoder.encodeZlibProtobuf(movie)
    }

    @Test("peak memory of a 600-frame export is within 1.2× of a 60-frame one")
    func memoryStaysFlat() throws {
        let dir = try CLIRunner.temporaryDirectory("export-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        var peaks: [Int: Int] = [:]
        for n in [60, 600] {
            let file = dir.appendingPathComponent("long-\(n).svga")
            try Data(Self.longMovie(frames: n)).write(to: file)
            // Raw frames (160 KiB each at this size) to /dev/null: holding all 600 would add
            // ~94 MiB, far beyond the 1.2× bound; the summary comes on stderr.
            let script = "exec \"$0\" export \"$1\" - --scale 0.5 --json > /dev/null"
            let r = try ExportTools.run("/bin/sh", ["-c", script, CLIRunner.executable!.path, file.path])
            try #require(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any]
            #expect(json?["frames"] as? Int == n)
            peaks[n] = try #require(json?["peakMemoryKiB"] as? Int)
        }
        let ratio = Double(peaks[600]!) / Double(peaks[60]!)
        print("export peak memory: 60 frames \(peaks[60]!) KiB, 600 frames \(peaks[600]!) KiB, ratio \(ratio)")
        #expect(ratio <= 1.2, "600 frames \(peaks[600]!) KiB vs 60 frames \(peaks[60]!) KiB")
    }
}
