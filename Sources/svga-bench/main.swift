import Dispatch
import Foundation
import SVGAFormat
import SVGAGeometry
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGARender

// svga-bench: figures for decode, render, PNG encode and the image blitters. Release-built; reads
// each file into memory first so disk time is not measured. Baselines run in the same process as
// the code they are compared with (libpng's writer beside ours, the scalar image sampler beside
// the span sampler), so the ratios hold on a noisy machine.
//   swift build -c release --product svga-bench && .build/release/svga-bench SampleAssets [more.svga ...]
//   options: --frames N (frames sampled per file for the per-frame medians, default 30)
//            --threads N (the "N threads" column, default: all cores)
//            --no-fps (skip the whole-sequence fps columns)

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

/// Peak resident set size of this process so far, in MiB (Linux reports ru_maxrss in KiB).
func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

var args = Array(CommandLine.arguments.dropFirst())
var sampleFrames = 30
var threadsN = ProcessInfo.processInfo.activeProcessorCount
var measureFPS = true
var inputs: [String] = []
var i = 0
while i < args.count {
    switch args[i] {
    case "--frames": i += 1; sampleFrames = Int(args[i]) ?? sampleFrames
    case "--threads": i += 1; threadsN = Int(args[i]) ?? threadsN
    case "--no-fps": measureFPS = false
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

// MARK: image blitters, synthetic

/// ns per destination pixel of `body`, best of `rounds` (the minimum is the least disturbed run).
func nsPerPixel(pixels: Int, rounds: Int = 7, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let t0 = now()
        body()
        best = min(best, Double(now() - t0) / Double(max(pixels, 1)))
    }
    return best
}

func blitterFigures() {
    // A 512×512 photo-like image (smooth gradients, translucent border) onto a 750×750 canvas.
    let side = 512
    var image = Pixmap(width: side, height: side)!
    for y in 0..<side {
        for x in 0..<side {
            let a = (x < 16 || y < 16) ? UInt32(128 + x % 64) : 255
            let p = (y * side + x) * 4
            image.data[p] = UInt8(UInt32((x * 255) / side) * a / 255)
            image.data[p + 1] = UInt8(UInt32((y * 255) / side) * a / 255)
            image.data[p + 2] = UInt8(UInt32(((x + y) * 127) / side) * a / 255)
            image.data[p + 3] = UInt8(a)
        }
    }
    var translucent = image
    for p in stride(from: 0, to: translucent.data.count, by: 4) {
        for c in 0..<4 { translucent.data[p + c] = translucent.data[p + c] / 2 }
    }
    let canvasSize = 750
    let base = Pixmap(width: canvasSize, height: canvasSize)!
    var background = base
    for p in stride(from: 0, to: background.data.count, by: 4) {
        background.data[p] = 40; background.data[p + 1] = 60; background.data[p + 2] = 90; background.data[p + 3] = 255
    }
    struct Case { let name: String; let image: Pixmap; let transform: Transform; let alpha: Double }
    let cases = [
        Case(name: "affine (rotated 0.3 rad, ×1.3)", image: image,
             transform: .translation(360, 40) * .rotation(0.3) * .scale(1.3), alpha: 1),
        Case(name: "scaled (×1.4 × 1.2)", image: image, transform: .translation(10, 20) * .scale(1.4, 1.2), alpha: 1),
        Case(name: "copied (translation, alpha 1)", image: image, transform: .translation(100, 100), alpha: 1),
        Case(name: "blended (translucent, alpha 0.8)", image: translucent, transform: .translation(100, 100), alpha: 0.8),
    ]
    print("")
    print("image draws onto an opaque 750×750 canvas, ns per destination pixel (best of 7; mask and clip given):")
    print("  draw".padding(toLength: 36, withPad: " ", startingAt: 0) + "   pixels   span ns/px  scalar ns/px  speed-up")
    for c in cases {
        let rect = PathBuilder.rect(x: 0, y: 0, width: Double(c.image.width), height: Double(c.image.height), cornerRadius: 0)
        let polygons = Flattener.flatten(rect, transform: c.transform, tolerance: 0.1)
        guard let mask = Rasterizer.coverage(of: polygons, rule: .nonZero, clip: base.bounds, antialiasing: .skiaCompatible) else { continue }
        let drawn = mask.data.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
        var target = background
        let span = nsPerPixel(pixels: drawn) {
            target.drawImage(c.image, imageToDevice: c.transform, alpha: c.alpha, mask: mask, clip: nil)
        }
        let scalar = nsPerPixel(pixels: drawn) {
            target.drawImageScalar(c.image, imageToDevice: c.transform, alpha: c.alpha, mask: mask, clip: nil)
        }
        print("  " + c.name.padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "  %7d  %10.2f  %12.2f  %7.1f×", drawn, span, scalar, scalar / span))
    }
    // Source-over of a translucent layer: the matte-run composite, word blend only.
    var layer = base
    for p in stride(from: 0, to: layer.data.count, by: 4) {
        let a = UInt8((p / 4) % 200 + 30)
        layer.data[p] = a / 2; layer.data[p + 1] = a / 3; layer.data[p + 3] = a
    }
    var target = background
    let blend = nsPerPixel(pixels: canvasSize * canvasSize) { target.compositeSourceOver(layer) }
    print("  " + "source-over blend (layer composite)".padding(toLength: 34, withPad: " ", startingAt: 0)
          + String(format: "  %7d  %10.2f", canvasSize * canvasSize, blend))
}

