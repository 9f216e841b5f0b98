// Scanlines for the PNG writer's grey and palette colour types (PNG spec 7.2, 9.2), plain
// byte-by-byte code: these images are written once per optimized file, not per frame, so the
// RGBA writer's vector loop (`PNGScanlines`) is not worth a twin here.

enum PNGPackedScanlines {
    /// Each row behind the filter byte of none, sub, up or paeth, whichever gives the least
    /// sum of absolute residuals (bytes read as signed); ties go to the earlier filter.
    static func filterAdaptive(_ bytes: [UInt8], rowBytes: Int, bytesPerPixel bpp: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((rowBytes + 1) * height)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        func magnitude(_ b: UInt8) -> Int { b < 128 ? Int(b) : 256 - Int(b) }
        for y in 0..<height {
            let row = y * rowBytes, above = row - rowBytes
            var bestFilter: UInt8 = 0, bestSum = Int.max
            for filter: UInt8 in [0, 1, 2, 4] {
                var sum = 0
                for i in 0..<rowBytes {
                    let x = bytes[row + i]
                    let a = i >= bpp ? bytes[row + i - bpp] : 0
                    let b = y > 0 ? bytes[above + i] : 0
                    let c = i >= bpp && y > 0 ? bytes[above + i - bpp] : 0
                    let predicted: UInt8
                    switch filter {
                    case 0: predicted = 0
                    case 1: predicted = a
                    case 2: predicted = b
                    default: predicted = paeth(a, b, c)
                    }
                    let r = x &- predicted
                    candidate[i] = r
                    sum += magnitude(r)
                }
                if sum < bestSum { bestSum = sum; bestFilter = filter; swap(&best, &candidate) }
            }
            out.append(bestFilter)
            out += best
        }
        return out
    }

    /// PNG spec 9.4: the neighbour nearest to a + b − c, ties to a, then b.
    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Indices packed `bitDepth` bits each, most significant bits first, each row padded to a
    /// whole byte and preceded by filter type 0 (none).
    static func packUnfiltered(_ indices: [UInt8], width: Int, height: Int, bitDepth: Int) -> [UInt8] {
        let perByte = 8 / bitDepth
        let rowBytes = (width + perByte - 1) / perByte
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        for y in 0..<height {
            let base = y * (rowBytes + 1) + 1
            for x in 0..<width {
                let shift = 8 - bitDepth * (x % perByte + 1)
                out[base + x / perByte] |= indices[y * width + x] << shift
            }
        }
        return out
    }
}
