import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender
import Testing

/// Golden frames for the personalised SampleAssets gift (avatar, nickname and count filled in):
/// recorded once by this renderer and checked on every run, since the reference renderer has no
/// dynamic items. Policy (STYLE.md habit 8): compared premultiplied; tolerance max channel
/// difference ≤ 1, because our output is deterministic and only a libpng or zlib change could move
/// a value, and then by rounding. `SVGA_RECORD_GOLDEN=1` re-records and then fails on purpose.
struct PersonalisedGiftGoldenTests {
    static let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/gift-personalised")
    static let frames = [0, 10, 20, 29]

    static func render() throws -> MovieRenderer {
        let movie = try SVGADecoder.decode(ReferenceFrames.bytes(ReferenceFrames.repositoryRoot.appendingPathComponent("SampleAssets/gift.svga")))
        // A deterministic avatar: a diagonal two-colour split, so orientation and masking both show.
        var avatar: [UInt8] = []
        for y in 0..<64 { for x in 0..<64 { avatar += x > y ? [40, 120, 255, 255] : [255, 180, 40, 255] } }
        let items = DynamicItems(
            images: ["avatar": DynamicImage(pixmap: Pixmap(width: 64, height: 64, straightRGBA: avatar)!, fit: .aspectFill, mask: .circle)],
            texts: ["nickname": DynamicText(text: "Ada Lovelace", style: TextStyle(size: 34, color: Color(r: 1, g: 0.84, b: 0, a: 1))),
                    "count": DynamicText(text: "x3", style: TextStyle(size: 44))])
        return try MovieRenderer(movie: movie, dynamic: items)
    }

    @Test func personalisedGiftMatchesGoldenFrames() throws {
        let renderer = try Self.render()
        let record = ProcessInfo.processInfo.environment["SVGA_RECORD_GOLDEN"] == "1"
        for n in Self.frames {
            let actual = try renderer.render(frame: n)
            let url = Self.goldenRoot.appendingPathComponent(String(format: "frame_%04d.png", n))
            if record {
                try FileManager.default.createDirectory(at: Self.goldenRoot, withIntermediateDirectories: true)
                try Data(PNGEncoder.encode(actual)).write(to: url)
                continue
            }
            let expected = try ReferenceFrames.loadPNG(url)
            let c = try #require(ImageComparison.compare(actual, expected))
            if c.maxChannelDifference > 1 {
                let artefact = ReferenceFrames.writeFailure(caseName: "gift-personalised", frame: n, expected: expected, actual: actual)
                Issue.record("frame \(n): \(ReferenceFrames.describe(c)) → \(artefact ?? "")")
            }
        }
        #expect(!record, "SVGA_RECORD_GOLDEN=1: golden frames re-recorded in \(Self.goldenRoot.path); unset it and run again")
    }
}
