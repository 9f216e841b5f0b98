import SVGAFormat

// clip.svga (2.x, 200×200, 20 frames): animated clipPaths (spec A.3, B.3.5) in sprite-local
// space: a growing circle (two arcs) over a stretched bitmap, a sliding rectangle (H/V commands)
// over vector shapes, and a rotating star-shaped polygon over a bitmap that also has a shape,
// so one clip applies to both bitmap and shapes. One frame has an empty clipPath (no clip).
enum ClipSample {
    static let frameCount = 20

    static func circle(cx: Double, cy: Double, r: Double) -> String {
        "M\(f(cx - r)) \(f(cy))a\(f(r)) \(f(r)) 0 1 0 \(f(2 * r)) 0a\(f(r)) \(f(r)) 0 1 0 \(f(-2 * r)) 0Z"
    }

    static func star(cx: Double, cy: Double, outer: Double, inner: Double, degrees: Double) -> String {
        var d = ""
        for k in 0..<10 {
            let angle = SampleMath.radians(degrees - 90 + 36 * Double(k))
            let r = k % 2 == 0 ? outer : inner
            d += (k == 0 ? "M" : "L") + "\(f(cx + r * SampleMath.cos(angle))) \(f(cy + r * SampleMath.sin(angle)))"
        }
        return d + "Z"
    }

    /// Two decimals: the text is part of the file, and short numbers keep it small.
    static func f(_ v: Double) -> String {
        let scaled = (v * 100).rounded()
        let value = scaled / 100
        return value == value.rounded() ? String(Int(value)) : String(Float(value))
    }

    static func movie() throws -> RawMovie {
        let n = frameCount
        typealias A = SampleAffine
        let circleClip = RawSprite(imageKey: "checker", frames: SampleBuild.frames(n) { i in
            let t = SampleBuild.progress(i, of: n)
            return RawFrame(alpha: 1, layout: SampleBuild.layout(100, 100),
                            clipPath: i == 12 ? "" : circle(cx: 50, cy: 50, r: 10 + 45 * t))
        })
        let rectClip = RawSprite(imageKey: "bars.vector", frames: SampleBuild.frames(n) { i in
            let x = 4 * Double(i)
            return RawFrame(alpha: 1, transform: A.translate(100, 0).raw,
                            clipPath: "M\(f(x)) 10H\(f(x + 40))V90H\(f(x))Z",
                            shapes: [
                                SampleBuild.rect(0, 10, 100, 20, SampleBuild.fill(SampleBuild.color(0.9, 0.2, 0.2))),
                                SampleBuild.rect(0, 40, 100, 20, SampleBuild.fill(SampleBuild.color(0.2, 0.8, 0.2))),
                                SampleBuild.path("M0 75 L100 75", SampleBuild.stroke(SampleBuild.color(0.2, 0.2, 0.9), width: 12)),
                            ])
        })
        let starClip = RawSprite(imageKey: "gradient", frames: SampleBuild.frames(n) { i in
            RawFrame(alpha: 1, layout: SampleBuild.layout(90, 90), transform: A.translate(55, 105).raw,
                     clipPath: star(cx: 45, cy: 45, outer: 44, inner: 20, degrees: 6 * Double(i)),
                     shapes: [SampleBuild.ellipse(45, 45, 40, 10, SampleBuild.fill(SampleBuild.color(1, 1, 1, 0.8)))])
        })
        let images = try SampleBuild.standardImages().filter { $0.key == "checker" || $0.key == "gradient" }
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 200, viewBoxHeight: 200, fps: 20, frames: Int32(n)),
                        images: images, sprites: [circleClip, rectClip, starClip])
    }
}
