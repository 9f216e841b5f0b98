import SVGAFormat
import SVGAKit
import SVGATestSupport
import SVGAValidation
import Testing

/// sprite.invisible (alpha, off-canvas, degenerate matrix), matte.missing and the frame-list
/// length rules.
struct ValidationVisibilityRuleTests {
    static func withSecondSprite(_ change: (inout RawSprite) -> Void) -> FileReport {
        var movie = TestMovies.clean()
        change(&movie.sprites[1])
        return TestMovies.validate(movie)
    }

    @Test func alphaZeroEverywhere() {
        let report = Self.withSecondSprite { s in for i in s.frames.indices { s.frames[i].alpha = 0 } }
        let finding = try! #require(report.findings(.spriteInvisible).first)
        #expect(finding.sprite == Finding.SpriteRef(index: 1, key: "shape.vector"))
        #expect(finding.message.contains("alpha is 0"), "\(finding.message)")
    }

    @Test func offCanvasEverywhere() {
        let report = Self.withSecondSprite { s in for i in s.frames.indices { s.frames[i].transform = TestMovies.translate(400, 0) } }
        #expect(report.findings(.spriteInvisible).first?.message.contains("outside the canvas") == true, "\(report.findingLines)")
    }

    @Test func degenerateMatrixEverywhere() {
        let report = Self.withSecondSprite { s in
            for i in s.frames.indices { s.frames[i].transform = RawTransform(a: 0, b: 0, c: 0, d: 1, tx: 10, ty: 10) }
        }
        #expect(report.findings(.spriteInvisible).first?.message.contains("degenerate") == true, "\(report.findingLines)")
    }

    @Test func clipOutsideTheShapeHidesIt() {
        let report = Self.withSecondSprite { s in for i in s.frames.indices { s.frames[i].clipPath = "M200 200 L250 200 L250 250 Z" } }
        #expect(report.findings(.spriteInvisible).count == 1, "\(report.findingLines)")
    }

    @Test func oneVisibleFrameIsEnough() {
        let report = Self.withSecondSprite { s in
            for i in s.frames.indices { s.frames[i].transform = TestMovies.translate(400, 0) }
            s.frames[19].transform = TestMovies.translate(260, 0)   // the 50-unit rect pokes 40 units in
        }
        #expect(report.findings(.spriteInvisible).isEmpty, "\(report.findingLines)")
    }

    @Test func missingMatte() {
        var movie = TestMovies.clean()
        movie.sprites[0].matteKey = "gone.matte"
        let report = TestMovies.validate(movie)
        let finding = try! #require(report.findings(.matteMissing).first)
        #expect(finding.severity == .error)
        #expect(finding.sprite?.index == 0)
        #expect(!report.ok)
        #expect(report.findings(.spriteInvisible).isEmpty, "the masked sprite is reported once, as matte.missing")
        // With the matte present: no finding.
        movie.sprites.insert(TestMovies.vectorSprite("gone.matte"), at: 0)
        #expect(TestMovies.validate(movie).findings(.matteMissing).isEmpty)
    }

    @Test("frame list length against params.frames", arguments: [
        (19, RuleCode.spriteFramesShort as RuleCode?), (21, .spriteFramesLong), (20, nil),
    ])
    func frameList(count: Int, expected: RuleCode?) {
        let report = Self.withSecondSprite { s in s.frames = Array(repeating: s.frames[0], count: count) }
        let found = TestMovies.codes(report).intersection([.spriteFramesShort, .spriteFramesLong])
        #expect(found == Set([expected].compactMap { $0 }), "\(report.findingLines)")
        if let f = report.findings.first(where: { $0.code == expected }) {
            #expect(f.value == .int(count) && f.limit == .int(20))
        }
    }
}
