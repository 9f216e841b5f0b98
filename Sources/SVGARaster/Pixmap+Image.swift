import SVGAGeometry

// Bitmap drawing (spec A.4): bilinear, clamp-to-edge, premultiplied source-over, modulated by
// the frame alpha, the antialiased image-rectangle mask and the clip.
//
// Sampling follows Skia: the device pixel centre (x + 0.5, y + 0.5) is mapped by the inverse
// transform into image pixel space, texel centres sit at i + 0.5, so the four taps are
// floor(u − 0.5) and the next one, with weights from the fraction; each tap index is clamped
// to the image (clamp-to-edge). Channels are premultiplied, so filtering needs no unpremultiply.
// The weights, the lerps and the alpha are the reference renderer's fixed point
// (`FixedPointBilerp`), so an image's interior equals the reference frames' pixel for pixel.
// The filtered value × alpha is a byte; then the coverage (mask × clip) scales it and it is
// composited source-over, both with Skia's lowp divide by 255, (v + 255) >> 8, as the reference
// renderer's image pipeline does (fills keep the exact divide: PixelMath.swift).
//
// Speed (habit 6): the sampler is chosen once per draw, then each row is one pass that samples
// and blends pixel by pixel:
// - integer translation: a copy (bilinear with zero fractions is exactly the texel), × alpha on
//   the whole word when alpha < 1;
// - axis-aligned scale/translate: the column taps are computed once per draw, and each source
//   row is lerped horizontally once into a row buffer of the draw's width; a destination row then
//   only lerps its two buffered rows vertically. An upscale by s lerps each source row once
//   instead of 2·s times;
// - general affine: (u, v) = start + i · step per pixel (no accumulated drift).
// For translation and affine draws each row is split into the run where no tap needs clamping,
// found from the linear (u, v) and checked at its ends, and the clamped pixels around it (at most
// a few at an image edge). Texels load as 32-bit words; the lerps run on the four channels at
// once in SIMD4<Int32>; the blend works on whole words (`PackedPixel`).
// Pixels with zero coverage are not sampled.
//
// Oracles: `drawImageScalar` (per pixel and per channel, the fixed-point definition; the tests
// hold this to it exactly) and `drawImageReference` (per pixel, Double, the textbook lerp; within
// 1 per channel at alpha 1 and 2 below it, the difference between the two arithmetics).

