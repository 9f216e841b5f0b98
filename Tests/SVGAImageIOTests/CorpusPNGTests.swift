import Foundation
import SVGAFormat
import SVGAImageIO
import SVGATestSupport
import Testing

// Every PNG embedded in the shared corpus (palette, grey+alpha, 1/2/4-bit, gAMA/sRGB-tagged:
// what real converters write) decodes at the size its header states. The corpus lives beside the repository (../shared/corpus); without it the test is
// skipped with that reason rather than passing silently.
@Suite struct CorpusPNGTests {
    @Test(.enabled(if: Fixtures.hasCorpus, "../shared/corpus is not present"))
    func everyCorpusPNGDecodes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.corpus.path)
            .filter { $0.hasSuffix(".svga") }.sorted()
        var decodedCount = 0
        for file in files {
            guard let (movie, _) = try? SVGADecoder.decodeRaw(Fixtures.corpusFile(file)) else { continue }  // corrupt ones are the format tests' business
            for entry in movie.images where entry.value.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                do {
                    let size = try PNGDecoder.size(of: entry.value)
                    let pixmap = try PNGDecoder.decode(entry.value)
                    #expect(pixmap.width == size.width && pixmap.height == size.height, "\(file): \(entry.key)")
                    decodedCount += 1
                } catch {
                    Issue.record("\(file): image '\(entry.key)': \(error)")
                }
            }
        }
        #expect(decodedCount > 1000, "expected the corpus's ~1300 PNGs, decoded \(decodedCount)")
    }
}
