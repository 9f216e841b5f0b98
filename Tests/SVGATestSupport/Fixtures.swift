import Foundation

// Where test inputs live, found from this file's own path (STYLE habit 9), never from the
// working directory: this file is <repo>/Tests/SVGATestSupport/Fixtures.swift, the committed
// samples are <repo>/SampleAssets, and the shared corpus sits beside the repository at
// <repo>/../shared. Symlinks are resolved so a private package that links these folders in
// still finds the real repository.
public enum Fixtures {
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // SVGATestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // <repo>

    public static var sampleAssets: URL { repoRoot.appendingPathComponent("SampleAssets", isDirectory: true) }
    public static var shared: URL {
        repoRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }
    public static var corpus: URL { shared.appendingPathComponent("corpus", isDirectory: true) }
    public static var conformance: URL { shared.appendingPathComponent("conformance", isDirectory: true) }

    /// True when `../shared/corpus` exists; tests that need it skip (with a reason) otherwise.
    public static var hasCorpus: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public static func bytes(at url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    public static func sampleAsset(_ name: String) throws -> [UInt8] {
        try bytes(at: sampleAssets.appendingPathComponent(name))
    }

    public static func corpusFile(_ name: String) throws -> [UInt8] {
        try bytes(at: corpus.appendingPathComponent(name))
    }
}