extension Pixmap {
    /// Draws `image` (premultiplied) mapped by `imageToDevice` (image pixel space → device),
    /// bilinear, clamp-to-edge, modulated by `alpha` (0...1) and by `mask` (the antialiased image
    /// rectangle, rasterized by the caller) and `clip`.
    public mutating func drawImage(_ image: Pixmap, imageToDevice: Transform, alpha: Double,
                                   mask: CoverageMask, clip: CoverageMask?) {
        // The alpha byte is 0 for alpha ≤ 0 or NaN and 255 for alpha ≥ 1.
        let alphaByte = FixedPointBilerp.alphaByte(alpha)
        guard alphaByte > 0, let inverse = imageToDevice.inverted(), inverse.isFinite else { return }
        guard var area = mask.bounds.intersection(bounds) else { return }
        if let clip {
            guard let clipped = area.intersection(clip.bounds) else { return }
            area = clipped
        }
        let kind = ImageSampling.Kind(imageToDevice: imageToDevice, inverse: inverse)
        let source = ImageSampling.Source(image: image)
        let pixmapWidth = width
        // Axis-aligned draws: the column taps of the whole area, once, and two row buffers.
        var columns: [ImageSampling.ColumnTap] = []
        var rows: ImageSampling.RowBuffers?
        if case .axisAligned = kind {
            columns = (0..<area.width).map { i in
                ImageSampling.ColumnTap(FixedPointBilerp.Tap(
                    (inverse.a * (Double(area.x + i) + 0.5) + inverse.tx) - 0.5, size: image.width))
            }
            rows = ImageSampling.RowBuffers(width: area.width)
        }
        defer { rows?.deallocate() }
        let alphaC = Int32(alphaByte)
        let clipBytes = clip?.data ?? []
        data.withUnsafeMutableBytes { pixels in
        clipBytes.withUnsafeBufferPointer { clipBytes in
        image.data.withUnsafeBytes { texels in
        mask.data.withUnsafeBufferPointer { coverage in
        columns.withUnsafeBufferPointer { columns in
            let texels = texels.baseAddress!
            for y in area.y..<area.maxY {
                let rowCoverage = coverage.baseAddress! + (y - mask.bounds.y) * mask.bounds.width + (area.x - mask.bounds.x)
                var first = 0, last = area.width - 1
                while first <= last && rowCoverage[first] == 0 { first += 1 }
                if first > last { continue }
                while rowCoverage[last] == 0 { last -= 1 }
                let count = last - first + 1, x0 = area.x + first
                let dst = pixels.baseAddress! + (y * pixmapWidth + x0) * 4
                let rowClip = clip.map { c in
                    clipBytes.baseAddress! + (y - c.bounds.y) * c.bounds.width + (x0 - c.bounds.x)
                }
                let row = ImageSampling.Row(dst: dst, coverage: rowCoverage + first, clip: rowClip, count: count)
                switch kind {
                case .translation(let dx, let dy):
                    let sourceRow = source.row(y - dy, texels)
                    let offset = x0 - dx
                    // Columns whose source x is inside the image: 0 ≤ offset + i < width.
                    let lo = Swift.min(Swift.max(-offset, 0), count)
                    let hi = Swift.max(Swift.min(source.width - offset, count), lo)
                    if alphaByte == 255 {
                        row.blend(ImageSampling.ClampedCopy(row: sourceRow, offset: offset, last: source.width - 1), 0..<lo)
                        row.blend(ImageSampling.Copy(row: sourceRow + offset * 4), lo..<hi)
                        row.blend(ImageSampling.ClampedCopy(row: sourceRow, offset: offset, last: source.width - 1), hi..<count)
                    } else {
                        let c = UInt64(alphaByte)
                        row.blend(ImageSampling.ClampedCopyAlpha(row: sourceRow, offset: offset, last: source.width - 1, alpha: c), 0..<lo)
                        row.blend(ImageSampling.CopyAlpha(row: sourceRow + offset * 4, alpha: c), lo..<hi)
                        row.blend(ImageSampling.ClampedCopyAlpha(row: sourceRow, offset: offset, last: source.width - 1, alpha: c), hi..<count)
                    }
                case .axisAligned:
                    let v = (inverse.b * (Double(x0) + 0.5) + inverse.d * (Double(y) + 0.5) + inverse.ty) - 0.5
                    let tap = FixedPointBilerp.Tap(v, size: source.height)
                    let (top, bottom) = rows!.lerped(tap.i0, tap.i1, source: source, texels: texels,
                                                    columns: columns.baseAddress!)
                    row.blend(ImageSampling.Scaled(top: top + first, bottom: bottom + first, ty: tap.t, alpha: alphaC),
                              0..<count)
                case .affine:
                    let px = Double(x0) + 0.5, py = Double(y) + 0.5
                    let u0 = (inverse.a * px + inverse.c * py + inverse.tx) - 0.5
                    let v0 = (inverse.b * px + inverse.d * py + inverse.ty) - 0.5
                    let line = ImageSampling.Line(u0: u0, v0: v0, du: inverse.a, dv: inverse.b)
                    let inside = line.interior(count: count, width: source.width, height: source.height)
                    let clamped = ImageSampling.ClampedAffine(line: line, source: source, texels: texels, alpha: alphaC)
                    row.blend(clamped, 0..<inside.lowerBound)
                    if !inside.isEmpty {
                        if let interior = ImageSampling.InteriorAffine(line: line, start: inside.lowerBound, source: source,
                                                                       texels: texels, alpha: alphaC) {
                            row.blend(interior, inside)
                        } else {
                            row.blend(clamped, inside)
                        }
                    }
                    row.blend(clamped, inside.upperBound..<count)
                }
            }
        }}}}}
    }
}

/// A per-pixel source for one destination row span: texel value (premultiplied word, × alpha)
/// for span index i.
protocol SpanSampler {
    func texel(_ i: Int) -> UInt32
}

enum ImageSampling {
    enum Kind {
        case translation(dx: Int, dy: Int)
        case axisAligned
        case affine

        init(imageToDevice m: Transform, inverse: Transform) {
            // 2^52: beyond it a Double is not a faithful integer offset (and would not fit Int math).
            let limit = 4_503_599_627_370_496.0
            if m.a == 1, m.b == 0, m.c == 0, m.d == 1,
               m.tx == m.tx.rounded(), m.ty == m.ty.rounded(), abs(m.tx) < limit, abs(m.ty) < limit {
                self = .translation(dx: Int(m.tx), dy: Int(m.ty))
            } else if inverse.b == 0 && inverse.c == 0 {
                self = .axisAligned
            } else {
                self = .affine
            }
        }
    }

