// Loading faces: a font that is not there, or not a font, throws FontError naming the source and
// the FreeType code (common rule 6); the same bytes from memory give the same face as the file.
import Foundation
import Testing
@testable import SVGAText

@Suite struct FontLoadingTests {
    @Test func missingFileThrows() {
        let path = "/nonexistent/dir/NoSuchFont.ttf"
        let error = #expect(throws: FontError.self) { try FontFace(path: path) }
        #expect(error?.code == 0x01)  // FT_Err_Cannot_Open_Resource
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("FT_New_Face") == true)
    }

    @Test(arguments: [
        [UInt8](),
        [UInt8](repeating: 0, count: 64),
        Array("not a font at all, just some text".utf8),
        // A TrueType header that promises tables and then stops.
        [0x00, 0x01, 0x00, 0x00, 0x00, 0x10, 0x01, 0x00, 0x00, 0x04, 0x00, 0x00],
    ])
    func garbageBytesThrow(_ bytes: [UInt8]) {
        let error = #expect(throws: FontError.self) { try FontFace(data: bytes) }
        #expect(error?.code != 0)
        #expect(error?.description.contains("memory (\(bytes.count) bytes)") == true)
    }

    @Test func aDirectoryIsNotAFont() {
        #expect(throws: FontError.self) { try FontFace(path: "/usr/share/fonts") }
    }

    @Test func memoryFaceMatchesFileFace() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FontFace.defaultPath)))
        let memory = try FontFace(data: bytes)
        #expect(memory.familyName == Fixture.face.familyName)
        let a = memory.layoutLine("Gift from Zoë", size: 32)
        let b = Fixture.face.layoutLine("Gift from Zoë", size: 32)
        #expect(a.path == b.path)
        #expect(a.advance == b.advance)
    }

    @Test func truncatedFontFileDoesNotCrash() throws {
        // The first 4 KiB of a real font: FreeType may refuse it or open it and fail per glyph;
        // either way we get an error or empty glyphs, never a trap.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FontFace.defaultPath)).prefix(4096))
        if let face = try? FontFace(data: bytes) {
            _ = face.layoutLine("Hi", size: 20)
        }
    }
}
