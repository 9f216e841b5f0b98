import SVGAGeometry
import SVGARaster
import Testing
import Foundation
enum ProcessInfoShim { static var only: String? { ProcessInfo.processInfo.environment["PROBE"] } }

@Test func zzPerf() {
    let clip = IntRect(x: 0, y: 0, width: 1000, height: 1000)!
    let only = ProcessInfoShim.only
    func time(_ name: String, _ reps: Int, _ body: () -> Void) {
        if let only, !name.hasPrefix(only) { return }
        var best = Duration.seconds(1000)
        for _ in 0..<reps { let start = ContinuousClock.now; body(); best = min(best, ContinuousClock.now - start) }
        print("PERF", name, best)
    }
    let circle = TestShapes.circle(cx: 500.3, cy: 499.7, r: 480, segments: 600)
    var sink = 0
    let bigRect = TestShapes.rect(20.5, 20.5, 959, 959)
    time("rect 959 fractional", 20) { sink &+= Rasterizer.coverage(of: [bigRect], rule: .nonZero, clip: clip)!.data.count }
    time("alloc 1MB", 20) { sink &+= [UInt8](repeating: 0, count: 1_000_000).count }
    time("circle r480 nonzero", 20) { sink &+= Rasterizer.coverage(of: [circle], rule: .nonZero, clip: clip)!.data.count }
    // many small glyph-like shapes: 400 small circles r=6
    var small: [Polyline] = []
    for i in 0..<20 { for j in 0..<20 { small.append(TestShapes.circle(cx: 25 + Double(i) * 48.3, cy: 25 + Double(j) * 47.9, r: 6.3, segments: 24)) } }
    time("400 small circles one call", 20) { sink &+= Rasterizer.coverage(of: small, rule: .nonZero, clip: clip)!.data.count }
    time("400 small circles separate", 5) { for s in small { sink &+= Rasterizer.coverage(of: [s], rule: .nonZero, clip: clip)!.data.count } }
    // stroke-like: 2000 overlapping quads along a spiral
    var quads: [Polyline] = []
    for k in 0..<2000 {
        let t = Double(k) * 0.01, r = 50 + Double(k) * 0.2
        let a = Point(500 + r * Double.cosine(t), 500 + r * Double.sine(t))
        let b = Point(500 + (r + 0.2) * Double.cosine(t + 0.01), 500 + (r + 0.2) * Double.sine(t + 0.01))
        let n = Point(-(b.y - a.y), b.x - a.x) * (3 / max(1e-9, (b - a).length))
        quads.append(Polyline(points: [a + n, b + n, b - n, a - n], isClosed: true))
    }
    time("2000 stroke quads", 10) { sink &+= Rasterizer.coverage(of: quads, rule: .nonZero, clip: clip)!.data.count }
    let star = Polyline(points: (0..<200).map { i in
        let t = Double(i * 97 % 200) / 200 * 2 * Double.pi
        return Point(500 + 490 * Double.cosine(t), 500 + 490 * Double.sine(t)) }, isClosed: true)
    time("200-point star (many crossings)", 5) { sink &+= Rasterizer.coverage(of: [star], rule: .evenOdd, clip: clip)!.data.count }
    var canvas = Pixmap(width: 1000, height: 1000)!
    let full = CoverageMask(bounds: clip, filledWith: 255)
    let half = CoverageMask(bounds: clip, filledWith: 128)
    time("fill opaque 1Mpx", 20) { canvas.fill(full, color: PremultipliedColorU8(r: 10, g: 20, b: 30, a: 255)!, clip: nil) }
    time("fill translucent 1Mpx", 20) { canvas.fill(full, color: PremultipliedColorU8(r: 10, g: 20, b: 30, a: 128)!, clip: nil) }
    time("fill clipped 1Mpx", 20) { canvas.fill(full, color: PremultipliedColorU8(r: 10, g: 20, b: 30, a: 128)!, clip: half) }
    var rng = SeededGenerator(seed: 1)
    let image = RandomImages.pixmap(width: 512, height: 512, using: &rng)
    time("image translate 1Mpx", 10) { canvas.drawImage(image, imageToDevice: .translation(3, 4), alpha: 0.7, mask: full, clip: nil) }
    time("image scale 1Mpx", 10) { canvas.drawImage(image, imageToDevice: .scale(1.9), alpha: 1, mask: full, clip: nil) }
    time("image affine 1Mpx", 10) { canvas.drawImage(image, imageToDevice: Transform.translation(500, 0) * .rotation(0.5) * .scale(1.5), alpha: 1, mask: full, clip: half) }
    let layer = RandomImages.pixmap(width: 1000, height: 1000, using: &rng)
    time("composite 1Mpx", 10) { canvas.compositeSourceOver(layer) }
    time("straightRGBA 1Mpx", 10) { sink &+= canvas.straightRGBA().count }
    print("PERF sink", sink)
}
