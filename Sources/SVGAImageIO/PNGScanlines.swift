import SVGARaster

// The PNG writer's filtered scanlines (PNG spec 7.3, 9): each row of the premultiplied pixmap is
// unpremultiplied into straight RGBA, then written behind a filter-type byte as either the `sub`
// or the `up` residual, whichever has the smaller sum of absolute values (the residual bytes read
// as signed: the "minimum sum of absolute differences" heuristic libpng and zlib's authors
// recommend). `none`, `average` and `paeth` are not tried: on rendered frames sub/up choose
// within a few percent of libpng's best-of-five at a fraction of the work.
//
// Unpremultiply is an exact table, `unpremultiply[a << 8 | c]` = min(255, (c · 255 + a/2) / a),
// the same rounding as `Pixmap.straightRGBA()`; alpha 255 is a plain copy and alpha 0 writes
// 0,0,0,0, word by word.
//
// `filter` is the fast path: one pass per row over 16-byte vectors that writes both residuals and
// sums them. `filterReference` is the plain twin, byte by byte, that the tests hold it to exactly.

/// Public for the differential tests and the benchmark; the writer is `PNGEncoder`.
public enum PNGScanlines {
    /// PNG filter types (PNG spec 9.2).
    static let filterSub: UInt8 = 1
    static let filterUp: UInt8 = 2

