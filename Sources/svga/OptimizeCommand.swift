import Foundation
import SVGAFormat
import SVGAJSON
import SVGAKit
import SVGAOptimize
import SVGAValidation

/// `svga optimize IN OUT [--profile NAME] [--max-scale X] [--keep KEY]... [--lossy[=QUALITY]]
/// [--no-drop-invisible] [--no-downscale] [--no-drop-unused] [--no-dedup] [--no-recompress]
/// [--dry-run] [--json] [--force] [--threads N]`, or `svga optimize DIR --out DIR` for a folder
/// (issue 11). Writes OUT only when every frame of the result is within the bound of the
/// original (45 dB, 35 with --lossy) or with --force. Exit codes as `validate`'s: 0 written and
/// passing the profile (every file, for a folder); 1 written but failing it, refused by the
/// proof, or bad input; 2 usage.
enum OptimizeCommand {
    /// libimagequant quality for a bare `--lossy`: pngquant's usual upper bound.
    static let defaultLossyQuality = 80

    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["profile", "max-scale", "keep", "threads", "lossy", "out"],
                              flags: ["dry-run", "json", "force", "lossy", "no-drop-invisible", "no-downscale", "no-drop-unused",
                                      "no-dedup", "no-recompress"])
        let policy: ValidationPolicy
        do { policy = try ValidationPolicy.make(profileName: a.value("profile"), rules: nil, strict: false) } catch {
            throw .usage(error.description)
        }
        var options = OptimizeOptions()
        options.dropInvisible = !a.flag("no-drop-invisible")
        options.downscale = !a.flag("no-downscale")
        options.dropUnused = !a.flag("no-drop-unused")
        options.deduplicate = !a.flag("no-dedup")
        options.recompress = !a.flag("no-recompress")
        if let s = try a.double("max-scale") { options.maxScale = s }
        options.keepKeys = Set(a.all("keep"))
        options.threads = try a.int("threads", min: 1)
        options.keepDownscaleBelowBound = a.flag("force")
        if let q = a.value("lossy") {
            guard let quality = Int(q), (0...100).contains(quality) else { throw .usage("--lossy takes a quality 0…100, not '\(q)'") }
            options.lossyQuality = quality
        } else if a.flag("lossy") {
            options.lossyQuality = defaultLossyQuality
        }
        if let out = a.value("out") {
            guard a.positionals.count == 1 else { throw .usage("optimize DIR --out DIR takes one input folder") }
            try folder(a.positionals[0], out: out, options: options, policy: policy, a)
            return
        }
        guard a.positionals.count == 2 || (a.positionals.count == 1 && a.flag("dry-run")) else {
            throw .usage("optimize takes IN and OUT (OUT may be left out with --dry-run), or DIR --out DIR")
        }
        let input = a.positionals[0]
        let outputPath = a.positionals.count > 1 ? a.positionals[1] : "-"
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
            throw .usage("\(input) is a folder: use optimize DIR --out DIR")
        }

        let bytes: [UInt8]
        do { bytes = try MovieLoader.readBytes(input) } catch { throw .load(error) }
        let result: OptimizeResult
        do { result = try MovieOptimizer.optimize(bytes, options: options, policy: policy, name: input) } catch {
            throw .optimize(path: input, error)
        }
        let forced = a.flag("force")
        let write = result.shouldWrite(dryRun: a.flag("dry-run"), force: forced)
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

    /// `optimize DIR --out DIR`: one report for all files, exit 1 unless every file was written
    /// and passes the profile.
    static func folder(_ input: String, out: String, options: OptimizeOptions, policy: ValidationPolicy,
                       _ a: Arguments) throws(CLIError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
            throw .file(path: input, message: "not a folder (optimize DIR --out DIR)")
        }
        let inURL = URL(fileURLWithPath: input), outURL = URL(fileURLWithPath: out)
        guard inURL.standardizedFileURL.path != outURL.standardizedFileURL.path else {
            throw .usage("--out must be another folder than the input (the originals are never overwritten)")
        }
        var runner = FolderOptimizer(options: options, policy: policy)
        runner.force = a.flag("force")
        runner.dryRun = a.flag("dry-run")
        runner.threads = options.threads
        let entries: [FolderOptimizer.Entry]
        do { entries = try runner.run(input: inURL, output: outURL) } catch { throw .optimize(path: input, error) }
        guard !entries.isEmpty else { throw .file(path: input, message: "no .svga files in the folder") }
        Output.line(a.flag("json") ? FolderOptimizer.json(entries).serialized(pretty: true) : FolderOptimizer.text(entries))
        if !FolderOptimizer.allPassed(entries) && !(runner.dryRun && entries.allSatisfy(Self.passesDry)) {
            throw .failed(nil)
        }
    }

    /// With --dry-run nothing is written; a file counts as passing when it would have been.
    static func passesDry(_ e: FolderOptimizer.Entry) -> Bool {
        if case .optimized(let s) = e.outcome { return s.proofPassed && s.passesProfileAfter }
        return false
    }
}
