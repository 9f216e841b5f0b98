import SVGARaster

// `--background COLOR` (export and render): a frame laid over an opaque or translucent colour,
// for outputs without alpha or viewers that show transparency badly. One composite for both
// commands: the colour is premultiplied (rounded) and filled with the raster core's own fill,
// then the frame goes over it with the core's source-over.

extension Pixmap {
    /// This frame over `background` (straight RGBA8, 4 bytes); a copy of the frame when
    /// `background` is not 4 bytes.
    func composited(over background: [UInt8]) -> Pixmap {
        guard background.count == 4, var flat = Pixmap(width: width, height: height) else { return self }
        let a = UInt32(background[3])
        func premultiplied(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
        if let colour = PremultipliedColorU8(r: premultiplied(background[0]), g: premultiplied(background[1]),
                                             b: premultiplied(background[2]), a: background[3]) {
            flat.fill(CoverageMask(bounds: flat.bounds, filledWith: 255), color: colour, clip: nil)
        }
        flat.compositeSourceOver(self)
        return flat
    }
}
