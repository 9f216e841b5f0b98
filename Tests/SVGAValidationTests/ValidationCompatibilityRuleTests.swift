import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import SVGAWriter
import Testing

/// The player-compatibility rules (spec Part B) and the resolver's diagnostics: each crafted
/// file trips its own code; the clean file trips none of them.
struct ValidationCompatibilityRuleTests {
    static let compatCodes: Set<RuleCode> = [
        .compatJPEG, .compatAudio, .compatZipContainer, .compatMatte, .compatEmptyPath, .compatColor255,
        .compatFaintAlpha, .transformNonFinite, .transformDegenerate, .pathSyntax, .numberNonFinite, .shapeUnknownType,
    ]

    static func found(_ report: FileReport) -> Set<RuleCode> { TestMovies.codes(report).intersection(compatCodes) }

    static func changed(_ change: (inout RawMovie) -> Void) -> FileReport {
        var m = TestMovies.clean()
        change(&m)
        return TestMovies.validate(m)
    }

    @Test func cleanFileTripsNone() {
        #expect(Self.found(TestMovies.validate(TestMovies.clean())).isEmpty)
    }

    @Test func jpeg() {
        let report = Self.changed { $0.images[0].value = TestMovies.jpegHeader(width: 100, height: 100) }
        #expect(Self.found(report) == [.compatJPEG], "\(report.findingLines)")
        #expect(report.findings(.compatJPEG).first?.image == "star")
    }

    @Test func audio() {
        let report = Self.changed { m in
            m.images.append(RawImageEntry(key: "sound", value: TestMovies.mp3))
            m.audios = [RawAudio(audioKey: "sound", startFrame: 0, endFrame: 19, startTime: 0, totalTime: 1000)]
        }
        #expect(Self.found(report) == [.compatAudio], "\(report.findingLines)")
        #expect(report.findings(.compatAudio).first?.severity == .info)
        #expect(report.findings(.imageUnused).isEmpty, "audio is not an unused image")
    }

    @Test func zipContainers() throws {
        for bytes in [try SVGAEncoder.encodeZipSpec(TestMovies.clean()), SVGAEncoder.encodeZipBinary(TestMovies.clean())] {
            let report = TestMovies.validate(bytes: bytes)
            #expect(Self.found(report) == [.compatZipContainer], "\(report.findingLines)")
        }
    }

    @Test func matte() {
        let report = Self.changed { m in
            m.sprites.insert(TestMovies.vectorSprite("m.matte"), at: 0)
            m.sprites[1].matteKey = "m.matte"
        }
        #expect(Self.found(report) == [.compatMatte], "\(report.findingLines)")
        #expect(report.findings(.compatMatte).first?.sprite?.index == 1)
    }

    @Test("empty path data", arguments: ["", "   ", nil] as [String?])
    func emptyPath(d: String?) {
        let report = Self.changed { m in m.sprites[1].frames[3].shapes.append(TestMovies.pathShape(d)) }
        #expect(Self.found(report) == [.compatEmptyPath], "\(report.findingLines)")
        #expect(report.findings(.compatEmptyPath).first?.frame == 3)
    }

    @Test func colour255InProtobuf() {
        let report = Self.changed { m in m.sprites[1].frames[0].shapes = [TestMovies.rect(fill: RawColor(r: 255, g: 0, b: 0, a: 1))] }
        #expect(Self.found(report) == [.compatColor255], "\(report.findingLines)")
    }

    @Test func colour255In1xJSON() throws {
        var movie = TestMovies.clean()
        movie.sprites[1].frames[0].shapes = [TestMovies.rect(fill: RawColor(r: 255, g: 128, b: 0, a: 255))]
        let report = TestMovies.validate(bytes: try SVGAEncoder.encodeZipSpec(movie))
        #expect(Self.found(report) == [.compatZipContainer, .compatColor255], "\(report.findingLines)")
    }

    /// (alpha, frames held, trips): at 20 fps a quarter second is 5 frames.
    static let faintCases: [(Float, Int, Bool)] = [(0.03, 5, true), (0.03, 4, false), (0.05, 10, false), (0, 10, false)]

    @Test("faint alpha held for a quarter second", arguments: faintCases)
    func faintAlpha(alpha: Float, frames: Int, trips: Bool) {
        let report = Self.changed { m in for n in 5..<(5 + frames) { m.sprites[0].frames[n].alpha = alpha } }
        #expect(Self.found(report) == (trips ? [.compatFaintAlpha] : []), "\(report.findingLines)")
        if trips {
            let f = report.findings(.compatFaintAlpha).first
            #expect(f?.frame == 5 && f?.value == .int(frames) && f?.limit == .int(5))
        }
    }

    @Test func nonFiniteTransform() {
        let report = Self.changed { m in m.sprites[0].frames[2].transform = RawTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
        #expect(Self.found(report) == [.transformNonFinite], "\(report.findingLines)")
        #expect(report.findings(.transformNonFinite).first?.frame == 2)
        #expect(!report.ok)
    }

    @Test func degenerateTransform() {
        let report = Self.changed { m in m.sprites[0].frames[2].transform = RawTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5) }
        #expect(Self.found(report) == [.transformDegenerate], "\(report.findingLines)")
        // Hidden frames may be degenerate freely (a common way to park a layer).
        let hidden = Self.changed { m in
            m.sprites[0].frames[2].transform = RawTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5)
            m.sprites[0].frames[2].alpha = 0
        }
        #expect(Self.found(hidden).isEmpty)
    }

    @Test func badPathData() {
        let report = Self.changed { m in
            for n in 0..<4 { m.sprites[1].frames[n].shapes.append(TestMovies.pathShape("M0 0 L10 10 X")) }
        }
        #expect(Self.found(report) == [.pathSyntax], "\(report.findingLines)")
        let findings = report.findings(.pathSyntax)
        #expect(findings.count == 1, "grouped per sprite")
        #expect(findings.first?.value == .int(4))
        #expect(findings.first?.frame == 0)
    }

    @Test func nonFiniteShapeNumber() {
        let report = Self.changed { m in m.sprites[1].frames[0].shapes.append(TestMovies.rect(width: .infinity)) }
        #expect(Self.found(report) == [.numberNonFinite], "\(report.findingLines)")
    }

    @Test func unknownShapeType() {
        // ShapeEntity {type: 7, rect {...}}: encoded by hand, the writer only knows real types.
        var movie = TestMovies.clean()
        movie.sprites[1].frames[0].shapes = [RawShape(type: .shape, args: nil, styles: nil, transform: nil, unknownType: 7)]
        let report = TestMovies.validate(movie)
        if report.findings.contains(where: { $0.code.rawValue.hasPrefix("decode.") }) {
            Issue.record("the writer could not encode an unknown type: \(report.findingLines)")
            return
        }
        #expect(Self.found(report) == [.shapeUnknownType], "\(report.findingLines)")
    }
}
