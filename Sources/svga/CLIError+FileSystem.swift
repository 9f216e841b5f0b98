import Foundation
import SVGAKit

// File-system failures reach the CLI as NSError (Foundation) or POSIX codes. A person needs one
// line saying which path, what we tried and why it failed, never the NSCocoaErrorDomain dump;
// every command maps them through here (the reason text: SVGAKit's FileSystemReason, which the
// library's own I/O errors use too).
extension CLIError {
    /// `svga: PATH: cannot VERB: REASON`. The path named by the error itself (the frame file
    /// that failed inside an output folder) wins over `path`.
    static func fileSystem(_ path: String, cannot verb: String, _ error: any Error) -> CLIError {
        let ns = error as NSError
        let named = ns.userInfo[NSFilePathErrorKey] as? String
            ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        return .file(path: named ?? path, message: "cannot \(verb): \(FileSystemReason.describe(error))")
    }
}

/// Creates the folder that will hold the output file `path` (and its parents), as `render --out
/// DIR` does for a folder: every command that writes a file takes `--out new/dir/x.ext`.
func createParentFolder(of path: String) throws(CLIError) {
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
    do { try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
        throw .fileSystem(parent.path, cannot: "create folder", error)
    }
}
