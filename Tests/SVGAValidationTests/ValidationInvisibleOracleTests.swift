import Foundation
import SVGAFormat
import SVGAKit
import SVGARaster
import SVGARender
import SVGATestSupport
import SVGAValidation
import Testing

/// sprite.invisible is decided from bounds, without drawing. Hold it to the renderer: every sprite
/// it flags in these corpus files (the ones where it fires) renders nothing in any frame when
/// drawn on its own.
struct ValidationInvisibleOracleTests {
    @Test("flagged sprites render nothing", .enabled(if: Fixtures.hasCorpus, "needs ../shared/corpus beside the repository"),
          arguments: ["rose.svga", "crazy_gift_tips.svga", "bubble.svga"])
    func flaggedSpritesDrawNothing(file: String) throws {
        let bytes = try Fixtures.corpusFile(file)
        let report = Validator().validate(bytes: bytes, name: file)
        let flagged = report.findings(.spriteInvisible).compactMap(\.sprite?.index)
        #expect(!flagged.isEmpty, "\(file) has a never-visible sprite")
        let movie = try SVGADecoder.decode(bytes)
        for index in flagged {
            let alone = Movie(container: movie.container, version: movie.version, viewBox: movie.viewBox, fps: movie.fps,
                              frameCount: movie.frameCount, images: movie.images, sprites: movie.sprites,
                              audios: [], drawList: [.sprite(index)], diagnostics: [])
            let renderer = try MovieRenderer(movie: alone)
            for n in 0..<movie.frameCount {
                let pixmap = try renderer.render(frame: n, scale: 0.25)
                #expect(!pixmap.data.contains { $0 != 0 }, "\(file): sprite \(index) draws something in frame \(n)")
            }
        }
    }
}
