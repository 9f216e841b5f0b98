import CWebPDemux
import Foundation
import SVGAImageIO
import SVGARaster
import Testing

/// ffmpeg/ffprobe for the export tests, a runner with an environment and a deadline, and the
/// decoders that read exports back into pixmaps.
enum ExportTools {
    static let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)

    static func locate(_ name: String) -> String? {
        searchPath.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// True when ffmpeg and ffprobe are installed. Without them: with CI set, a failure (CI
    /// installs ffmpeg); otherwise a printed skip, never a silent pass.
    static func ffmpegPresent(_ test: String) -> Bool {
        if locate("ffmpeg") != nil && locate("ffprobe") != nil { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(test): ffmpeg/ffprobe are not installed, and CI is set (scripts/install-deps.sh installs them)")
        } else {
            print("SKIPPED \(test): ffmpeg/ffprobe are not installed (apt-get install ffmpeg)")
        }
        return false
    }

    struct Result { let status: Int32; let stdout: Data; let stderr: String; let timedOut: Bool }

    /// Runs `executable` with `arguments`; `stdin` piped in; killed after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    stdin: Data? = nil, timeout: Double = 300) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let timedOut = Locked(false)
        let deadline = DispatchWorkItem {
            timedOut.withLock { $0 = true }
            process.terminate()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let writer = Thread {
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errData = Locked(Data())
        let errReader = Thread { errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() } }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: outData,
                      stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self), timedOut: timedOut.withLock { $0 })
    }

    static func svga(_ arguments: [String], environment: [String: String]? = nil, stdin: Data? = nil, timeout: Double = 300) throws -> Result {
        guard let exe = CLIRunner.executable else { throw CocoaError(.fileNoSuchFile) }
        return try run(exe.path, arguments, environment: environment, stdin: stdin, timeout: timeout)
    }

    static func ffmpeg(_ arguments: [String], stdin: Data? = nil) throws -> Result {
        try run(locate("ffmpeg")!, ["-hide_banner", "-loglevel", "error"] + arguments, stdin: stdin)
    }

    /// `ffprobe -show_streams -show_format -count_frames` as JSON.
    static func probe(_ path: String) throws -> [String: Any] {
        let r = try run(locate("ffprobe")!, ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", path])
        return (try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]) ?? [:]
    }

    /// Every frame of `path` decoded by ffmpeg to straight RGBA, as premultiplied pixmaps.
    /// YUV → RGB with full-resolution chroma interpolation, as a good player does.
    static func decodeFrames(_ path: String, width: Int, height: Int, inputOptions: [String] = []) throws -> [Pixmap] {
        let r = try ffmpeg(inputOptions + ["-i", path, "-map", "0:v:0", "-sws_flags", "lanczos+accurate_rnd+full_chroma_int",
                                           "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        #expect(r.status == 0, "ffmpeg cannot decode \(path): \(r.stderr)")
        return split(r.stdout, width: width, height: height)
    }

    static func split(_ data: Data, width: Int, height: Int) -> [Pixmap] {
        let bytes = [UInt8](data), size = width * height * 4
        guard size > 0 else { return [] }
        return stride(from: 0, to: bytes.count - size + 1, by: size).compactMap {
            Pixmap(width: width, height: height, straightRGBA: Array(bytes[$0..<($0 + size)]))
        }
    }

    /// The audio track as mono 48 kHz samples.
    static func audioSamples(_ path: String) throws -> [Int16] {
        let r = try ffmpeg(["-i", path, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-f", "s16le", "-"])
        return r.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Seconds to the first sample louder than `threshold`, nil if silent.
    static func onset(_ samples: [Int16], threshold: Int = 1000) -> Double? {
        samples.firstIndex { abs(Int($0)) > threshold }.map { Double($0) / 48000 }
    }

    /// Animated WebP through libwebp's own demuxer: frames, loop count, per-frame timestamps (ms).
    static func decodeWebP(_ path: String) throws -> (frames: [Pixmap], loops: Int, timestamps: [Int], width: Int, height: Int)? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return bytes.withUnsafeBufferPointer { buffer -> (frames: [Pixmap], loops: Int, timestamps: [Int], width: Int, height: Int)? in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return nil }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            var frames: [Pixmap] = [], stamps: [Int] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { return nil }
                if let p = Pixmap(width: w, height: h, straightRGBA: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4))) { frames.append(p) }
                stamps.append(Int(timestamp))
            }
            return (frames, Int(info.loop_count), stamps, w, h)
        }
    }

    /// PNG frames from `svga render` for the same options: the reference an export must match.
    static func referenceFrames(_ file: String, _ renderOptions: [String], in dir: URL) throws -> [Pixmap] {
        let out = dir.appendingPathComponent("reference")
        let r = try svga(["render", file, "--out", out.path] + renderOptions)
        #expect(r.status == 0, "svga render: \(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { try PNGDecoder.decode([UInt8](Data(contentsOf: out.appendingPathComponent($0)))) }
    }

    /// Lowest PSNR over the frames (premultiplied, all channels, ImageComparison), and whether
    /// the frame counts agree.
    static func minimumPSNR(_ a: [Pixmap], _ b: [Pixmap]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return -1 }
        return zip(a, b).map { ImageComparison.compare($0, $1)?.psnr ?? -1 }.min()!
    }
}

/// A value shared with a closure on another thread (tests only).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(&value)
    }
}
