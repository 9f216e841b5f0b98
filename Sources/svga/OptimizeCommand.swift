import Foundation
import SVGAFormat
import SVGAJSON
import SVGAKit
import SVGAOptimize
import SVGAValidation

/// `svga optimize IN OUT [--profile NAME] [--max-scale X] [--keep KEY]... [--no-downscale]
/// [--no-drop-unused] [--no-dedup] [--no-recompress] [--dry-run] [--json] [--force] [--threads N]`
/// (issue 11). Writes OUT only when every frame of the result is ≥ 45 dB PSNR from the original
/// (or with --force, which also keeps a downscale below the bound). Exit codes as `validate`'s:
/// 0 written and passing the profile; 1 written but failing it or below the bound (--force),
/// refused by the PSNR check, or bad input; 2 usage.
enum OptimizeCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["profile", "max-scale", "keep", "threads"],
                              flags: ["dry-run", "json", "force", "no-downscale", "no-drop-unused", "no-dedup", "no-recompress"])
        guard a.positionals.count == 2 || (a.positionals.count == 1 && a.flag("dry-run")) else {
            throw .usage("optimize takes IN and OUT (OUT may be left out with --dry-run)")
        }
        let input = a.positionals[0]
        let outputPath = a.positionals.count > 1 ? a.positionals[1] : "-"
        let policy: ValidationPolicy
        do { policy = try ValidationPolicy.make(profileName: a.value("profile"), rules: nil, strict: false) } catch {
            throw .usage(error.description)
        }
        var options = OptimizeOptions()
        options.downscale = !a.flag("no-downscale")
        options.dropUnused = !a.flag("no-drop-unused")
        options.deduplicate = !a.flag("no-dedup")
        options.recompress = !a.flag("no-recompress")
        if let s = try a.double("max-scale") { options.maxScale = s }
        options.keepKeys = Set(a.all("keep"))
        options.threads = try a.int("threads", min: 1)
        options.keepDownscaleBelowBound = a.flag("force")

        let bytes: [UInt8]
        do { bytes = try MovieLoader.readBytes(input) } catch { throw .load(error) }
        let result: OptimizeResult
        do { result = try MovieOptimizer.optimize(bytes, options: options, policy: policy, name: input) } catch {
            throw .optimize(path: input, error)
        }
        let forced = a.flag("force")
        let write = !a.flag("dry-run") && (result.proofPassed || forced)
        if write {
            try createParentFolder(of: outputPath)
            do { try Data(result.output).write(to: URL(fileURLWithPath: outputPath), options: .atomic) } catch {
                throw .fileSystem(outputPath, cannot: "write the optimized file", error)
            }
        }
        // --json was asked for: it prints under --quiet too; the text report is a summary.
        if a.flag("json") {
            Output.data(result.json(file: input, output: outputPath, written: write, forced: forced).serialized(pretty: true))
        } else {
            Output.line(result.text(file: input, output: outputPath, written: write, forced: forced))
        }
        if Output.verbose {
            for r in result.recompressedImages { Output.detail("re-encoded \(UntrustedText.quoted(r.key)): \(r.bytesBefore) → \(r.bytesAfter) bytes") }
            for (n, psnr) in result.framePSNR.enumerated() {
                Output.detail("frame \(n): \(psnr.isFinite ? String(format: "%.2f dB", psnr) : "identical") against the original")
            }
        }
        if !result.proofPassed {
            let frame = "frame \(result.worstFrame ?? 0) differs from the original (PSNR below \(String(format: "%g", result.minPSNR)) dB)"
            throw .failed(write ? "\(input): optimize: \(frame); written anyway (--force)"
                                : "\(input): optimize: refused: \(frame); nothing written")
        }
        if !result.validationAfter.ok { throw .failed(nil) }
    }
}
