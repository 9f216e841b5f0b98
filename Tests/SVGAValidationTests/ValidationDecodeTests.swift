import Foundation
import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import SVGAWriter
import Testing

/// A file that cannot be decoded gets exactly one error whose code names the decoder stage, and
/// stats with only the file size; a file that decodes gets no decode.* finding.
struct ValidationDecodeTests {
    static func zipWith(_ name: String, _ data: [UInt8]) -> [UInt8] {
        var zip = ZipWriter()
        zip.add(name: name, data: data, method: .stored)
        return zip.finish()
    }

    /// (label, bytes, expected code)
    static let cases: [(String, [UInt8], RuleCode)] = [
        ("not zlib nor ZIP", Array("this is not an svga file".utf8), .decodeContainer),
        ("damaged zlib header", [0x78, 0x00, 0x01, 0x02], .decodeZlib),
        ("truncated zlib", Array(TestMovies.zlib(TestMovies.clean()).prefix(40)), .decodeZlib),
        ("zlib of a broken protobuf", TestMovies.storedZlib([0x0A, 0x7F, 0x01]), .decodeProtobuf),
        ("truncated ZIP", Array(zipWith("movie.spec", Array("{}".utf8)).dropLast(10)), .decodeZip),
        ("ZIP with no descriptor", zipWith("readme.txt", Array("hi".utf8)), .decodeContainer),
        ("movie.spec that is not JSON", zipWith("movie.spec", Array("{not json".utf8)), .decodeJSON),
        ("empty file", [], .decodeContainer),
    ]

    @Test("one decode error per stage", arguments: cases.indices)
    func stage(index: Int) {
        let (label, bytes, code) = Self.cases[index]
        let report = TestMovies.validate(bytes: bytes)
        #expect(report.findings.map(\.code) == [code], "\(label): \(report.findingLines)")
        #expect(report.findings.first?.severity == .error)
        #expect(!report.ok)
        #expect(report.stats.fileBytes == bytes.count)
        #expect(report.stats.frames == nil && report.stats.overdraw == nil)
    }

    @Test func brokenPNGHeaderIsAPNGStageError() {
        var movie = TestMovies.clean()
        movie.images[0].value = Array(movie.images[0].value.prefix(20))   // signature, no IHDR
        let report = TestMovies.validate(movie)
        #expect(report.findings.map(\.code) == [.decodePNG], "\(report.findingLines)")
    }

    @Test func corruptPNGBodyIsAPNGError() {
        var movie = TestMovies.clean()
        var png = movie.images[0].value
        // Keep the header (sizes intact) and wreck the compressed image data after it.
        for i in 41..<(png.count - 12) { png[i] ^= 0x5A }
        movie.images[0].value = png
        let report = TestMovies.validate(movie)
        #expect(report.findings(.decodePNG).count == 1, "\(report.findingLines)")
        #expect(report.findings(.decodePNG).first?.image == "star")
        #expect(!report.ok)
    }

    /// decode.png covers JPEG too (the code is kept stable): a sound JPEG gets only the iOS
    /// compatibility warning, a JPEG whose scan is cut short gets decode.png naming its stage.
    @Test func jpegImagesAreDecodedByTheDecodeCheck() throws {
        var movie = TestMovies.clean()
        let busy = (0 ..< 32 * 32 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let jpeg = try ImageFixtures.jpeg(width: 32, height: 32, rgba: busy)
        movie.images[0].value = jpeg
        let sound = TestMovies.validate(movie)
        #expect(sound.findings(.decodePNG).isEmpty, "\(sound.findingLines)")
        #expect(sound.findings(.compatJPEG).count == 1, "\(sound.findingLines)")
        movie.images[0].value = Array(jpeg.prefix(jpeg.count - jpeg.count / 4))
        let cut = TestMovies.validate(movie)
        let finding = try #require(cut.findings(.decodePNG).first, "\(cut.findingLines)")
        #expect(finding.image == "star" && finding.message.contains("jpeg: decode failed"), "\(finding.message)")
        #expect(!cut.ok)
    }

    @Test func viewBoxOverTheDecoderLimitIsALimitsError() {
        var movie = TestMovies.clean()
        movie.params = RawParams(viewBoxWidth: 100_000, viewBoxHeight: 100_000, fps: 20, frames: 20)
        let report = TestMovies.validate(movie)
        #expect(report.findings.map(\.code) == [.decodeLimits], "\(report.findingLines)")
    }

    @Test func decodableFileHasNoDecodeFinding() {
        let report = TestMovies.validate(TestMovies.clean())
        #expect(!report.findings.contains { $0.code.rawValue.hasPrefix("decode.") })
    }

    @Test func unreadablePathIsReported() {
        let report = Validator().validate(file: "/nonexistent/dir/x.svga")
        #expect(report.findings.map(\.code) == [.fileUnreadable])
        #expect(!report.ok)
        #expect(report.stats.fileBytes == nil)
    }
}
