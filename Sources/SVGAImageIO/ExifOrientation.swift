// Exif orientation (tag 0x0112 in IFD0, TIFF 6.0 "Orientation", Exif 2.32 §4.6.4): how a
// camera's stored pixels must be turned to appear upright. Phones store portrait photos
// sideways with orientation 6, so an avatar ignoring it lies on its side.
//
// Read by hand from the first APP1 `Exif\0\0` segment before the first scan; every offset is
// checked against the segment before it is read. A malformed or absent Exif block means "as
// stored" (what browsers do), never an error: the pixels are still fine.

public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// True for 5–8: the upright image is the stored one with width and height exchanged.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation stated by a JPEG's Exif block; `.up` when there is none or it is malformed.
    public static func read(fromJPEG b: [UInt8]) -> ExifOrientation {
        var p = 2
        while p + 4 <= b.count {
            guard b[p] == 0xFF else { return .up }
            let marker = b[p + 1]
            if marker == 0xFF { p += 1; continue }     // fill byte before a marker (T.81 B.1.1.2)
            if marker == 0x01 || (0xD0 ... 0xD7).contains(marker) { p += 2; continue }   // no length
            if marker == 0xDA || marker == 0xD9 { return .up }   // start of scan / end of image
            let length = Int(b[p + 2]) << 8 | Int(b[p + 3])
            let start = p + 4, end = p + 2 + length
            guard length >= 2, end <= b.count else { return .up }
            if marker == 0xE1, end - start >= 6, b[start ..< start + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return orientation(tiff: b[(start + 6) ..< end]) ?? .up
            }
            p = end
        }
        return .up
    }

    /// Orientation from a TIFF structure (byte order, magic 42, IFD0 entries of 12 bytes).
    static func orientation(tiff: ArraySlice<UInt8>) -> ExifOrientation? {
        let base = tiff.startIndex, count = tiff.count
        guard count >= 8 else { return nil }
        let little: Bool
        switch (tiff[base], tiff[base + 1]) {
        case (0x49, 0x49): little = true    // "II"
        case (0x4D, 0x4D): little = false   // "MM"
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= count else { return nil }
            let a = Int(tiff[base + o]), b = Int(tiff[base + o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(little ? o + 2 : o), let lo = u16(little ? o : o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for i in 0 ..< entries {
            let entry = ifd + 2 + 12 * i
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type 3 (SHORT), count 1: the value sits left-justified in the 4-byte value field.
            guard u16(entry + 2) == 3, let n = u32(entry + 4), n >= 1, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    /// Turns `pixels` (4 bytes per pixel, rows top-down, `width` × `height`) upright.
    public func apply(_ pixels: [UInt8], width: Int, height: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        if self == .up { return (pixels, width, height) }
        let (outWidth, outHeight) = swapsSides ? (height, width) : (width, height)
        // The source pixel of output (x, y) is origin + stepX·x + stepY·y (in pixels): chosen
        // once here, so the loop is a plain strided copy.
        let w = width, h = height
        let (origin, stepX, stepY): (Int, Int, Int)
        switch self {
        case .up: (origin, stepX, stepY) = (0, 1, w)
        case .upMirrored: (origin, stepX, stepY) = (w - 1, -1, w)                       // (w-1-x, y)
        case .down: (origin, stepX, stepY) = ((h - 1) * w + w - 1, -1, -w)              // (w-1-x, h-1-y)
        case .downMirrored: (origin, stepX, stepY) = ((h - 1) * w, 1, -w)               // (x, h-1-y)
        case .leftMirrored: (origin, stepX, stepY) = (0, w, 1)                          // (y, x)
        case .right: (origin, stepX, stepY) = ((h - 1) * w, -w, 1)                      // (y, h-1-x)
        case .rightMirrored: (origin, stepX, stepY) = ((h - 1) * w + w - 1, -w, -1)     // (w-1-y, h-1-x)
        case .left: (origin, stepX, stepY) = (w - 1, w, -1)                             // (w-1-y, x)
        }
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let s = src.bindMemory(to: UInt32.self), d = dst.bindMemory(to: UInt32.self)
                for y in 0 ..< outHeight {
                    var from = origin + stepY * y
                    let row = y * outWidth
                    for x in 0 ..< outWidth {
                        d[row + x] = s[from]
                        from += stepX
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }
}
