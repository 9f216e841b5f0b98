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
        for (index, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
            throw .encodeFailed("APNG frame \(index) is \(frame.width)×\(frame.height), frame 0 is \(first.width)×\(first.height)")
        }
        var assembler = try Assembler(frameCount: frames.count, fps: fps, loops: loops)
        var out: [UInt8] = []
        for frame in frames {
            out += try assembler.append(png: PNGEncoder.encode(frame, compression: compression))
        }
        out += try assembler.finish()
        return out
    }

    /// Builds an APNG one frame at a time from ordinary PNGs (encoded elsewhere, e.g. in parallel),
    /// returning the bytes to append to the file after each step, so a long animation streams to
    /// disk instead of being held in memory. The frame count is written first (acTL), so it is
    /// fixed up front and checked at `finish`.
    public struct Assembler: Sendable {
        public let frameCount: Int
        public let fps: Int
        private var sequence: UInt32 = 0
        private var appended = 0
        private var ihdr: PNGChunk?
        private let loops: Int

        public init(frameCount: Int, fps: Int, loops: Int = 0) throws(PNGError) {
            guard frameCount > 0 else { throw .encodeFailed("APNG needs at least one frame") }
            // delay_den is a 16-bit field; 0 would mean 1/100 s (APNG spec), so it is refused.
            guard fps > 0, fps <= Int(UInt16.max) else { throw .encodeFailed("APNG fps \(fps) is outside 1...65535") }
            guard loops >= 0, loops <= Int(UInt32.max) else { throw .encodeFailed("APNG loop count \(loops) is invalid") }
            guard frameCount <= Int(Int32.max) else { throw .encodeFailed("too many APNG frames") }
            self.frameCount = frameCount; self.fps = fps; self.loops = loops
        }

        /// The next frame, as a complete PNG from `PNGEncoder`; returns the bytes to append.
        public mutating func append(png: [UInt8]) throws(PNGError) -> [UInt8] {
            let index = appended
            guard index < frameCount else { throw .encodeFailed("APNG frame \(index) is beyond the declared \(frameCount) frames") }
            let chunks = try PNGChunk.parse(png)
            guard let header = chunks.first, header.typeName == "IHDR" else {
                throw .encodeFailed("libpng output for frame \(index) does not start with IHDR")
            }
            let image = chunks.filter { $0.typeName == "IDAT" }.flatMap(\.data)
            guard !image.isEmpty else { throw .encodeFailed("libpng output for frame \(index) has no IDAT") }
            // IHDR data: width (4 bytes, big-endian), height (4 bytes), …
            let width = header.data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let height = header.data.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | Int($1) }

            var out: [UInt8] = []
            if index == 0 {
                out = PNGDecoder.signature
                ihdr = header
                header.write(to: &out)
                // Colour-space chunks (sRGB/gAMA) must precede the image data; keep frame 0's.
                let firstIDAT = chunks.firstIndex { $0.typeName == "IDAT" } ?? chunks.count
                for chunk in chunks[1..<firstIDAT] { chunk.write(to: &out) }
                var actl: [UInt8] = []
                PNGChunk.appendBigEndian32(UInt32(frameCount), to: &actl)
                PNGChunk.appendBigEndian32(UInt32(loops), to: &actl)
                PNGChunk(type: Array("acTL".utf8), data: actl).write(to: &out)
            } else if header.data != ihdr?.data {
                throw .encodeFailed("APNG frame \(index) has a different size or colour type than frame 0")
            }

            frameControl(sequence: sequence, width: width, height: height, fps: fps).write(to: &out)
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
            appended += 1
            return out
        }

        /// The closing IEND; every declared frame must have been appended.
        public func finish() throws(PNGError) -> [UInt8] {
            guard appended == frameCount else {
                throw .encodeFailed("APNG declared \(frameCount) frames but got \(appended)")
            }
            var out: [UInt8] = []
            PNGChunk(type: Array("IEND".utf8), data: []).write(to: &out)
            return out
        }
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
