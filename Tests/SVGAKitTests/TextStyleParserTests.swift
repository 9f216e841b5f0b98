import Foundation
import SVGAFormat
import SVGAJSON
import SVGAKit
import SVGARender
import Testing

/// `--text-style` / catalog text styles: the shrink-to-fit keys (issue 9) and their errors.
struct TextStyleParserTests {
    static func parse(_ json: String) throws -> TextStyle {
        try TextStyleParser.parse(JSONValue.parse(Data(json.utf8)))
    }

    @Test func fitShrinkWithMinimumSize() throws {
        let style = try Self.parse(#"{"size": 34, "fit": "shrink", "minSize": 16}"#)
        #expect(style.fit == .shrink)
        #expect(style.minimumSize == 16)
        #expect(style.size == 34)
    }

    @Test func fitDefaultsToFixed() throws {
        let style = try Self.parse(#"{"size": 34}"#)
        #expect(style.fit == .fixed)
        #expect(style.minimumSize == nil)
        #expect(try Self.parse(#"{"fit": "none"}"#).fit == .fixed)
    }

    @Test(arguments: [#"{"fit": "grow"}"#, #"{"fit": 1}"#, #"{"minSize": 0}"#, #"{"minsize": 12}"#])
    func badFitValuesAreErrors(_ json: String) {
        let error = #expect(throws: TextStyleParser.StyleError.self) { try Self.parse(json) }
        #expect(error?.description.contains("fit") == true || error?.description.contains("minSize") == true)
    }
}
