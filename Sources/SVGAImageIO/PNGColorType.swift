import SVGARaster

// The PNG writer's other colour types (PNG spec 11.2.2), for `svga optimize`: an image whose
// straight pixels fit a smaller colour type exactly is written in it, and libpng (the decoder)
// expands it back to the same RGBA bytes (PNGColorTypeTests hold it to that):
// - grey (type 0): opaque and r = g = b everywhere;
// - grey + alpha (type 4): r = g = b everywhere;
// - palette (type 3): at most 256 distinct straight RGBA colours, alphas in tRNS, indices packed
//   at 1, 2, 4 or 8 bits. Entries with alpha < 255 come first so tRNS stays short; within each
//   group entries keep the order they first appear in (deterministic).
// Grey rows are filtered adaptively (none, sub, up, paeth: the least sum of absolute residuals,
// as for RGBA); palette rows are left unfiltered, as the PNG spec recommends for indexed images.

/// How a PNG stores its pixels.
public enum PNGColorType: String, Sendable, CaseIterable {
    /// Colour type 6, 8-bit RGBA: always exact (`PNGEncoder.encode`).
    case rgba
    /// Colour type 0, 8-bit grey.
    case grey
    /// Colour type 4, 8-bit grey + alpha.
    case greyAlpha = "grey+alpha"
    /// Colour type 3, 1–8-bit indices into a palette with tRNS alphas.
    case palette

    /// The IHDR colour type byte.
    var code: UInt8 {
        switch self {
        case .rgba: return 6
        case .grey: return 0
        case .greyAlpha: return 4
        case .palette: return 3
        }
    }
}

/// An indexed image: straight RGBA palette entries (r, g, b, a bytes; 1...256 of them) and one
/// index per pixel, row by row.
public struct PNGIndexedImage: Sendable, Hashable {
    public let width: Int, height: Int
    public let palette: [SIMD4<UInt8>]
    public let indices: [UInt8]

    /// nil when the sizes do not agree or an index is outside the palette.
    public init?(width: Int, height: Int, palette: [SIMD4<UInt8>], indices: [UInt8]) {
        guard width > 0, height > 0, (1...256).contains(palette.count), indices.count == width * height,
              indices.allSatisfy({ Int($0) < palette.count }) else { return nil }
        self.width = width; self.height = height; self.palette = palette; self.indices = indices
    }

    /// The exact palette of `straight` RGBA bytes, nil with more than 256 colours.
    public static func exact(straightRGBA straight: [UInt8], width: Int, height: Int) -> PNGIndexedImage? {
        var index: [UInt32: Int] = [:]
        var order: [UInt32] = []
        let count = width * height
        var pixels = [UInt32](repeating: 0, count: count)
        for i in 0..<count {
            let o = i * 4
            let word = UInt32(straight[o]) | UInt32(straight[o + 1]) << 8 | UInt32(straight[o + 2]) << 16 | UInt32(straight[o + 3]) << 24
            pixels[i] = word
            if index[word] == nil {
                guard order.count < 256 else { return nil }
                index[word] = order.count
                order.append(word)
            }
        }
        // Translucent entries first (tRNS then covers only them), each group in first-seen order.
        let sorted = order.filter { $0 >> 24 != 255 } + order.filter { $0 >> 24 == 255 }
        var slot: [UInt32: UInt8] = [:]
        for (i, word) in sorted.enumerated() { slot[word] = UInt8(i) }
        let palette = sorted.map { w in SIMD4<UInt8>(UInt8(w & 0xFF), UInt8((w >> 8) & 0xFF), UInt8((w >> 16) & 0xFF), UInt8(w >> 24)) }
        return PNGIndexedImage(width: width, height: height, palette: palette, indices: pixels.map { slot[$0]! })
    }
}

extension PNGEncoder {
    /// The smallest exact PNG of `pixmap` over the colour types that hold its straight pixels
    /// exactly (RGBA always does); on equal sizes the earlier of rgba, grey, grey+alpha, palette.
    public static func encodeSmallestExact(_ pixmap: Pixmap, compression: PNGCompression = .max) throws(PNGError) -> (bytes: [UInt8], colorType: PNGColorType) {
        var best = (bytes: try encode(pixmap, compression: compression), colorType: PNGColorType.rgba)
        let straight = pixmap.straightRGBA()
        for type in [PNGColorType.grey, .greyAlpha, .palette] {
            guard let bytes = try encode(straightRGBA: straight, width: pixmap.width, height: pixmap.height,
                                         as: type, compression: compression) else { continue }
            if bytes.count < best.bytes.count { best = (bytes, type) }
        }
        return best
    }