    /// `unpremultiply[a << 8 | c]`: straight channel for premultiplied `c` under alpha `a`.
    static let unpremultiply: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            let half = a / 2
            for c in 0..<256 { table[a << 8 | c] = UInt8(Swift.min(255, (c * 255 + half) / a)) }
        }
        return table
    }()

    /// Filtered scanlines of `pixmap`: height × (1 + width × 4) bytes, ready for deflate.
    public static func filter(_ pixmap: Pixmap) -> [UInt8] {
        let width = pixmap.width, height = pixmap.height, rowBytes = width * 4
        let stride = rowBytes + 1
        // Straight rows with 16 zero bytes before them, so the `sub` operand cur[i − 4] of the
        // first pixel reads zeros (PNG spec: bytes left of the row are 0).
        let lead = 16
        var current = [UInt8](repeating: 0, count: lead + rowBytes)
        var previous = [UInt8](repeating: 0, count: lead + rowBytes)
        var upScratch = [UInt8](repeating: 0, count: rowBytes)
        return [UInt8](unsafeUninitializedCapacity: stride * height) { out, count in
            let o = out.baseAddress!
            pixmap.data.withUnsafeBufferPointer { src in
            unpremultiply.withUnsafeBufferPointer { table in
            current.withUnsafeMutableBufferPointer { cur in
            previous.withUnsafeMutableBufferPointer { prev in
            upScratch.withUnsafeMutableBufferPointer { up in
                var c = cur.baseAddress! + lead, p = prev.baseAddress! + lead
                for y in 0..<height {
                    unpremultiplyRow(src.baseAddress! + y * rowBytes, into: c, pixels: width, table: table.baseAddress!)
                    let row = o + y * stride
                    let (subSum, upSum) = residuals(c, previous: p, count: rowBytes, sub: row + 1, up: up.baseAddress!)
                    if upSum < subSum {
                        row[0] = filterUp
                        (row + 1).update(from: up.baseAddress!, count: rowBytes)
                    } else {
                        row[0] = filterSub
                    }
                    swap(&c, &p)
                }
            }}}}}
            count = stride * height
        }
    }

    /// Straight RGBA for one row of `pixels` premultiplied pixels.
    @inline(__always)
    static func unpremultiplyRow(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, pixels: Int,
                                 table: UnsafePointer<UInt8>) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        var i = 0
        while i < pixels {
            let word = s.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            let a = word >> 24
            if a == 255 || a == 0 {
                // Opaque: straight = premultiplied. Transparent: premultiplied is all zero already.
                d.storeBytes(of: word, toByteOffset: i * 4, as: UInt32.self)
            } else {
                let t = table + Int(a << 8)
                let r = UInt32(t[Int(word & 0xFF)]), g = UInt32(t[Int((word >> 8) & 0xFF)])
                let b = UInt32(t[Int((word >> 16) & 0xFF)])
                d.storeBytes(of: r | g << 8 | b << 16 | a << 24, toByteOffset: i * 4, as: UInt32.self)
            }
            i += 1
        }
    }

    /// |b| of each byte read as signed: min(b, 256 − b). Written with `replacing(with:where:)`,
    /// which compiles to one `pminub`; the generic `pointwiseMin` is a call per vector.
    @inline(__always) static func magnitude(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let negated = 0 &- v
        return v.replacing(with: negated, where: negated .< v)
    }

    /// The 16 bytes as 8 UInt16 lanes, each the sum of its two bytes.
    @inline(__always) static func widenedPairs(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
        let pairs = unsafeBitCast(v, to: SIMD8<UInt16>.self)
        return (pairs & 0x00FF) &+ (pairs &>> 8)
    }

    /// Writes the `sub` residual to `sub` and the `up` residual to `up`, returning the sum of
    /// absolute values (bytes read as signed) of each. `current` has 16 readable zero bytes before it.
    @inline(__always)
    static func residuals(_ current: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
                          sub: UnsafeMutablePointer<UInt8>, up: UnsafeMutablePointer<UInt8>) -> (Int, Int) {
        let c = UnsafeRawPointer(current), p = UnsafeRawPointer(previous)
        let s = UnsafeMutableRawPointer(sub), u = UnsafeMutableRawPointer(up)
        var subTotal = 0, upTotal = 0
        var i = 0
        // 16-bit lane sums (each lane takes two bytes per vector) flushed every 128 vectors:
        // 128 × 2 × 128 fits in UInt16.
        while i + 16 <= count {
            var subAcc = SIMD8<UInt16>(repeating: 0), upAcc = SIMD8<UInt16>(repeating: 0)
            var n = 0
            while n < 128 && i + 16 <= count {
                let x = c.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let left = c.loadUnaligned(fromByteOffset: i - 4, as: SIMD16<UInt8>.self)
                let above = p.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let rs = x &- left, ru = x &- above
                s.storeBytes(of: rs, toByteOffset: i, as: SIMD16<UInt8>.self)
                u.storeBytes(of: ru, toByteOffset: i, as: SIMD16<UInt8>.self)
                // |signed byte| = min(b, 256 − b) on the unsigned byte, then widened by viewing the
                // 16 bytes as 8 UInt16 lanes and adding their low and high bytes (the generic
                // SIMD widening conversion is not inlined and costs a call per vector).
                subAcc &+= widenedPairs(magnitude(rs))
                upAcc &+= widenedPairs(magnitude(ru))
                i += 16; n += 1
            }
            // Horizontal sums lane by lane in Int: 8 lanes of up to 32 768 overflow UInt16.
            for lane in 0..<8 { subTotal += Int(subAcc[lane]); upTotal += Int(upAcc[lane]) }
        }
        while i < count {
            let x = current[i]
            let rs = x &- current[i - 4], ru = x &- previous[i]
            sub[i] = rs; up[i] = ru
            subTotal += Int(Swift.min(rs, 0 &- rs)); upTotal += Int(Swift.min(ru, 0 &- ru))
            i += 1
        }
        return (subTotal, upTotal)
    }

    /// The plain twin of `filter`: the same choice, byte by byte with the division.
    public static func filterReference(_ pixmap: Pixmap) -> [UInt8] {
        let width = pixmap.width, height = pixmap.height, rowBytes = width * 4
        let straight = pixmap.straightRGBA()
        var out: [UInt8] = []
        out.reserveCapacity((rowBytes + 1) * height)
        func magnitude(_ b: UInt8) -> Int { b < 128 ? Int(b) : 256 - Int(b) }
        for y in 0..<height {
            let row = Array(straight[(y * rowBytes)..<((y + 1) * rowBytes)])
            let above = y == 0 ? [UInt8](repeating: 0, count: rowBytes)
                : Array(straight[((y - 1) * rowBytes)..<(y * rowBytes)])
            var sub = [UInt8](), up = [UInt8]()
            for i in 0..<rowBytes {
                sub.append(row[i] &- (i >= 4 ? row[i - 4] : 0))
                up.append(row[i] &- above[i])
            }
            let subSum = sub.reduce(0) { $0 + magnitude($1) }, upSum = up.reduce(0) { $0 + magnitude($1) }
            if upSum < subSum { out.append(filterUp); out += up } else { out.append(filterSub); out += sub }
        }
        return out
    }
}
