import Foundation
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// Directories are walked for *.svga in sorted order, hidden entries skipped; missing paths and
/// empty directories are reported; a corrupt file never stops the others.
struct ValidationInputTests {
    static func tempDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("svga-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func walksSortedAndSkipsHidden() throws {
        let dir = try Self.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = Data(TestMovies.zlib(TestMovies.clean()))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        for name in ["b.svga", "a.SVGA", "sub/c.svga", "._a.svga", ".hidden/d.svga", "notes.txt"] {
            try good.write(to: dir.appendingPathComponent(name))
        }
        let found = ValidationInput.svgaFiles(in: dir.path).map { String($0.dropFirst(dir.path.count + 1)) }
        #expect(found == ["a.SVGA", "b.svga", "sub/c.svga"])
    }

    @Test func corruptFileDoesNotStopTheOthers() throws {
        let dir = try Self.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(TestMovies.zlib(TestMovies.clean())).write(to: dir.appendingPathComponent("1.svga"))
        try Data("corrupt".utf8).write(to: dir.appendingPathComponent("2.svga"))
        try Data(TestMovies.zlib(TestMovies.clean())).write(to: dir.appendingPathComponent("3.svga"))
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let report = Validator(threads: 2).validate(paths: [dir.path, "/no/such/file.svga", empty.path])
        #expect(report.files.map { ($0.file as NSString).lastPathComponent } == ["1.svga", "2.svga", "3.svga", "file.svga", "empty"])
        #expect(report.files.map(\.ok) == [true, false, true, false, false])
        #expect(report.files[1].findings.map(\.code) == [.decodeContainer])   // "corrupt": not an SVGA at all
        #expect(report.files[3].findings.map(\.code) == [.fileUnreadable])
        #expect(report.files[4].findings.map(\.code) == [.fileNoSVGA])
        #expect(!report.passed)
    }

    @Test func reportOrderDoesNotDependOnThreads() throws {
        let dir = try Self.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<6 { try Data(TestMovies.zlib(TestMovies.clean())).write(to: dir.appendingPathComponent("f\(i).svga")) }
        let one = Validator(threads: 1).validate(paths: [dir.path]).json.serialized()
        let many = Validator(threads: 4).validate(paths: [dir.path]).json.serialized()
        #expect(one == many)
    }
}
