import Foundation

/// Runs the built `svga` executable (it sits next to the test bundle in `.build/<config>/`).
enum CLIRunner {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let corpus = shared.appendingPathComponent("corpus")

    static let executable: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("svga"))
        }
        if let exe = Bundle.main.executableURL {
            candidates.append(exe.deletingLastPathComponent().appendingPathComponent("svga"))
            candidates.append(exe.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("svga"))
        }
        for config in ["release", "debug"] {
            candidates.append(repositoryRoot.appendingPathComponent(".build/\(config)/svga"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Result {
        let status: Int32; let stdout: String; let stderr: String
        /// stdout as bytes, for binary output (`render --out -`).
        var stdoutBytes: [UInt8] = []
    }

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        try runWithInput(arguments, stdin: stdin.map { Data($0.utf8) })
    }

    /// `run` with binary standard input (`svga info -`).
    static func runWithInput(_ arguments: [String], stdin: Data?) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "svga executable not built"]) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: [UInt8](outData))
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("svga-cli-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
