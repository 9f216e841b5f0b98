import SVGAFormat

// What a RawMovie looks like after a trip through a container, so writer → decoder tests can
// compare with `==`. Each rule is a property of the container, not a loss in our code:
// - protobuf (2.x zlib and movie.binary): proto3 does not write an empty string, so a
//   clipPath of "" reads back as absent (spec B.2.1: absent = default).
// - movie.spec JSON (1.x), in addition: the images map is a JSON object, which has no order, so
//   images compare sorted by key; a colour with r, g or b above 1 is on the 0..255 scale and
//   reads back divided by 255, alpha included (spec A.5). JSON args are read by the shape's
//   type, so movies sent through it should give each shape args of its own kind.
extension RawMovie {
    public func normalizedForProtobuf() -> RawMovie {
        var movie = self
        for s in movie.sprites.indices {
            for f in movie.sprites[s].frames.indices where movie.sprites[s].frames[f].clipPath == "" {
                movie.sprites[s].frames[f].clipPath = nil
            }
        }
        return movie
    }

    public func normalizedForSpec() -> RawMovie {
        var movie = normalizedForProtobuf()
        movie.images.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for s in movie.sprites.indices {
            for f in movie.sprites[s].frames.indices {
                for k in movie.sprites[s].frames[f].shapes.indices {
                    guard var style = movie.sprites[s].frames[f].shapes[k].styles else { continue }
                    style.fill = style.fill.map(Self.unit)
                    style.stroke = style.stroke.map(Self.unit)
                    movie.sprites[s].frames[f].shapes[k].styles = style
                }
            }
        }
        return movie
    }

    /// The normalised form for a container.
    public func normalized(for container: ContainerKind) -> RawMovie {
        container == .zipSpec ? normalizedForSpec() : normalizedForProtobuf()
    }

    private static func unit(_ c: RawColor) -> RawColor {
        guard c.r > 1 || c.g > 1 || c.b > 1 else { return c }
        return RawColor(r: Float(Double(c.r) / 255), g: Float(Double(c.g) / 255),
                        b: Float(Double(c.b) / 255), a: Float(Double(c.a) / 255))
    }
}
