import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGARender

// svga-bench: figures for decode, render and PNG encode, per file of a folder (or the files
// given). Release-built; reads each file into memory first so disk time is not measured.
//   swift build -c release --product svga-bench && .build/release/svga-bench SampleAssets [more.svga ...]
//   options: --frames N (frames sampled per file for the per-frame medians, default 30)
//            --threads N (the "N threads" column, default: all cores)

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func ms(_ ns: UInt64) -> Double { Double(ns) / 1e6 }
func median(_ v: [Double]) -> Double {
    let s = v.sorted(); guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func machineDescription() -> String {
    var model = "unknown CPU"
    if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let mem = ProcessInfo.processInfo.physicalMemory / (1 << 20)
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(mem) MiB"
}

func swiftVersion() -> String {
    #if compiler(>=6.3)
    return "Swift ≥ 6.3"
    #elseif compiler(>=6.0)
    return "Swift 6.x"
    #else
    return "Swift < 6"
    #endif
}

var args = Array(CommandLine.arguments.dropFirst())
var sampleFrames = 30
var threadsN = ProcessInfo.processInfo.activeProcessorCount
var inputs: [String] = []
var i = 0
while i < args.count {
    switch args[i] {
    case "--frames": i += 1; sampleFrames = Int(args[i]) ?? sampleFrames
    case "--threads": i += 1; threadsN = Int(args[i]) ?? threadsN
    default: inputs.append(args[i])
    }
    i += 1
}
if inputs.isEmpty { inputs = ["SampleAssets"] }

var files: [String] = []
for input in inputs {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: input, isDirectory: &isDir), isDir.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
        files += names.filter { $0.hasSuffix(".svga") }.sorted().map { input + "/" + $0 }
    } else {
        files.append(input)
    }
}

#if DEBUG
let buildKind = "DEBUG build: figures are not representative, use -c release"
#else
let buildKind = "release build"
#endif
print("svga-bench: \(machineDescription()); \(swiftVersion()); \(buildKind)")
print("per-frame figures are medians over up to \(sampleFrames) evenly spaced frames; decode ms includes decoding the")
print("PNG images once; the fps columns render and PNG-encode every frame")
print(String(repeating: " ", count: 0) + "file".padding(toLength: 28, withPad: " ", startingAt: 0)
      + "  size      frames  decode ms  render ms/f  png ms/f  fps 1 thr  fps \(threadsN) thr")
for path in files {
    guard let data = FileManager.default.contents(atPath: path) else { print("\(path): unreadable"); continue }
    let bytes = [UInt8](data)
    var decodeTimes: [Double] = []
    var movie: Movie?
    for _ in 0..<3 {
        let t0 = now()
        do { movie = try SVGADecoder.decode(bytes) } catch { print("\(path): \(error)"); break }
        decodeTimes.append(ms(now() - t0))
    }
    guard let movie else { continue }
    let t0 = now()
    guard let renderer = try? MovieRenderer(movie: movie) else { print("\(path): cannot prepare"); continue }
    let prepareMs = ms(now() - t0)
    let count = movie.frameCount
    guard count > 0, let size = try? renderer.canvasSize() else { print("\(path): no frames"); continue }
    let step = max(1, count / sampleFrames)
    let sampled = Array(stride(from: 0, to: count, by: step).prefix(sampleFrames))
    var renderTimes: [Double] = [], encodeTimes: [Double] = []
    for n in sampled {
        let r0 = now()
        guard let p = try? renderer.render(frame: n) else { continue }
        renderTimes.append(ms(now() - r0))
        let e0 = now()
        _ = try? PNGEncoder.encode(p)
        encodeTimes.append(ms(now() - e0))
    }
    func fps(threads: Int) -> Double {
        let job = SequenceRenderer(renderer: renderer, threads: threads)
        let s0 = now()
        try? job.forEachEncodedFrame(Array(0..<count)) { _, _ in }
        let seconds = Double(now() - s0) / 1e9
        return seconds > 0 ? Double(count) / seconds : 0
    }
    let fps1 = fps(threads: 1)
    let fpsN = fps(threads: threadsN)
    let name = (path as NSString).lastPathComponent
    print(name.padding(toLength: 28, withPad: " ", startingAt: 0)
          + String(format: "  %4d×%-4d  %6d  %9.2f  %11.2f  %8.2f  %9.1f  %9.1f",
                   size.width, size.height, count, median(decodeTimes) + prepareMs, median(renderTimes),
                   median(encodeTimes), fps1, fpsN))
}
