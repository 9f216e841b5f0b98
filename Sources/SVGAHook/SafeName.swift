import SVGAKit

// liveID and eventID become folder names under the output directory, so they are checked
// before anything touches the disk: a name with a path separator, a leading dot ("..", or a
// name that would collide with the hook's own `.tmp-*`, `.cache`, `.merged-index` entries) or a
// control character is rejected, and nothing is ever written outside `--out`.

enum SafeName {
    /// Folder names stay well under every file system's 255-byte component limit, leaving room
    /// for the `.tmp-<eventID>-<pid>` form.
    static let maxBytes = 128

    /// nil when `name` may be used as one path component; otherwise what is wrong with it.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.utf8.count > maxBytes { return "is longer than \(maxBytes) bytes" }
        if name.contains("/") || name.contains("\\") { return "contains a path separator" }
        if name.hasPrefix(".") { return "starts with '.' (reserved for the hook's own files)" }
        if containsControlCharacter(name) { return "contains a control character" }
        return nil
    }

    /// C0, DEL, C1 and the Unicode line/paragraph separators: nothing a name or an ID needs, and
    /// all of them can corrupt a log line or a terminal.
    static func containsControlCharacter(_ s: String) -> Bool {
        s.unicodeScalars.contains { u in
            u.value < 0x20 || (u.value >= 0x7F && u.value <= 0x9F) || u.value == 0x2028 || u.value == 0x2029
        }
    }
}
