import Foundation
import SVGAWriter

// svga-sample: regenerates the project's sample movies.
//   swift run svga-sample [OUTPUT-DIR]     (default: SampleAssets)
// Output is byte-identical on every run (SampleScenes is deterministic), so the files can be
// committed and a test can compare them with fresh output.

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 {
    print("usage: svga-sample [OUTPUT-DIR]   (default: SampleAssets)")
    exit(arguments.count > 1 ? 2 : 0)
}
let directory = URL(fileURLWithPath: arguments.first ?? "SampleAssets", isDirectory: true)

do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, bytes) in try SampleScenes.all() {
        try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
        print("\(name)\t\(bytes.count) bytes")
    }
} catch {
    FileHandle.standardError.write(Data("svga-sample: \(error)\n".utf8))
    exit(1)
}
