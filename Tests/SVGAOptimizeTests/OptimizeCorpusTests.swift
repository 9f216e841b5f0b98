import Foundation
import SVGAFormat
import SVGAKit
import SVGAOptimize
import SVGAValidation
import SVGATestSupport
import Testing

/// `svga optimize` over every file of the shared corpus (issue 11): a file that decodes is
/// either optimized into a file that decodes, validates and meets the bound, or refused with a
/// reason; a corrupt one (manifest `corrupt`) is a decode error. Totals over the corpus, bytes
/// and decoded image memory before and after and the files failing the gift profile on memory,
/// are printed for the README, and both totals must go down.
@Suite(.enabled(if: Fixtures.hasCorpus)) struct OptimizeCorpusTests {
    static func corpusFiles() throws -> [(name: String, corrupt: Bool)] {
        let data = try Data(contentsOf: Fixtures.corpus.appendingPathComponent("manifest.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(doc["files"] as? [[String: Any]])
        return files.compactMap { f in (f["file"] as? String).map { ($0, f["corrupt"] as? Bool ?? false) } }
            .sorted { $0.name < $1.name }
    }

    static func failsOnMemory(_ r: FileReport) -> Bool { !r.findings(.memoryLimit).isEmpty }

    @Test func everyCorpusFileIsOptimizedOrRefusedWithAReason() throws {
        var bytesBefore = 0, bytesAfter = 0, memoryBefore = 0, memoryAfter = 0
        var written = 0, refused: [String] = [], corrupt = 0
        var memoryFailuresBefore: [String] = [], memoryFailuresAfter: [String] = []
        for (name, isCorrupt) in try Self.corpusFiles() {
            let bytes = try Fixtures.corpusFile(name)
            let result: OptimizeResult
            do {
                result = try MovieOptimizer.optimize(bytes, name: name)
            } catch {
                #expect(isCorrupt, "\(name) is not corrupt but was not optimized: \(error)")
                #expect(error.stage == .decode && !error.message.isEmpty, "\(name): \(error)")
                corrupt += 1
                continue
            }
            #expect(!isCorrupt, "\(name) is corrupt but decoded")
            let output = result.proofPassed ? result.output : bytes
            bytesBefore += bytes.count; bytesAfter += output.count
            memoryBefore += result.imageMemoryBefore
            memoryAfter += result.proofPassed ? result.imageMemoryAfter : result.imageMemoryBefore
            if Self.failsOnMemory(result.validationBefore) { memoryFailuresBefore.append(name) }
            if Self.failsOnMemory(result.proofPassed ? result.validationAfter : result.validationBefore) { memoryFailuresAfter.append(name) }
            if result.proofPassed {
                written += 1
                #expect(result.worstPSNR >= 45, "\(name): \(result.worstPSNR) dB")
                #expect(result.outputBytes <= result.inputBytes || result.convertedFrom != nil, "\(name) grew")
                #expect(result.imageMemoryAfter <= result.imageMemoryBefore, "\(name)")
                // What `svga validate` says about the written file: it decodes, nothing new is wrong.
                let after = Validator().validate(bytes: result.output, name: name)
                #expect(after.findings(.decodePNG).isEmpty && after.count(.error) <= result.validationBefore.count(.error),
                        "\(name): \(after.findings.map(\.code.rawValue))")
                #expect(try SVGADecoder.decodeRaw(result.output).1 == .zlibProtobuf, "\(name)")
            } else {
                // Refused: the reason is a frame below the bound, which the report names.
                refused.append(name)
                #expect(result.worstFrame != nil && result.worstPSNR < 45, "\(name)")
                #expect(result.text(file: name, output: "-", written: false, forced: false).contains("not written: frame"), "\(name)")
            }
        }
        let mib = { (n: Int) in String(format: "%.1f MiB", Double(n) / 1_048_576) }
        print("optimize corpus: \(written) written, \(refused.count) refused \(refused), \(corrupt) corrupt")
        print("optimize corpus: bytes \(mib(bytesBefore)) → \(mib(bytesAfter)), decoded image memory \(mib(memoryBefore)) → \(mib(memoryAfter))")
        print("optimize corpus: failing the gift profile on memory: \(memoryFailuresBefore.count) before \(memoryFailuresBefore), \(memoryFailuresAfter.count) after \(memoryFailuresAfter)")
        #expect(bytesAfter < bytesBefore)
        #expect(memoryAfter < memoryBefore)
        #expect(memoryFailuresAfter.count < memoryFailuresBefore.count)
    }

    /// Optimizing an optimized corpus file changes nothing: a downscaled 2.x file and a
    /// converted 1.x one.
    @Test(arguments: ["golds1.svga", "posche_android.svga", "Castle.svga"])
    func optimizingAnOptimizedCorpusFileGivesTheSameBytes(name: String) throws {
        let first = try MovieOptimizer.optimize(try Fixtures.corpusFile(name), name: name)
        #expect(first.proofPassed)
        let second = try MovieOptimizer.optimize(first.output, name: name)
        #expect(second.output == first.output, "\(name)")
        #expect(second.resizedImages.isEmpty && second.droppedSprites.isEmpty, "\(name)")
    }
}
