import Foundation
import SVGAImageIO
import SVGARaster
import SVGATestSupport
import Testing

// `svga render SampleAssets/gift.svga --set-image avatar=FILE` with JPEG and WebP avatars, as a
// user runs it: each lands in the avatar slot with its colours. At frame 20 the avatar sprite
// has finished flying in: a 120 × 120 slot at (140, 80), scale 1, alpha 1, so with
// `--image-fit stretch --image-mask none` a four-colour 32 × 32 avatar shows each colour
// around the slot's quadrant centres (170|230, 110|170). Files are named `.png` on purpose:
// the format comes from the bytes. Tolerance 8 levels: JPEG/lossy WebP quantisation plus
// bilinear sampling (the centres are 30 px from any colour edge, so edges never reach them).
struct ImageFormatCLITests {
    static let gift = CLIRunner.repositoryRoot.appendingPathComponent("SampleAssets/gift.svga").path
    static let slotCentres = [(170, 110), (230, 110), (170, 170), (230, 170)]
    typealias RGB = ImageFixtures.RGB
    static let (r, g, b, w) = (ImageFixtures.red, ImageFixtures.green, ImageFixtures.blue, ImageFixtures.white)
    static let quadrants = ImageFixtures.quadrants(width: 32, height: 32, r, g, b, w)

    static func avatar(_ kind: String) throws -> [UInt8] {
        switch kind {
        case "jpeg-baseline": return try ImageFixtures.jpeg(width: 32, height: 32, rgba: quadrants)
        case "jpeg-progressive": return try ImageFixtures.jpeg(width: 32, height: 32, rgba: quadrants, progressive: true)
        // Stored on its side with Exif orientation 6 (a portrait phone photo): upright it is
        // red | green over blue | white. Stored = the upright image turned 90° anticlockwise.
        case "jpeg-exif-6":
            let stored = ImageFixtures.quadrants(width: 32, height: 32, g, w, r, b)
            return ImageFixtures.withExifOrientation(try ImageFixtures.jpeg(width: 32, height: 32, rgba: stored), 6)
        case "webp-lossy": return try ImageFixtures.webp(width: 32, height: 32, rgba: quadrants, lossless: false)
        case "webp-lossless": return try ImageFixtures.webp(width: 32, height: 32, rgba: quadrants, lossless: true)
        default: fatalError(kind)
        }
    }

    func render(_ arguments: [String], in dir: URL, name: String) throws -> (CLIRunner.Result, Pixmap?) {
        let out = dir.appendingPathComponent(name + ".png").path
        let result = try CLIRunner.run(["render", Self.gift, "--frame", "20", "--out", out] + arguments)
        let frame = result.status == 0 ? try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))) : nil
        return (result, frame)
    }

    static func close(_ p: Pixmap, _ x: Int, _ y: Int, _ c: RGB, tolerance: Int = 8) -> Bool {
        let px = p.pixel(x: x, y: y)
        return abs(Int(px.r) - Int(c.r)) <= tolerance && abs(Int(px.g) - Int(c.g)) <= tolerance
            && abs(Int(px.b) - Int(c.b)) <= tolerance && px.a == 255
    }

    @Test(arguments: ["jpeg-baseline", "jpeg-progressive", "jpeg-exif-6", "webp-lossy", "webp-lossless"])
    func avatarLandsInTheSlot(kind: String) throws {
        let dir = try CLIRunner.temporaryDirectory("image-\(kind)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("avatar.png")
        try Data(Self.avatar(kind)).write(to: file)
        let (result, frame) = try render(["--set-image", "avatar=\(file.path)", "--image-fit", "avatar=stretch",
                                          "--image-mask", "avatar=none"], in: dir, name: "out")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let pixmap = try #require(frame)
        for ((x, y), colour) in zip(Self.slotCentres, [Self.r, Self.g, Self.b, Self.w]) {
            #expect(Self.close(pixmap, x, y, colour), "\(kind) at (\(x), \(y)): \(pixmap.pixel(x: x, y: y))")
        }
    }

    /// A CMYK JPEG avatar (magenta + yellow ink = red) is converted, not refused.
    @Test func cmykAvatarIsConverted() throws {
        let dir = try CLIRunner.temporaryDirectory("image-cmyk")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("avatar.jpg")
        let cmyk = Array([[UInt8]](repeating: [255, 0, 0, 255], count: 32 * 32).joined())
        try Data(ImageFixtures.cmykJPEG(width: 32, height: 32, cmyk: cmyk)).write(to: file)
        let (result, frame) = try render(["--set-image", "avatar=\(file.path)", "--image-mask", "avatar=none"], in: dir, name: "out")
        #expect(result.status == 0, "\(result.stderr)")
        let pixmap = try #require(frame)
        #expect(Self.close(pixmap, 200, 140, Self.r), "\(pixmap.pixel(x: 200, y: 140))")
    }

    /// A WebP with alpha: the opaque left half shows red, the transparent right half shows what
    /// lies under the slot (the frame rendered with the avatar hidden).
    @Test func webpAlphaShowsWhatIsUnderneath() throws {
        let dir = try CLIRunner.temporaryDirectory("image-webp-alpha")
        defer { try? FileManager.default.removeItem(at: dir) }
        var rgba: [UInt8] = []
        for _ in 0 ..< 32 { for x in 0 ..< 32 { rgba += x < 16 ? [255, 0, 0, 255] : [0, 0, 255, 0] } }
        let file = dir.appendingPathComponent("avatar.webp")
        try Data(ImageFixtures.webp(width: 32, height: 32, rgba: rgba, lossless: false)).write(to: file)
        let (result, frame) = try render(["--set-image", "avatar=\(file.path)", "--image-fit", "avatar=stretch",
                                          "--image-mask", "avatar=none"], in: dir, name: "alpha")
        let (hiddenResult, hiddenFrame) = try render(["--hide", "avatar"], in: dir, name: "hidden")
        #expect(result.status == 0 && hiddenResult.status == 0, "\(result.stderr)\(hiddenResult.stderr)")
        let pixmap = try #require(frame), under = try #require(hiddenFrame)
        #expect(Self.close(pixmap, 170, 140, Self.r), "\(pixmap.pixel(x: 170, y: 140))")
        let u = under.pixel(x: 230, y: 140)
        #expect(Self.close(pixmap, 230, 140, (u.r, u.g, u.b), tolerance: 2), "\(pixmap.pixel(x: 230, y: 140)) vs \(u)")
    }

    @Test(arguments: [
        ("truncated.jpg", "jpeg: decode failed: "),
        ("text.png", "image: not a PNG, JPEG or WebP image (starts 68 65 6C 6C"),
        ("truncated.webp", "webp: "),
    ])
    func badImagesGiveAStageNamedError(name: String, message: String) throws {
        let dir = try CLIRunner.temporaryDirectory("image-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let busy = (0 ..< 32 * 32 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let bytes: [UInt8]
        switch name {
        case "truncated.jpg":
            let jpeg = try ImageFixtures.jpeg(width: 32, height: 32, rgba: busy)
            bytes = Array(jpeg.prefix(jpeg.count - jpeg.count / 4))
        case "truncated.webp":
            let webp = try ImageFixtures.webp(width: 32, height: 32, rgba: busy, lossless: false)
            bytes = Array(webp.prefix(webp.count / 2))
        default: bytes = Array("hello, I am text".utf8)
        }
        let file = dir.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let (result, _) = try render(["--set-image", "avatar=\(file.path)"], in: dir, name: "out")
        #expect(result.status == 1)
        #expect(result.stderr.contains("svga: \(file.path): \(message)"), "\(result.stderr)")
    }
}