    /// The image as rows of 32-bit words.
    struct Source {
        let width: Int, height: Int
        init(image: Pixmap) { width = image.width; height = image.height }
        /// Start of row `y` clamped to the image.
        @inline(__always) func row(_ y: Int, _ texels: UnsafeRawPointer) -> UnsafeRawPointer {
            texels + (y < 0 ? 0 : (y >= height ? height - 1 : y)) * width * 4
        }
    }

    /// One destination row span: where it starts, its coverage (and clip) bytes, its length.
    struct Row {
        let dst: UnsafeMutableRawPointer
        let coverage: UnsafePointer<UInt8>
        let clip: UnsafePointer<UInt8>?
        let count: Int

        /// Samples and blends span indices `range` (the sampler is a generic parameter, so each
        /// sampler gets its own specialised loop; nothing is chosen per pixel).
        @inline(__always) func blend<S: SpanSampler>(_ sampler: S, _ range: Range<Int>) {
            if range.isEmpty { return }
            if let clip {
                for i in range {
                    let k = UInt32(coverage[i]), m = UInt32(clip[i])
                    if k == 0 || m == 0 { continue }
                    PackedPixel.blend(sampler.texel(i), coverage: div255(k &* m), onto: dst + i * 4, lowp: true)
                }
            } else {
                for i in range {
                    let k = UInt32(coverage[i])
                    if k == 0 { continue }
                    PackedPixel.blend(sampler.texel(i), coverage: k, onto: dst + i * 4, lowp: true)
                }
            }
        }
    }

    /// A column tap as the axis-aligned loop reads it: byte offsets of the two texels in a row
    /// and the Q15 weight.
    struct ColumnTap {
        let offset0: Int32, offset1: Int32, t: Int32
        init(_ tap: FixedPointBilerp.Tap) { offset0 = Int32(tap.i0 * 4); offset1 = Int32(tap.i1 * 4); t = tap.t }
    }

    // MARK: translation

    struct Copy: SpanSampler {
        let row: UnsafeRawPointer
        @inline(__always) func texel(_ i: Int) -> UInt32 { row.load(fromByteOffset: i * 4, as: UInt32.self) }
    }

    struct ClampedCopy: SpanSampler {
        let row: UnsafeRawPointer, offset: Int, last: Int
        @inline(__always) func texel(_ i: Int) -> UInt32 {
            let x = offset + i
            return row.load(fromByteOffset: (x < 0 ? 0 : (x > last ? last : x)) * 4, as: UInt32.self)
        }
    }

