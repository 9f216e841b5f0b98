import Foundation
import SVGAFormat
import Testing

/// Golden frames for SampleAssets (STYLE.md habit 8). The references in `SampleReferences/` were
/// rendered by the Skia reference renderer (`scripts/record-sample-references.sh`), which
/// implements spec Part A independently of this code base, so these frames check our renderer
/// against an outside oracle on files that exercise every feature. Thresholds as for the corpus
/// (issue 3): each frame ≥ 30 dB, each file's median ≥ 40 dB; why these suffice is in
/// ConformanceTests.
struct SampleReferenceTests {
    static let referenceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SampleReferences")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: referenceRoot.path)) ?? []).sorted()

    @Test func everySampleHasReferences() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: ReferenceFrames.repositoryRoot.appendingPathComponent("SampleAssets").path)
            .filter { $0.hasSuffix(".svga") }.map { String($0.dropLast(5)) }.sorted()
        #expect(!samples.isEmpty)
        #expect(samples == Self.cases, "re-run scripts/record-sample-references.sh after adding a sample")
    }

    @Test(arguments: cases)
    func sampleMatchesReference(_ name: String) throws {
        let bytes = try ReferenceFrames.bytes(ReferenceFrames.repositoryRoot.appendingPathComponent("SampleAssets/\(name).svga"))
        let (psnrs, failures) = try ReferenceFrames.compareFolder(Self.referenceRoot.appendingPathComponent(name), movieBytes: bytes,
                                                                  caseName: "sample-" + name, framePSNR: ConformanceTests.minimumFramePSNR)
        let median = ReferenceFrames.median(psnrs)
        print("sample \(name): \(psnrs.count) frames, min \(String(format: "%.2f", psnrs.min() ?? .nan)) dB, median \(String(format: "%.2f", median)) dB")
        #expect(psnrs.count == 4)
        #expect(failures.isEmpty, "\(name): \(failures.joined(separator: "\n"))")
        #expect(median >= ConformanceTests.minimumMedianPSNR, "\(name): median \(median) dB")
    }
}
