import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender

/// The golden-image policy (STYLE.md habit 8), shared by the conformance and SampleAssets tests:
/// - references are straight-alpha PNGs; both sides are compared premultiplied (so pixels where
///   both alphas are 0 are equal whatever their colour);
/// - the score is PSNR over all four premultiplied channels (ImageComparison, the same code as
///   `svga diff`), with the threshold stated by each test;
/// - a failing frame writes expected | diff | actual to `Tests/_failures/<case>/` (git-ignored)
///   and the message gives PSNR, the max channel difference and the count of pixels off by > 8.
enum ReferenceFrames {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let corpus = shared.appendingPathComponent("corpus")
    static let conformance = shared.appendingPathComponent("conformance")
    static let failures = repositoryRoot.appendingPathComponent("Tests/_failures")

    static var sharedIsPresent: Bool { FileManager.default.fileExists(atPath: conformance.path) }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    static func loadPNG(_ url: URL) throws -> Pixmap { try PNGDecoder.decode(bytes(url)) }

    struct FrameResult {
        let frame: Int
        let comparison: ImageComparison
    }

    /// Writes the three-panel artefact for a failed frame; returns its path.
    @discardableResult
    static func writeFailure(caseName: String, frame: Int, expected: Pixmap, actual: Pixmap) -> String? {
        let dir = failures.appendingPathComponent(caseName)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard let panel = ImageComparison.triptych(expected: expected, actual: actual),
              let png = try? PNGEncoder.encode(panel) else { return nil }
        let url = dir.appendingPathComponent(String(format: "frame_%04d.png", frame))
        try? Data(png).write(to: url)
        return url.path
    }

    static func describe(_ c: ImageComparison) -> String {
        let psnr = c.psnr.isInfinite ? "inf" : String(format: "%.2f", c.psnr)
        return "PSNR \(psnr) dB, max diff \(c.maxChannelDifference), \(c.pixelsDifferingMoreThan8) px > 8"
    }

    struct Meta: Decodable { let file: String; let frames: [Int]; let width: Int; let height: Int; let scale: Double? }

    /// Renders every frame `folder/meta.json` lists from `movieBytes` and compares it with
    /// `folder/frame_NNNN.png`. Returns the PSNRs and the failure lines for frames below `framePSNR`.
    static func compareFolder(_ folder: URL, movieBytes: [UInt8], caseName: String, framePSNR: Double) throws
        -> (psnrs: [Double], failures: [String]) {
        let meta = try JSONDecoder().decode(Meta.self, from: Data(contentsOf: folder.appendingPathComponent("meta.json")))
        let movie = try SVGADecoder.decode(movieBytes)
        let renderer = try MovieRenderer(movie: movie)
        var psnrs: [Double] = []
        var failures: [String] = []
        for n in meta.frames {
            let expected = try loadPNG(folder.appendingPathComponent(String(format: "frame_%04d.png", n)))
            let actual = try renderer.render(frame: n, scale: meta.scale ?? 1)
            guard let c = ImageComparison.compare(actual, expected) else {
                failures.append("frame \(n): size \(actual.width)×\(actual.height) ≠ reference \(expected.width)×\(expected.height)")
                continue
            }
            psnrs.append(c.psnr)
            if c.psnr < framePSNR {
                let artefact = writeFailure(caseName: caseName, frame: n, expected: expected, actual: actual)
                failures.append("frame \(n): \(describe(c)) → \(artefact ?? "no artefact")")
            }
        }
        return (psnrs, failures)
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
