// HarfBuzz's own command-line shaper (`hb-shape`, Debian libharfbuzz-bin) as the oracle for our
// shaping: the same font file and face index, the same run text, direction, script and
// language, the same removal of default-ignorables. Run as a subprocess, so nothing of our code
// path is shared with it except the font bytes.
import Foundation
@testable import SVGAText

struct HBShapeOracle {
    struct Glyph: Equatable, CustomStringConvertible {
        let id: UInt32, cluster: Int, xAdvance: Int, xOffset: Int, yOffset: Int
        var description: String { "\(id)@\(cluster)+\(xAdvance)(\(xOffset),\(yOffset))" }
    }

    static let candidates = ["/usr/bin/hb-shape", "/usr/local/bin/hb-shape"]
    static let path: String? = candidates.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// True when a missing hb-shape must fail the test rather than skip it.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false }

    /// Shapes `run.text` in `run.face`'s file as our shaper did; nil for a face with no file.
    static func shape(_ run: ShapedRun, tool: String) throws -> [Glyph]? {
        guard let fontPath = run.face.path else { return nil }
        var arguments = ["--no-glyph-names", "--output-format=json", "--remove-default-ignorables",
                         "--face-index=\(run.face.faceIndex)", "--direction=\(run.isRightToLeft ? "rtl" : "ltr")",
                         "--script=\(run.script)"]
        if let language = run.language { arguments.append("--language=\(language)") }
        arguments += [fontPath, run.text]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        // No language from the locale ("C" has none): ours shapes with none unless the script asks
        // for one. UTF-8, or GLib cannot read the text argument.
        process.environment = ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw OracleError(message: "hb-shape \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
        }
        return list.map {
            Glyph(id: UInt32(($0["g"] as? Int) ?? -1), cluster: ($0["cl"] as? Int) ?? -1,
                  xAdvance: ($0["ax"] as? Int) ?? 0, xOffset: ($0["dx"] as? Int) ?? 0, yOffset: ($0["dy"] as? Int) ?? 0)
        }
    }

    struct OracleError: Error, CustomStringConvertible { let message: String; var description: String { message } }
}

extension ShapedRun {
    var oracleGlyphs: [HBShapeOracle.Glyph] {
        glyphs.map { .init(id: $0.id, cluster: $0.cluster, xAdvance: $0.xAdvance, xOffset: $0.xOffset, yOffset: $0.yOffset) }
    }
}