    /// Each channel × the alpha byte c as `FixedPointBilerp.scale(_:byAlpha:)` does it, (v·c + 255)
    /// >> 8, on the whole word: the channels spread to four 16-bit lanes of a UInt64 (R, B, G, A),
    /// one multiply. v·c + 255 ≤ 65 280, so no lane carries into the next.
    @inline(__always) static func applyAlpha(_ w: UInt32, _ c: UInt64) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let x = UInt64(w)
        let spread = (x & 0x00FF_00FF) | ((x >> 8) & 0x00FF_00FF) << 32
        let y = ((spread &* c &+ lanes) >> 8) & lanes
        return UInt32(truncatingIfNeeded: y) | UInt32(truncatingIfNeeded: y >> 32) << 8
    }

    struct CopyAlpha: SpanSampler {
        let row: UnsafeRawPointer, alpha: UInt64
        @inline(__always) func texel(_ i: Int) -> UInt32 {
            applyAlpha(row.load(fromByteOffset: i * 4, as: UInt32.self), alpha)
        }
    }

    struct ClampedCopyAlpha: SpanSampler {
        let row: UnsafeRawPointer, offset: Int, last: Int, alpha: UInt64
        @inline(__always) func texel(_ i: Int) -> UInt32 {
            let x = offset + i
            return applyAlpha(row.load(fromByteOffset: (x < 0 ? 0 : (x > last ? last : x)) * 4, as: UInt32.self), alpha)
        }
    }

    // MARK: axis-aligned

    /// The horizontal lerps of two source rows at the draw's column taps (units of 1/128, see
    /// `FixedPointBilerp`), and which rows they hold. Consecutive destination rows of an upscale
    /// share their source rows, and the next pair shares a row with this one, so most rows lerp
    /// nothing new.
    struct RowBuffers {
        private var top: UnsafeMutablePointer<SIMD4<Int32>>, bottom: UnsafeMutablePointer<SIMD4<Int32>>
        private var topRow = -1, bottomRow = -1
        private let width: Int

        init(width: Int) {
            self.width = width
            top = .allocate(capacity: Swift.max(width, 1)); bottom = .allocate(capacity: Swift.max(width, 1))
        }

        func deallocate() { top.deallocate(); bottom.deallocate() }

        /// The buffers of source rows `i0` (top) and `i1` (bottom), lerping only what is missing.
        mutating func lerped(_ i0: Int, _ i1: Int, source: Source, texels: UnsafeRawPointer,
                             columns: UnsafePointer<ColumnTap>)
            -> (UnsafePointer<SIMD4<Int32>>, UnsafePointer<SIMD4<Int32>>) {
            // Walking down, the old bottom row is the new top; walking up (a vertical mirror),
            // the old top is the new bottom.
            if topRow != i0 && (bottomRow == i0 || topRow == i1) {
                swap(&top, &bottom); swap(&topRow, &bottomRow)
            }
            if topRow != i0 {
                fill(top, row: i0, source: source, texels: texels, columns: columns); topRow = i0
            }
            if bottomRow != i1 {
                fill(bottom, row: i1, source: source, texels: texels, columns: columns); bottomRow = i1
            }
            return (UnsafePointer(top), UnsafePointer(bottom))
        }

        private func fill(_ buffer: UnsafeMutablePointer<SIMD4<Int32>>, row: Int, source: Source,
                          texels: UnsafeRawPointer, columns: UnsafePointer<ColumnTap>) {
            let r = source.row(row, texels)
            for i in 0..<width {
                let c = columns[i]
                buffer[i] = FixedPointBilerp.horizontal(r.load(fromByteOffset: Int(c.offset0), as: UInt32.self),
                                                        r.load(fromByteOffset: Int(c.offset1), as: UInt32.self), c.t)
            }
        }
    }

    struct Scaled: SpanSampler {
        let top: UnsafePointer<SIMD4<Int32>>, bottom: UnsafePointer<SIMD4<Int32>>
        let ty: Int32, alpha: Int32
        @inline(__always) func texel(_ i: Int) -> UInt32 {
            FixedPointBilerp.vertical(top[i], bottom[i], ty, alpha: alpha)
        }
    }

    // MARK: affine

    /// Image coordinates along a destination row: (u, v) = (u0 + i · du, v0 + i · dv), in
    /// texel-centre space. Computed per pixel from i, so the value is monotonic in i.
    struct Line {
        let u0: Double, v0: Double, du: Double, dv: Double
        @inline(__always) func u(_ i: Int) -> Double { u0 + Double(i) * du }
        @inline(__always) func v(_ i: Int) -> Double { v0 + Double(i) * dv }

        /// True when both taps of u and of v lie inside the image, with a 1/1024 texel margin:
        /// 1/1024 ≤ u < width − 1 − 1/1024, same for v. The margin covers the interior loop's
        /// fixed-point stepping (`InteriorAffine`), whose error stays below 10⁻⁵ texel.
        @inline(__always) func isInterior(_ i: Int, width: Int, height: Int) -> Bool {
            let u = u(i), v = v(i), margin = Line.margin
            return u >= margin && u < Double(width - 1) - margin && v >= margin && v < Double(height - 1) - margin
        }
        static let margin = 1.0 / 1024

        /// The span indices (within 0 ..< count) whose taps need no clamping. Each coordinate is
        /// linear and monotonic in i, so the interior is one interval: estimated by solving the
        /// four inequalities, then its ends are checked with the exact predicate and moved in.
        func interior(count: Int, width: Int, height: Int) -> Range<Int> {
            var lo = 0.0, hi = Double(count)   // [lo, hi) as reals
            func restrict(_ start: Double, _ step: Double, _ limit: Double) {
                // 0 ≤ start + i · step < limit
                if step == 0 {
                    if !(start >= 0 && start < limit) { hi = lo }
                    return
                }
                let a = (0 - start) / step, b = (limit - start) / step
                let (from, to) = step > 0 ? (a, b) : (b, a)
                lo = Swift.max(lo, from); hi = Swift.min(hi, to)
            }
            restrict(u0 - Line.margin, du, Double(width - 1) - 2 * Line.margin)
            restrict(v0 - Line.margin, dv, Double(height - 1) - 2 * Line.margin)
            guard lo < hi else { return 0..<0 }   // also false for NaN
            // Clamp in Double before converting (huge or NaN values must not trap in Int()).
            var first = Int(Swift.min(Swift.max(lo.rounded(.up), 0), Double(count)))
            var end = Int(Swift.min(Swift.max(hi.rounded(.up), 0), Double(count)))
            while first < end && !isInterior(first, width: width, height: height) { first += 1 }
            while end > first && !isInterior(end - 1, width: width, height: height) { end -= 1 }
            return first..<end
        }
    }

    /// The interior run: (u, v) in 32.32 fixed point, so a pixel costs integer multiply-adds and
    /// shifts instead of Double arithmetic and checked conversions (measured: half the time of the
    /// whole affine draw). Rounding the start and step to 2⁻³² keeps the position within 10⁻⁵
    /// texel over 2¹⁶ pixels, inside the interior's 1/1024 margin.
    struct InteriorAffine: SpanSampler {
        let source: Source, texels: UnsafeRawPointer, alpha: Int32
        /// Fixed-point position at span index `start` and the steps.
        let start: Int, u0: Int64, v0: Int64, du: Int64, dv: Int64
        static let one = 4_294_967_296.0   // 2³²

        /// nil when a step is too large for 32.32 fixed point (≥ 2³⁰ texels per pixel: such a run
        /// has at most one pixel, and the clamped sampler takes it).
        init?(line: Line, start: Int, source: Source, texels: UnsafeRawPointer, alpha: Int32) {
            let limit = 1_073_741_824.0   // 2³⁰
            guard abs(line.du) < limit, abs(line.dv) < limit else { return nil }
            self.source = source; self.texels = texels; self.alpha = alpha; self.start = start
            // At `start` the position is inside the image (0 ≤ u, v < 2²⁶), so it fits too.
            u0 = Int64((line.u(start) * InteriorAffine.one).rounded()); v0 = Int64((line.v(start) * InteriorAffine.one).rounded())
            du = Int64((line.du * InteriorAffine.one).rounded()); dv = Int64((line.dv * InteriorAffine.one).rounded())
        }

        @inline(__always) func texel(_ i: Int) -> UInt32 {
            let n = Int64(i &- start)
            let u = u0 &+ n &* du, v = v0 &+ n &* dv
            // 32.32 to the sampler's 16.16, rounded half up.
            let qu = (u &+ 0x8000) >> 16, qv = (v &+ 0x8000) >> 16
            let x = Int(truncatingIfNeeded: qu >> 16), y = Int(truncatingIfNeeded: qv >> 16)
            let tx = FixedPointBilerp.weight(qu), ty = FixedPointBilerp.weight(qv)
            let p = texels + (y &* source.width &+ x) &* 4, stride = source.width &* 4
            let t00 = p.load(as: UInt32.self), t10 = p.load(fromByteOffset: 4, as: UInt32.self)
            let t01 = p.load(fromByteOffset: stride, as: UInt32.self), t11 = p.load(fromByteOffset: stride + 4, as: UInt32.self)
            // Four transparent texels filter to transparent, which source-over leaves alone:
            // the margins most sprite images have cost four loads.
            if (t00 | t10 | t01 | t11) == 0 { return 0 }
            return FixedPointBilerp.bilinear(t00, t10, t01, t11, tx: tx, ty: ty, alpha: alpha)
        }
    }

    struct ClampedAffine: SpanSampler {
        let line: Line, source: Source, texels: UnsafeRawPointer, alpha: Int32
        @inline(__always) func texel(_ i: Int) -> UInt32 {
            let tu = FixedPointBilerp.Tap(line.u(i), size: source.width), tv = FixedPointBilerp.Tap(line.v(i), size: source.height)
            let r0 = source.row(tv.i0, texels), r1 = source.row(tv.i1, texels)
            return FixedPointBilerp.bilinear(
                r0.load(fromByteOffset: tu.i0 * 4, as: UInt32.self), r0.load(fromByteOffset: tu.i1 * 4, as: UInt32.self),
                r1.load(fromByteOffset: tu.i0 * 4, as: UInt32.self), r1.load(fromByteOffset: tu.i1 * 4, as: UInt32.self),
                tx: tu.t, ty: tv.t, alpha: alpha)
        }
    }
}
