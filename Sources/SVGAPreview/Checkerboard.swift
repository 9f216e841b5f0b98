import SVGAKit
import SVGARaster

/// The transparency grid behind contact-sheet cells: opaque squares of two light greys (so it
/// is the same in premultiplied and straight form), the convention image editors use.
enum Checkerboard {
    static let square = 8
    static let light: UInt8 = 255
    static let dark: UInt8 = 214

    /// Paints the checkerboard over `rect` (clipped to the pixmap), squares aligned to its origin.
    static func paint(_ rect: IntRect, in pixmap: inout Pixmap) {
        guard let area = rect.intersection(pixmap.bounds) else { return }
        let width = pixmap.width
        pixmap.data.withUnsafeMutableBufferPointer { p in
            for y in area.y..<area.maxY {
                let rowParity = ((y - rect.y) / square) & 1
                var offset = (y * width + area.x) * 4
                for x in area.x..<area.maxX {
                    let v = (((x - rect.x) / square) & 1) == rowParity ? light : dark
                    p[offset] = v; p[offset + 1] = v; p[offset + 2] = v; p[offset + 3] = 255
                    offset += 4
                }
            }
        }
    }

    /// An opaque solid fill of `rect` (the sheet background).
    static func fill(_ rect: IntRect, gray: UInt8, in pixmap: inout Pixmap) {
        guard let area = rect.intersection(pixmap.bounds) else { return }
        let width = pixmap.width
        pixmap.data.withUnsafeMutableBufferPointer { p in
            for y in area.y..<area.maxY {
                var offset = (y * width + area.x) * 4
                for _ in area.x..<area.maxX {
                    p[offset] = gray; p[offset + 1] = gray; p[offset + 2] = gray; p[offset + 3] = 255
                    offset += 4
                }
            }
        }
    }
}