blitterFigures()

// MARK: per file

print("")
print("per file: medians over up to \(sampleFrames) evenly spaced frames. decode ms includes decoding the images once.")
print("png: encode ms per frame for libpng's default writer (the baseline) and ours at each level, with the")
print("bytes as a ratio to libpng's. fps columns render + PNG-encode (fast) every frame; reused = frames whose")
print("draw list equals the previous frame's. RSS = this process's peak so far.")
print("file".padding(toLength: 26, withPad: " ", startingAt: 0)
      + "  size       frames reused  decode  render  libpng  fast (bytes)    default (bytes)  max (bytes)      fps 1  fps \(threadsN)  RSS MiB")
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
    var renderTimes: [Double] = []
    var encodeTimes: [PNGCompression: [Double]] = [:], libpngTimes: [Double] = []
    var encodedBytes: [PNGCompression: Int] = [:], libpngBytes = 0
    for n in sampled {
        let r0 = now()
        guard let p = try? renderer.render(frame: n) else { continue }
        renderTimes.append(ms(now() - r0))
        let l0 = now()
        libpngBytes += (try? LibPNGEncoder.encode(p))?.count ?? 0
        libpngTimes.append(ms(now() - l0))
        for level in PNGCompression.allCases {
            let e0 = now()
            encodedBytes[level, default: 0] += (try? PNGEncoder.encode(p, compression: level))?.count ?? 0
            encodeTimes[level, default: []].append(ms(now() - e0))
        }
    }
    var reused = 0
    func fps(threads: Int) -> Double {
        let job = SequenceRenderer(renderer: renderer, compression: .fast, threads: threads)
        let s0 = now()
        reused = (try? job.forEachEncodedFrame(Array(0..<count)) { _, _ in }) ?? 0
        let seconds = Double(now() - s0) / 1e9
        return seconds > 0 ? Double(count) / seconds : 0
    }
    let fps1 = measureFPS ? fps(threads: 1) : 0
    let fpsN = measureFPS ? fps(threads: threadsN) : 0
    if !measureFPS { reused = count - Set(renderer.firstIdenticalFrames()).count }
    let name = (path as NSString).lastPathComponent
    func level(_ l: PNGCompression) -> String {
        String(format: "%6.1f (%.2f×)", median(encodeTimes[l] ?? []), Double(encodedBytes[l] ?? 0) / Double(max(libpngBytes, 1)))
    }
    print(name.padding(toLength: 26, withPad: " ", startingAt: 0)
          + String(format: "  %4d×%-4d  %6d %6d  %6.1f  %6.1f  %6.1f", size.width, size.height, count, reused,
                   median(decodeTimes) + prepareMs, median(renderTimes), median(libpngTimes))
          + "  " + level(.fast) + "   " + level(.default) + "   " + level(.max)
          + String(format: "  %5.1f  %5.1f  %7.1f", fps1, fpsN, peakRSSMiB()))
}
