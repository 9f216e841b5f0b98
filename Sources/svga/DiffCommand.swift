import Foundation
import SVGAImageIO
import SVGAKit
import SVGARaster

/// `svga diff A.png B.png`: PSNR over premultiplied RGBA, max channel difference, pixels off by
/// more than 8; the same numbers the conformance tests use (ImageComparison).
enum DiffCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["diff-out", "min-psnr"], flags: [])
        guard a.positionals.count == 2 else { throw .usage("diff takes two PNG files") }
        let (pa, pb) = (a.positionals[0], a.positionals[1])
        let imageA = try DynamicOptions.loadImage(pa), imageB = try DynamicOptions.loadImage(pb)
        guard let result = ImageComparison.compare(imageA, imageB) else {
            throw .failed("\(pa) is \(imageA.width)×\(imageA.height) but \(pb) is \(imageB.width)×\(imageB.height)")
        }
        Output.line(describe(result))
        if let out = a.value("diff-out"), let diff = ImageComparison.triptych(expected: imageB, actual: imageA) {
            try writePNG(diff, to: out)
            Output.line("diff image (b | diff | a): \(out)")
        }
        if let min = try a.double("min-psnr"), result.psnr < min {
            throw .failed(String(format: "PSNR %.2f dB is below --min-psnr %.2f", result.psnr, min))
        }
    }

    static func describe(_ r: ImageComparison) -> String {
        let psnr = r.psnr.isInfinite ? "inf" : String(format: "%.2f", r.psnr)
        return "PSNR \(psnr) dB, max channel difference \(r.maxChannelDifference), \(r.pixelsDifferingMoreThan8) of \(r.pixelCount) pixels differ by more than 8"
    }

    static func writePNG(_ p: Pixmap, to path: String) throws(CLIError) {
        do {
            let png = try PNGEncoder.encode(p)
            try Data(png).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .file(path: path, message: "cannot write PNG: \(error)")
        }
    }

    /// `render --compare REFDIR`: each rendered frame against REFDIR/frame_NNNN.png when present.
    static func compareFolders(actual: String, reference: String, files: [String], minPSNR: Double?) throws(CLIError) {
        var worst = Double.infinity, compared = 0
        for name in files {
            let refPath = reference + "/" + name
            guard FileManager.default.fileExists(atPath: refPath) else { continue }
            let ours = try DynamicOptions.loadImage(actual + "/" + name)
            let ref = try DynamicOptions.loadImage(refPath)
            guard let r = ImageComparison.compare(ours, ref) else {
                throw .failed("\(name): size \(ours.width)×\(ours.height) differs from the reference \(ref.width)×\(ref.height)")
            }
            compared += 1
            worst = min(worst, r.psnr)
            Output.line("\(name): " + describe(r))
        }
        Output.line("compared \(compared) frames with \(reference); minimum PSNR \(worst.isInfinite ? "inf" : String(format: "%.2f", worst)) dB")
        if let minPSNR, worst < minPSNR { throw .failed(String(format: "minimum PSNR %.2f dB is below %.2f", worst, minPSNR)) }
    }
}
