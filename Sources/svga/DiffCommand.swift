import Foundation
import SVGAJSON
import SVGAKit

/// `svga diff A.png B.png`: PSNR over premultiplied RGBA, max channel difference, pixels off by
/// more than 8; the same numbers the conformance tests use (ImageComparison).
enum DiffCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["diff-out", "min-psnr"], flags: ["json"])
        guard a.positionals.count == 2 else { throw .usage("diff takes two PNG files") }
        let (pa, pb) = (a.positionals[0], a.positionals[1])
        let minPSNR = try a.double("min-psnr")
        let imageA = try DynamicOptions.loadImage(pa), imageB = try DynamicOptions.loadImage(pb)
        guard let result = ImageComparison.compare(imageA, imageB) else {
            throw .failed("\(pa) is \(imageA.width)×\(imageA.height) but \(pb) is \(imageB.width)×\(imageB.height)")
        }
        if Output.verbose { Output.detail(channelDetail(imageA, imageB)) }
        var diffOut: String?
        if let out = a.value("diff-out"), let diff = ImageComparison.triptych(expected: imageB, actual: imageA) {
            try writePNG(diff, to: out)
            diffOut = out
        }
        if a.flag("json") {
            Output.data(JSONValue.object([
                ("a", .string(pa)), ("b", .string(pb)), ("width", .int(imageA.width)), ("height", .int(imageA.height)),
                // JSON has no infinity: identical images have a null PSNR.
                ("psnr", .number(result.psnr)), ("maxChannelDifference", .int(result.maxChannelDifference)),
                ("pixelsDifferingMoreThan8", .int(result.pixelsDifferingMoreThan8)), ("pixelCount", .int(result.pixelCount)),
                ("diffOut", diffOut.map { .string($0) } ?? .null),
            ]).serialized())
        } else {
            Output.line(describe(result))
            if let diffOut { Output.line("diff image (b | diff | a): \(diffOut)") }
        }
        if let minPSNR, result.psnr < minPSNR {
            throw .failed(String(format: "PSNR %.2f dB is below --min-psnr %.2f", result.psnr, minPSNR))
        }
    }

    /// `diff -v`: the largest difference per premultiplied channel and the box that holds every
    /// pixel differing by more than 8, so a person knows where to look. Same-size images only.
    static func channelDetail(_ a: Pixmap, _ b: Pixmap) -> String {
        var worst = [0, 0, 0, 0]
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = (y * a.width + x) * 4
                var pixelWorst = 0
                for c in 0..<4 {
                    let d = abs(Int(a.data[i + c]) - Int(b.data[i + c]))
                    worst[c] = max(worst[c], d); pixelWorst = max(pixelWorst, d)
                }
                guard pixelWorst > 8 else { continue }
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        let where_ = box.map { "pixels differing by more than 8 lie in x \($0.minX)–\($0.maxX), y \($0.minY)–\($0.maxY)" }
            ?? "no pixel differs by more than 8"
        return "max difference per premultiplied channel: R \(worst[0]), G \(worst[1]), B \(worst[2]), A \(worst[3]); \(where_)"
    }

    static func describe(_ r: ImageComparison) -> String {
        let psnr = r.psnr.isInfinite ? "inf" : String(format: "%.2f", r.psnr)
        return "PSNR \(psnr) dB, max channel difference \(r.maxChannelDifference), \(r.pixelsDifferingMoreThan8) of \(r.pixelCount) pixels differ by more than 8"
    }

    static func writePNG(_ p: Pixmap, to path: String) throws(CLIError) {
        do {
            let png = try PNGEncoder.encode(p)
            try Data(png).write(to: URL(fileURLWithPath: path))
        } catch let e as PNGError {
            throw .file(path: path, message: "cannot encode PNG: \(e.description)")
        } catch {
            throw .fileSystem(path, cannot: "write", error)
        }
    }

    /// `render --compare REFDIR`: what was compared, and what was missing.
    struct FolderComparison {
        let reference: String
        var results: [(name: String, comparison: ImageComparison)] = []
        var missing: [String] = []
        var worst: Double { results.map(\.comparison.psnr).min() ?? .infinity }

        var json: JSONValue {
            .object([("reference", .string(reference)), ("compared", .int(results.count)),
                     // JSON has no infinity: identical frames have a null PSNR.
                     ("minPSNR", .number(worst)), ("missing", .array(missing.map { .string($0) })),
                     ("frames", .array(results.map { r in
                         .object([("file", .string(r.name)), ("psnr", .number(r.comparison.psnr)),
                                  ("maxChannelDifference", .int(r.comparison.maxChannelDifference)),
                                  ("pixelsDifferingMoreThan8", .int(r.comparison.pixelsDifferingMoreThan8))])
                     }))])
        }

        /// A missing reference frame fails the check, naming it: comparing nothing is not a pass.
        func check(minPSNR: Double?) throws(CLIError) {
            if let first = missing.first {
                let more = missing.count > 1 ? " (and \(counted(missing.count - 1, "more frame")))" : ""
                throw .file(path: first, message: "missing reference frame\(more)")
            }
            if let minPSNR, worst < minPSNR { throw .failed(String(format: "minimum PSNR %.2f dB is below %.2f", worst, minPSNR)) }
        }
    }

    /// Each rendered file against the reference frame of the same frame index (`pairs`: our file
    /// name, reference file name; they differ with --renumber). Prints a line per frame unless
    /// `quietly` (render --json prints the comparison in its summary instead).
    static func compareFolders(actual: String, reference: String, pairs: [(String, String)], quietly: Bool = false) throws(CLIError) -> FolderComparison {
        var result = FolderComparison(reference: reference)
        for (name, referenceName) in pairs {
            let refPath = (reference as NSString).appendingPathComponent(referenceName)
            guard FileManager.default.fileExists(atPath: refPath) else { result.missing.append(refPath); continue }
            let ours = try DynamicOptions.loadImage((actual as NSString).appendingPathComponent(name))
            let ref = try DynamicOptions.loadImage(refPath)
            guard let r = ImageComparison.compare(ours, ref) else {
                throw .failed("\(name): size \(ours.width)×\(ours.height) differs from the reference \(ref.width)×\(ref.height)")
            }
            result.results.append((name, r))
            if !quietly { Output.line("\(name): " + describe(r)) }
        }
        let worst = result.worst
        if !quietly {
            Output.line("compared \(counted(result.results.count, "frame")) with \(reference); minimum PSNR \(worst.isInfinite ? "inf" : String(format: "%.2f", worst)) dB")
        }
        return result
    }
}