    /// `straight` RGBA bytes as a PNG of colour type `type`, or nil when that type cannot hold
    /// them exactly.
    public static func encode(straightRGBA straight: [UInt8], width: Int, height: Int, as type: PNGColorType,
                              compression: PNGCompression = .max) throws(PNGError) -> [UInt8]? {
        guard width > 0, height > 0, straight.count == width * height * 4 else {
            throw .encodeFailed("\(straight.count) bytes are not \(width)×\(height) RGBA pixels")
        }
        let count = width * height
        switch type {
        case .rgba:
            let filtered = PNGPackedScanlines.filterAdaptive(straight, rowBytes: width * 4, bytesPerPixel: 4, height: height)
            return try assemble(width: width, height: height, bitDepth: 8, colorType: .rgba, extra: [], scanlines: filtered,
                                compression: compression)
        case .grey, .greyAlpha:
            let channels = type == .grey ? 1 : 2
            var grey = [UInt8](repeating: 0, count: count * channels)
            for i in 0..<count {
                let o = i * 4, r = straight[o]
                guard straight[o + 1] == r, straight[o + 2] == r else { return nil }
                if type == .grey {
                    guard straight[o + 3] == 255 else { return nil }
                    grey[i] = r
                } else {
                    grey[i * 2] = r; grey[i * 2 + 1] = straight[o + 3]
                }
            }
            let filtered = PNGPackedScanlines.filterAdaptive(grey, rowBytes: width * channels, bytesPerPixel: channels, height: height)
            return try assemble(width: width, height: height, bitDepth: 8, colorType: type, extra: [], scanlines: filtered,
                                compression: compression)
        case .palette:
            guard let indexed = PNGIndexedImage.exact(straightRGBA: straight, width: width, height: height) else { return nil }
            return try encode(indexed, compression: compression)
        }
    }

    /// An indexed PNG (colour type 3) with the smallest bit depth its palette allows.
    public static func encode(_ image: PNGIndexedImage, compression: PNGCompression = .max) throws(PNGError) -> [UInt8] {
        let n = image.palette.count
        let depth = n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8
        var plte: [UInt8] = [], trns: [UInt8] = []
        for entry in image.palette { plte += [entry[0], entry[1], entry[2]] }
        // tRNS lists alphas up to the last translucent entry (PNG spec 11.3.2.1).
        if let last = image.palette.lastIndex(where: { $0[3] != 255 }) {
            trns = image.palette[...last].map { $0[3] }
        }
        var extra = [PNGChunk(type: Array("PLTE".utf8), data: plte)]
        if !trns.isEmpty { extra.append(PNGChunk(type: Array("tRNS".utf8), data: trns)) }
        let scanlines = PNGPackedScanlines.packUnfiltered(image.indices, width: image.width, height: image.height, bitDepth: depth)
        return try assemble(width: image.width, height: image.height, bitDepth: UInt8(depth), colorType: .palette, extra: extra,
                            scanlines: scanlines, compression: compression)
    }

    /// Signature, IHDR, `extra` chunks, one IDAT, IEND.
    static func assemble(width: Int, height: Int, bitDepth: UInt8, colorType: PNGColorType, extra: [PNGChunk],
                         scanlines: [UInt8], compression: PNGCompression) throws(PNGError) -> [UInt8] {
        let zlib = try ZlibDeflater.compress(scanlines, level: compression.deflateLevel)
        var out = PNGDecoder.signature
        var header: [UInt8] = []
        PNGChunk.appendBigEndian32(UInt32(width), to: &header)
        PNGChunk.appendBigEndian32(UInt32(height), to: &header)
        // Deflate, adaptive filtering, no interlace.
        header += [bitDepth, colorType.code, 0, 0, 0]
        PNGChunk(type: Array("IHDR".utf8), data: header).write(to: &out)
        for chunk in extra { chunk.write(to: &out) }
        PNGChunk(type: Array("IDAT".utf8), data: zlib).write(to: &out)
        PNGChunk(type: Array("IEND".utf8), data: []).write(to: &out)
        return out
    }
}
