import SVGARaster

// Animated PNG (APNG 1.0, https://wiki.mozilla.org/APNG_Specification). libpng has no APNG
// writer, so each frame is encoded as an ordinary PNG and its IDAT data is rewrapped:
//
//   signature, IHDR, [ancillary colour chunks of frame 0, e.g. sRGB], acTL,
//   fcTL(seq 0), IDAT (frame 0),  then per later frame: fcTL(seq n), fdAT(seq n+1, data), …, IEND
//
// Frame 0 is the default image, so a decoder without APNG support shows it. Every frame covers
// the whole canvas with dispose NONE and blend SOURCE, so frames never depend on each other.
// Each frame's zlib stream is written as one IDAT/fdAT chunk (frames are capped by
// Pixmap.maxPixelCount, far below the 2³¹ − 1 chunk length limit).
public enum APNGEncoder {
    /// Animated PNG: each frame encoded by libpng, its IDAT data rewrapped (first frame IDAT,
    /// later frames fdAT), with acTL/fcTL per the APNG spec, sequence numbers, CRCs via zlib
    /// crc32, delay = 1/fps (delay_num/delay_den), loop count (0 = forever). All frames same size.
    public static func encode(frames: [Pixmap], fps: Int, loops: Int = 0,
                              compression: PNGCompression = .default) throws(PNGError) -> [UInt8] {
        guard let first = frames.first else { throw .encodeFailed("APNG needs at least one frame") }
        // delay_den is a 16-bit field; 0 would mean 1/100 s (APNG spec), so it is refused.
        guard fps > 0, fps <= Int(UInt16.max) else { throw .encodeFailed("APNG fps \(fps) is outside 1...65535") }
        guard loops >= 0, loops <= Int(UInt32.max) else { throw .encodeFailed("APNG loop count \(loops) is invalid") }
        guard frames.count <= Int(Int32.max) else { throw .encodeFailed("too many APNG frames") }

        var out = PNGDecoder.signature
        var sequence: UInt32 = 0
        var ihdr: PNGChunk?
        for (index, frame) in frames.enumerated() {
            guard frame.width == first.width, frame.height == first.height else {
                throw .encodeFailed("APNG frame \(index) is \(frame.width)×\(frame.height), frame 0 is \(first.width)×\(first.height)")
            }
            let chunks = try PNGChunk.parse(PNGEncoder.encode(frame, compression: compression))
            guard let header = chunks.first, header.typeName == "IHDR" else {
                throw .encodeFailed("libpng output for frame \(index) does not start with IHDR")
            }
            let image = chunks.filter { $0.typeName == "IDAT" }.flatMap(\.data)
            guard !image.isEmpty else { throw .encodeFailed("libpng output for frame \(index) has no IDAT") }

            if index == 0 {
                ihdr = header
                header.write(to: &out)
                // Colour-space chunks (sRGB/gAMA) must precede the image data; keep frame 0's.
                let firstIDAT = chunks.firstIndex { $0.typeName == "IDAT" } ?? chunks.count
                for chunk in chunks[1..<firstIDAT] { chunk.write(to: &out) }
                var actl: [UInt8] = []
                PNGChunk.appendBigEndian32(UInt32(frames.count), to: &actl)
                PNGChunk.appendBigEndian32(UInt32(loops), to: &actl)
                PNGChunk(type: Array("acTL".utf8), data: actl).write(to: &out)
            } else if header.data != ihdr?.data {
                throw .encodeFailed("libpng wrote a different IHDR for frame \(index)")
            }

            frameControl(sequence: sequence, width: frame.width, height: frame.height, fps: fps).write(to: &out)
            sequence += 1
            if index == 0 {
                PNGChunk(type: Array("IDAT".utf8), data: image).write(to: &out)
            } else {
                var fdat: [UInt8] = []
                fdat.reserveCapacity(image.count + 4)
                PNGChunk.appendBigEndian32(sequence, to: &fdat)
                fdat += image
                PNGChunk(type: Array("fdAT".utf8), data: fdat).write(to: &out)
                sequence += 1
            }
        }
        PNGChunk(type: Array("IEND".utf8), data: []).write(to: &out)
        return out
    }

    /// fcTL (APNG spec "fcTL"): sequence, size, offset 0,0, delay 1/fps, dispose NONE, blend SOURCE.
    static func frameControl(sequence: UInt32, width: Int, height: Int, fps: Int) -> PNGChunk {
        var data: [UInt8] = []
        PNGChunk.appendBigEndian32(sequence, to: &data)
        PNGChunk.appendBigEndian32(UInt32(width), to: &data)
        PNGChunk.appendBigEndian32(UInt32(height), to: &data)
        PNGChunk.appendBigEndian32(0, to: &data)  // x_offset
        PNGChunk.appendBigEndian32(0, to: &data)  // y_offset
        PNGChunk.appendBigEndian16(1, to: &data)  // delay_num
        PNGChunk.appendBigEndian16(UInt16(fps), to: &data)  // delay_den
        data.append(0)  // dispose_op: APNG_DISPOSE_OP_NONE
        data.append(0)  // blend_op: APNG_BLEND_OP_SOURCE
        return PNGChunk(type: Array("fcTL".utf8), data: data)
    }
}
