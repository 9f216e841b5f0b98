import Dispatch
import Foundation
import SVGAJSON
import SVGAKit
import SVGAValidation

/// `svga optimize DIR --out DIR` (issue 11): every `.svga` file under the input folder (sorted,
/// sub-folders included) is optimized into the same relative path under the output folder,
/// several files at once. Each file is written under the same rule as a single file (its proof
/// passed, or `force`); a file that cannot be optimized is reported with its reason and the run
/// goes on. Only the per-file reports are kept in memory, never the files' bytes.
public struct FolderOptimizer: Sendable {
    public var options: OptimizeOptions
    public var policy: ValidationPolicy
    /// Write results whose proof failed (`--force`).
    public var force = false
    /// Report only, write nothing (`--dry-run`).
    public var dryRun = false
    /// Files optimized at once; nil: one per available CPU.
    public var threads: Int?

    public init(options: OptimizeOptions, policy: ValidationPolicy) { self.options = options; self.policy = policy }

    /// One input file's outcome.
    public struct Entry: Sendable {
        /// Path relative to the input folder.
        public let file: String
        public let output: String
        public let outcome: Outcome
    }

    public enum Outcome: Sendable {
        case optimized(Summary)
        /// The file could not be read, decoded, optimized or written: the message says which.
        case failed(String)
    }

    /// What the folder report keeps of an `OptimizeResult`.
    public struct Summary: Sendable {
        public let inputBytes: Int, outputBytes: Int
        public let imageMemoryBefore: Int, imageMemoryAfter: Int
        public let proofPassed: Bool
        public let passesProfileBefore: Bool, passesProfileAfter: Bool
        public let written: Bool
        public let text: String
        public let json: JSONValue
    }

    /// `.svga` files under `folder`, as sorted relative paths.
    public static func inputs(in folder: URL) throws(OptimizeError) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw OptimizeError(.input, "cannot list the folder \(folder.path)")
        }
        let base = folder.standardizedFileURL.path
        var files: [String] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "svga" {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            files.append(path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent)
        }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Optimizes every file; entries in the order of `inputs(in:)`.
    public func run(input: URL, output: URL) throws(OptimizeError) -> [Entry] {
        let files = try Self.inputs(in: input)
        guard !files.isEmpty else { return [] }
        let cpus = threads ?? AvailableCPUs.count
        let workers = min(files.count, max(1, cpus))
        // Files run side by side; each proof gets its share of the threads.
        let perFile = { var o = options; o.threads = max(1, cpus / workers); return o }()
        return ParallelMap.map(files.count, threads: workers) { i in
            optimize(file: files[i], input: input, output: output, options: perFile)
        }
    }

    private func optimize(file: String, input: URL, output: URL, options: OptimizeOptions) -> Entry {
        let source = input.appendingPathComponent(file), target = output.appendingPathComponent(file)
        let inPath = source.path, outPath = target.path
        let bytes: [UInt8]
        do { bytes = [UInt8](try Data(contentsOf: source)) } catch {
            return Entry(file: file, output: outPath, outcome: .failed("cannot read the file: \(error.localizedDescription)"))
        }
        let result: OptimizeResult
        do { result = try MovieOptimizer.optimize(bytes, options: options, policy: policy, name: inPath) } catch {
            return Entry(file: file, output: outPath, outcome: .failed("optimize: \(error.description)"))
        }
        let write = result.shouldWrite(dryRun: dryRun, force: force)
        if write {
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(result.output).write(to: target, options: .atomic)
            } catch {
                return Entry(file: file, output: outPath, outcome: .failed("cannot write \(outPath): \(error.localizedDescription)"))
            }
        }
        return Entry(file: file, output: outPath, outcome: .optimized(Summary(
            inputBytes: result.inputBytes, outputBytes: result.outputBytes,
            imageMemoryBefore: result.imageMemoryBefore, imageMemoryAfter: result.imageMemoryAfter,
            proofPassed: result.proofPassed, passesProfileBefore: result.validationBefore.ok,
            passesProfileAfter: result.validationAfter.ok, written: write,
            text: result.text(file: inPath, output: outPath, written: write, forced: force),
            json: result.json(file: inPath, output: outPath, written: write, forced: force))))
    }

    /// True when every file was written and passes the profile (exit 0).
    public static func allPassed(_ entries: [Entry]) -> Bool {
        entries.allSatisfy { if case .optimized(let s) = $0.outcome { return s.written && s.passesProfileAfter } else { return false } }
    }

    /// The per-file reports, then the totals.
    public static func text(_ entries: [Entry]) -> String {
        var lines: [String] = []
        for e in entries {
            switch e.outcome {
            case .optimized(let s): lines.append(s.text)
            case .failed(let m): lines.append("\(e.file): not optimized: \(m)")
            }
        }
        let t = Totals(entries)
        lines.append("total: \(entries.count) files, \(t.written) written, \(t.refused) refused by the proof, \(t.failed) failed")
        lines.append("  bytes:         \(byteString(t.bytesBefore)) → \(byteString(t.bytesAfter)) (files optimized)")
        lines.append("  image memory:  \(byteString(t.memoryBefore)) → \(byteString(t.memoryAfter))")
        lines.append("  profile:       \(t.failingBefore) failing before, \(t.failingAfter) after")
        return lines.joined(separator: "\n")
    }

    public static func json(_ entries: [Entry]) -> JSONValue {
        let t = Totals(entries)
        return .object([
            ("files", .array(entries.map { e in
                switch e.outcome {
                case .optimized(let s): return s.json
                case .failed(let m): return .object([("file", .string(e.file)), ("output", .string(e.output)), ("error", .string(m))])
                }
            })),
            ("total", .object([
                ("files", .int(entries.count)), ("written", .int(t.written)), ("refused", .int(t.refused)), ("failed", .int(t.failed)),
                ("bytes", .object([("before", .int(t.bytesBefore)), ("after", .int(t.bytesAfter))])),
                ("imageMemory", .object([("before", .int(t.memoryBefore)), ("after", .int(t.memoryAfter))])),
                ("failingProfile", .object([("before", .int(t.failingBefore)), ("after", .int(t.failingAfter))])),
            ])),
        ])
    }

    /// Sums over the files that were optimized (written or not).
    struct Totals {
        var written = 0, refused = 0, failed = 0
        var bytesBefore = 0, bytesAfter = 0, memoryBefore = 0, memoryAfter = 0
        var failingBefore = 0, failingAfter = 0
        init(_ entries: [Entry]) {
            for e in entries {
                guard case .optimized(let s) = e.outcome else { failed += 1; continue }
                if s.written { written += 1 }
                if !s.proofPassed { refused += 1 }
                bytesBefore += s.inputBytes; bytesAfter += s.outputBytes
                memoryBefore += s.imageMemoryBefore; memoryAfter += s.imageMemoryAfter
                if !s.passesProfileBefore { failingBefore += 1 }
                if !s.passesProfileAfter { failingAfter += 1 }
            }
        }
    }
}
