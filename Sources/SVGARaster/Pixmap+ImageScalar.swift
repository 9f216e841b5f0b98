import SVGAGeometry

// The plain image sampler: the benchmark's baseline (svga-bench reports the span sampler's ns/px
// as a ratio to this one, measured in the same process) and the tests' oracle for it. It works
// one pixel and one channel at a time from the fixed-point definition (`FixedPointBilerp`), with
// taps computed from Double coordinates per pixel, into a scratch span, then blends byte by byte.
// The renderer uses `drawImage` (Pixmap+Image.swift).

extension Pixmap {
    /// The scalar twin of `drawImage(_:imageToDevice:alpha:mask:clip:)`: same inputs, the same
    /// result (within 1 per channel for rotated and skewed draws, whose interior the fast path
    /// steps in 32.32 fixed point, which can round a coordinate to the neighbouring 1/65536).
    public mutating func drawImageScalar(_ image: Pixmap, imageToDevice: Transform, alpha: Double,
                                   mask: CoverageMask, clip: CoverageMask?) {
        let alphaByte = FixedPointBilerp.alphaByte(alpha)
        guard alphaByte > 0, let inverse = imageToDevice.inverted(), inverse.isFinite else { return }
        guard var area = mask.bounds.intersection(bounds) else { return }
        if let clip {
            guard let clipped = area.intersection(clip.bounds) else { return }
            area = clipped
        }
        let kind = ImageSampling.Kind(imageToDevice: imageToDevice, inverse: inverse)
        let imageWidth = image.width, imageHeight = image.height, pixmapWidth = width
        var span = [UInt8](repeating: 0, count: area.width * 4)
        var columnTaps: [ScalarImageSampling.Tap] = []
        if case .axisAligned = kind {
            columnTaps = (0..<area.width).map { i -> ScalarImageSampling.Tap in
                let u = (inverse.a * (Double(area.x + i) + 0.5) + inverse.tx) - 0.5
                return ScalarImageSampling.Tap(u, size: imageWidth)
            }
        }
        var alphaTable: [UInt8] = []
        if case .translation = kind {
            alphaTable = (0...255).map { v in UInt8(truncatingIfNeeded: FixedPointBilerp.scale(UInt32(v), byAlpha: alphaByte)) }
        }
        data.withUnsafeMutableBufferPointer { pixels in
        image.data.withUnsafeBufferPointer { texels in
        mask.data.withUnsafeBufferPointer { coverage in
        span.withUnsafeMutableBufferPointer { span in
        columnTaps.withUnsafeBufferPointer { columnTaps in
        alphaTable.withUnsafeBufferPointer { alphaTable in
            let texels = texels.baseAddress!, span = span.baseAddress!
            for y in area.y..<area.maxY {
                let rowCoverage = coverage.baseAddress! + (y - mask.bounds.y) * mask.bounds.width + (area.x - mask.bounds.x)
                var first = 0, last = area.width - 1
                while first <= last && rowCoverage[first] == 0 { first += 1 }
                if first > last { continue }
                while rowCoverage[last] == 0 { last -= 1 }
                let count = last - first + 1, x0 = area.x + first
                switch kind {
                case .translation(let dx, let dy):
                    ScalarImageSampling.copyRow(texels, width: imageWidth, height: imageHeight,
                                          x: x0 - dx, y: y - dy, count: count,
                                          alphaTable: alphaTable.baseAddress!, into: span)
                case .axisAligned:
                    let rowTap = ScalarImageSampling.Tap((inverse.b * (Double(x0) + 0.5) + inverse.d * (Double(y) + 0.5)
                                                          + inverse.ty) - 0.5, size: imageHeight)
                    ScalarImageSampling.scaleRow(texels, width: imageWidth, columns: columnTaps.baseAddress! + first,
                                           row: rowTap, count: count, alpha: alphaByte, into: span)
                case .affine:
                    ScalarImageSampling.affineRow(texels, width: imageWidth, height: imageHeight, inverse: inverse,
                                            x: x0, y: y, count: count, alpha: alphaByte, into: span)
                }
                let dst = pixels.baseAddress! + (y * pixmapWidth + x0) * 4
                if let clip {
                    clip.data.withUnsafeBufferPointer { clipCoverage in
                        let c = clipCoverage.baseAddress! + (y - clip.bounds.y) * clip.bounds.width + (x0 - clip.bounds.x)
                        ScalarImageSampling.blendRow(dst, span, rowCoverage + first, clip: c, count: count)
                    }
                } else {
                    ScalarImageSampling.blendRow(dst, span, rowCoverage + first, count: count)
                }
            }
        }}}}}}
    }
}

enum ScalarImageSampling {
    // The sampler choice (`ImageSampling.Kind`) and the taps (`FixedPointBilerp.Tap`) are shared
    // with the span sampler: both must pick the same path and the same texels.
    typealias Tap = FixedPointBilerp.Tap

