import SVGAFormat

// gift.svga: a personalised-gift movie (spec A.7), 400×400, 30 frames at 20 fps. Its bitmap slots
// are what a host replaces at render time:
//   `background`  100×100 gradient stretched to 400×400
//   `avatar`      square 120×120 layout, a grey placeholder; flies in from the left and grows
//   `nickname`    300×60 layout, a transparent placeholder (text is drawn there); fades in
//   `count`       160×60 layout, a faint placeholder; pops in with a scale overshoot
//   `sparkle`     a star turning above the avatar
enum GiftSample {
    static let frameCount = 30

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let background = RawSprite(imageKey: "background", frames: SampleBuild.frames(n) { _ in
            RawFrame(alpha: 1, layout: SampleBuild.layout(400, 400))
        })
        let avatar = RawSprite(imageKey: "avatar", frames: SampleBuild.frames(n) { i in
            let t = SampleMath.easeOut(Double(i) / 15)
            let s = SampleMath.mix(0.3, 1, t)
            let x = SampleMath.mix(-120, 140, t)
            let m = A.translate(x, 80).concatenating(A.about(60, 60, A.scale(s, s)))
            return RawFrame(alpha: Float(SampleMath.mix(0.2, 1, t)), layout: SampleBuild.layout(120, 120), transform: m.raw)
        })
        let nickname = RawSprite(imageKey: "nickname", frames: SampleBuild.frames(n) { i in
            let t = SampleMath.easeOut(Double(i - 8) / 12)
            return RawFrame(alpha: Float(t), layout: SampleBuild.layout(300, 60),
                            transform: A.translate(50, SampleMath.mix(250, 220, t)).raw)
        })
        let count = RawSprite(imageKey: "count", frames: SampleBuild.frames(n) { i in
            let t = min(max(Double(i - 14) / 10, 0), 1)
            // Overshoot: 0 → 1.2 → 1.
            let s = t < 0.7 ? 1.2 * t / 0.7 : SampleMath.mix(1.2, 1, (t - 0.7) / 0.3)
            let m = A.translate(120, 300).concatenating(A.about(80, 30, A.scale(s, s)))
            return RawFrame(alpha: t > 0 ? 1 : 0, layout: SampleBuild.layout(160, 60), transform: m.raw)
        })
        let sparkle = RawSprite(imageKey: "sparkle", frames: SampleBuild.frames(n) { i in
            let m = A.translate(250, 60).concatenating(A.about(20, 20, A.rotate(degrees: 12 * Double(i))))
            return RawFrame(alpha: i % 6 < 3 ? 1 : 0.6, layout: SampleBuild.layout(40, 40), transform: m.raw)
        })
        let images: [RawImageEntry] = [
            RawImageEntry(key: "background", value: try SampleImages.png(
                SampleImages.gradient(width: 100, height: 100, from: .rgb(0.35, 0.1, 0.5), to: .rgb(0.95, 0.4, 0.55)))),
            RawImageEntry(key: "avatar", value: try SampleImages.png(
                SampleImages.solid(width: 120, height: 120, color: .rgb(0.6, 0.6, 0.6)))),
            RawImageEntry(key: "nickname", value: try SampleImages.png(
                SampleImages.solid(width: 300, height: 60, color: .rgb(0, 0, 0, 0)))),
            RawImageEntry(key: "count", value: try SampleImages.png(
                SampleImages.solid(width: 160, height: 60, color: .rgb(1, 1, 1, 0.25)))),
            RawImageEntry(key: "sparkle", value: try SampleImages.png(
                SampleImages.star(size: 40, color: .rgb(1, 0.95, 0.6)))),
        ]
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 400, viewBoxHeight: 400, fps: 20, frames: Int32(n)),
                        images: images, sprites: [background, avatar, nickname, count, sparkle])
    }
}
