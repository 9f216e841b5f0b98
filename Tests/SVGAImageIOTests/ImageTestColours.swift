import SVGARaster
import SVGATestSupport

/// Colour checks for lossy round trips: each channel within `tolerance` of the expected
/// straight colour (opaque pixels, so premultiplied = straight).
extension Pixmap {
    func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(data[i ..< i + 4])
    }

    func isClose(_ x: Int, _ y: Int, to c: ImageFixtures.RGB, alpha: UInt8 = 255, tolerance: Int = 4) -> Bool {
        let p = rgba(x, y)
        return zip(p, [c.r, c.g, c.b, alpha]).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// The colour at the centre of each quadrant: top-left, top-right, bottom-left, bottom-right.
    func quadrantCentres() -> [(Int, Int)] {
        [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)]
    }
}
