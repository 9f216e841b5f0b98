import Foundation
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// The whole shared corpus validates without a crash; the one corrupt file (wear1) gets the
/// zlib decode error; every good file decodes (no decode.* finding) and has full stats.
struct ValidationCorpusTests {
    @Test("validate the corpus", .enabled(if: Fixtures.hasCorpus, "needs ../shared/corpus beside the repository"))
    func corpus() throws {
        let report = Validator().validate(paths: [Fixtures.corpus.path])
        #expect(report.files.count >= 77)
        for file in report.files {
            let name = (file.file as NSString).lastPathComponent
            let decodeErrors = file.findings.filter { $0.code.isFatal }
            if name == "wear1.svga" {
                #expect(decodeErrors.map(\.code) == [.decodeZlib], "\(file.findingLines)")
                #expect(!file.ok)
            } else {
                #expect(decodeErrors.isEmpty, "\(name): \(file.findingLines)")
                #expect(file.stats.frames != nil && file.stats.overdraw != nil, "\(name)")
            }
        }
        #expect(!report.passed)
    }
}
