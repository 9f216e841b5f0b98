import SVGAFormat

// audio.svga (2.x, 100×100, 20 frames): an audio entry (spec B.5). The MP3 bytes live in
// `images` under the audio key and must never be decoded as an image; here they are fake: an
// ID3v2.3 header with size 0 followed by one silent-looking MPEG frame header and zero padding.
enum AudioSample {
    static let frameCount = 20

    static let fakeMP3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0]
        + [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 413)

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let pulse = RawSprite(imageKey: "disc", frames: SampleBuild.frames(n) { i in
            let s = 1 + 0.2 * SampleMath.sin(2 * SampleMath.pi * Double(i) / 10)
            return RawFrame(alpha: 1, layout: SampleBuild.layout(64, 64),
                            transform: A.about(50, 50, A.scale(s, s)).concatenating(A.translate(18, 18)).raw)
        })
        var images = try SampleBuild.standardImages().filter { $0.key == "disc" }
        images.insert(RawImageEntry(key: "beat", value: fakeMP3), at: 0)
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 100, viewBoxHeight: 100, fps: 20, frames: Int32(n)),
                        images: images, sprites: [pulse],
                        audios: [RawAudio(audioKey: "beat", startFrame: 2, endFrame: 18, startTime: 250, totalTime: 1000)])
    }
}