    /// Bilinear filter of four premultiplied texels × the alpha byte, channel by channel.
    @inline(__always)
    static func filter(_ p00: UnsafePointer<UInt8>, _ p10: UnsafePointer<UInt8>, _ p01: UnsafePointer<UInt8>,
                       _ p11: UnsafePointer<UInt8>, tx: Int32, ty: Int32, alpha: UInt32,
                       into out: UnsafeMutablePointer<UInt8>) {
        for c in 0..<4 {
            let top = FixedPointBilerp.horizontal(Int32(p00[c]), Int32(p10[c]), tx)
            let bottom = FixedPointBilerp.horizontal(Int32(p01[c]), Int32(p11[c]), tx)
            let v = UInt32(FixedPointBilerp.vertical(top, bottom, ty))
            out[c] = UInt8(truncatingIfNeeded: FixedPointBilerp.scale(v, byAlpha: alpha))
        }
    }

    static func copyRow(_ texels: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int, count: Int,
                        alphaTable: UnsafePointer<UInt8>, into span: UnsafeMutablePointer<UInt8>) {
        let row = texels + (y < 0 ? 0 : (y >= height ? height - 1 : y)) * width * 4
        let last = width - 1
        var i = 0
        while i < count {
            let sx = x + i
            let p = row + (sx < 0 ? 0 : (sx > last ? last : sx)) * 4
            let o = span + i * 4
            o[0] = alphaTable[Int(p[0])]; o[1] = alphaTable[Int(p[1])]
            o[2] = alphaTable[Int(p[2])]; o[3] = alphaTable[Int(p[3])]
            i += 1
        }
    }

    static func scaleRow(_ texels: UnsafePointer<UInt8>, width: Int, columns: UnsafePointer<Tap>, row: Tap,
                         count: Int, alpha: UInt32, into span: UnsafeMutablePointer<UInt8>) {
        let row0 = texels + row.i0 * width * 4, row1 = texels + row.i1 * width * 4
        var i = 0
        while i < count {
            let t = columns[i]
            filter(row0 + t.i0 * 4, row0 + t.i1 * 4, row1 + t.i0 * 4, row1 + t.i1 * 4,
                   tx: t.t, ty: row.t, alpha: alpha, into: span + i * 4)
            i += 1
        }
    }

    static func affineRow(_ texels: UnsafePointer<UInt8>, width: Int, height: Int, inverse m: Transform,
                          x: Int, y: Int, count: Int, alpha: UInt32, into span: UnsafeMutablePointer<UInt8>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let u0 = (m.a * px + m.c * py + m.tx) - 0.5
        let v0 = (m.b * px + m.d * py + m.ty) - 0.5
        var i = 0
        while i < count {
            let tu = Tap(u0 + Double(i) * m.a, size: width), tv = Tap(v0 + Double(i) * m.b, size: height)
            let row0 = texels + tv.i0 * width * 4, row1 = texels + tv.i1 * width * 4
            filter(row0 + tu.i0 * 4, row0 + tu.i1 * 4, row1 + tu.i0 * 4, row1 + tu.i1 * 4,
                   tx: tu.t, ty: tv.t, alpha: alpha, into: span + i * 4)
            i += 1
        }
    }

    /// Coverage and source-over with Skia's lowp divide, channel by channel.
    @inline(__always)
    static func blendPixel(_ d: UnsafeMutablePointer<UInt8>, _ s: UnsafePointer<UInt8>, coverage k: UInt32) {
        var sr = UInt32(s[0]), sg = UInt32(s[1]), sb = UInt32(s[2]), sa = UInt32(s[3])
        if k != 255 {
            sr = div255Lowp(sr &* k); sg = div255Lowp(sg &* k); sb = div255Lowp(sb &* k); sa = div255Lowp(sa &* k)
        }
        if sa == 0 { return }   // premultiplied: nothing to add
        let inv = 255 &- sa
        d[0] = UInt8(truncatingIfNeeded: sr &+ div255Lowp(UInt32(d[0]) &* inv))
        d[1] = UInt8(truncatingIfNeeded: sg &+ div255Lowp(UInt32(d[1]) &* inv))
        d[2] = UInt8(truncatingIfNeeded: sb &+ div255Lowp(UInt32(d[2]) &* inv))
        d[3] = UInt8(truncatingIfNeeded: sa &+ div255Lowp(UInt32(d[3]) &* inv))
    }

    static func blendRow(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>,
                         _ coverage: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i < count {
            let k = UInt32(coverage[i])
            if k != 0 { blendPixel(dst + i * 4, src + i * 4, coverage: k) }
            i += 1
        }
    }

    static func blendRow(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>,
                         _ coverage: UnsafePointer<UInt8>, clip: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i < count {
            let k = UInt32(coverage[i]), m = UInt32(clip[i])
            if k != 0 && m != 0 { blendPixel(dst + i * 4, src + i * 4, coverage: div255(k &* m)) }
            i += 1
        }
    }
}
