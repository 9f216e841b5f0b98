import Foundation
import SVGAFormat
import SVGARender
import SVGATestSupport
import Testing

/// Every real corpus file stays inside the default decode budget with room to spare: it decodes,
/// and no frame's flattening comes near `maxFlattenedPointsPerFrame` (the default is sized from
/// the figure this test prints; the conformance suite checks the frames render unchanged).
struct CorpusWorkBudgetTests {
    @Test("corpus: every frame flattens to under 1/4 of the point budget")
    func corpusFramesAreWellInsideTheBudget() throws {
        try #require(Fixtures.hasCorpus, "needs ../shared/corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.corpus.path)
            .filter { $0.hasSuffix(".svga") }.sorted()
        var largest = (file: "", frame: 0, points: 0)
        var decoded = 0
        for file in files {
            let bytes = try Fixtures.bytes(at: Fixtures.corpus.appendingPathComponent(file))
            guard let movie = try? SVGADecoder.decode(bytes) else { continue }   // the one corrupt file
            decoded += 1
            for n in 0 ..< movie.frameCount {
                let points = MovieRenderer.flattenedPointCount(movie, frame: n)
                if points > largest.points { largest = (file, n, points) }
            }
        }
        print("corpus: \(decoded) files; most flattened points in one frame: \(largest.points) (\(largest.file) frame \(largest.frame))")
        #expect(decoded >= 76)
        #expect(largest.points * 4 < DecodeBudget.default.maxFlattenedPointsPerFrame)
    }
}
