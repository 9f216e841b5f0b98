import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender
import SVGAText
import Testing

/// Golden frames for names in other scripts drawn into the SampleAssets gift's `nickname` slot
/// (issue 9): CJK, Arabic, emoji and a mixed CJK + Latin + RTL + emoji name. Recorded once by this
/// renderer (no reference player has these dynamic items) and checked on every run. Policy
/// (STYLE.md habit 8): compared premultiplied, max channel difference ≤ 1: our output is
/// deterministic and only a libpng/zlib change could move a value, by rounding. The glyphs depend
/// on the installed fonts (scripts/install-deps.sh); a different font version changes them and
/// needs a re-record. `SVGA_RECORD_GOLDEN=1` re-records and then fails on purpose.
struct TextScriptsGoldenTests {
    static let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/gift-scripts")
    /// Frame 20: the nickname plate is fully in (gift.svga's entrance is over by then).
    static let frame = 20

    static let names: [(file: String, text: String)] = [
        ("cjk", "王小明 さくら 김민준"),
        ("arabic", "محمد عبد الله"),
        ("emoji", "🌹👍🏽🇯🇵👨‍👩‍👧"),
        ("mixed", "小明 Alice سلام 🌹"),
    ]

    @Test(arguments: names.map(\.file))
    func nameMatchesGoldenFrame(_ file: String) throws {
        let text = try #require(Self.names.first { $0.file == file }?.text)
        let movie = try SVGADecoder.decode(ReferenceFrames.bytes(ReferenceFrames.repositoryRoot.appendingPathComponent("SampleAssets/gift.svga")))
        let style = TextStyle(size: 30, color: Color(r: 1, g: 0.84, b: 0, a: 1), fit: .shrink, minimumSize: 18)
        let renderer = try MovieRenderer(movie: movie, dynamic: DynamicItems(texts: ["nickname": DynamicText(text: text, style: style)]))
        #expect(renderer.warnings.isEmpty, "\(renderer.warnings)")
        let font = try FontFace(path: FontFace.defaultPath)
        #expect(font.layoutLine(text, size: 30).hasNoMissingGlyphs)
        let actual = try renderer.render(frame: Self.frame)
        let url = Self.goldenRoot.appendingPathComponent("\(file).png")
        if ProcessInfo.processInfo.environment["SVGA_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenRoot, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(actual)).write(to: url)
            Issue.record("SVGA_RECORD_GOLDEN=1: \(url.path) re-recorded; unset it and run again")
            return
        }
        let expected = try ReferenceFrames.loadPNG(url)
        let c = try #require(ImageComparison.compare(actual, expected))
        if c.maxChannelDifference > 1 {
            let artefact = ReferenceFrames.writeFailure(caseName: "gift-scripts-\(file)", frame: Self.frame, expected: expected, actual: actual)
            Issue.record("\(file): \(ReferenceFrames.describe(c)) → \(artefact ?? "")")
        }
    }
}
