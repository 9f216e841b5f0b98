import Foundation
import SVGAKit

/// The files `svga validate FILE|DIR ...` looks at: a file is taken as given; a directory is
/// walked (recursively) for `*.svga` (any case), skipping hidden entries such as `._x.svga`
/// resource forks, sorted by path bytes so the order never depends on the file system. A missing
/// path or a directory without SVGA files becomes an entry that reports that problem.
public enum ValidationInput: Sendable, Hashable {
    case file(String)
    case missing(String)
    case noSVGA(directory: String)

    public static func expand(_ paths: [String]) -> [ValidationInput] {
        var result: [ValidationInput] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.append(.missing(path)); continue
            }
            guard isDirectory.boolValue else { result.append(.file(path)); continue }
            let found = svgaFiles(in: path)
            if found.isEmpty { result.append(.noSVGA(directory: path)) }
            result += found.map { .file($0) }
        }
        return result
    }

    /// Every `*.svga` under `directory`, sorted.
    public static func svgaFiles(in directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var relative: [String] = []
        while let item = walker.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { walker.skipDescendants() }
                continue
            }
            guard name.lowercased().hasSuffix(".svga") else { continue }
            var isDirectory: ObjCBool = false
            let full = join(directory, item)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                relative.append(item)
            }
        }
        return relative.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { join(directory, $0) }
    }

    private static func join(_ directory: String, _ item: String) -> String {
        directory.hasSuffix("/") ? directory + item : directory + "/" + item
    }
}
