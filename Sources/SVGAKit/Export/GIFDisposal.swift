// ffmpeg 5.1's GIF writer leaves every frame's disposal method at "do not dispose", so where a
// later frame is transparent the earlier frames show through (trails). We ask ffmpeg for whole
// frames (`-gifflags -offsetting-transdiff`, no inter-frame tricks) and then set each Graphic
// Control Extension's disposal method to 2, "restore to background" (GIF89a §23), so every frame
// stands alone, as in the SVGA.

enum GIFDisposal {
    enum Failure: Error { case malformed(offset: Int) }

    /// Rewrites `gif` in place; walks the block structure (never pattern-matches image data).
    static func restoreToBackground(_ gif: inout [UInt8]) throws(Failure) {
        var i = 13
        guard gif.count >= i, gif.starts(with: Array("GIF8".utf8)) else { throw .malformed(offset: 0) }
        if gif[10] & 0x80 != 0 { i += 3 << (Int(gif[10] & 0x07) + 1) }   // global colour table
        func skipSubBlocks(_ i: inout Int) throws(Failure) {
            while true {
                guard i < gif.count else { throw .malformed(offset: i) }
                let n = Int(gif[i]); i += 1
                if n == 0 { return }
                i += n
            }
        }
        while i < gif.count {
            switch gif[i] {
            case 0x3B: return   // trailer
            case 0x21:
                guard i + 2 < gif.count else { throw .malformed(offset: i) }
                if gif[i + 1] == 0xF9, gif[i + 2] == 4, i + 3 < gif.count {
                    // packed: reserved(3) disposal(3) user-input(1) transparent(1)
                    gif[i + 3] = (gif[i + 3] & 0b1110_0011) | (2 << 2)
                }
                i += 2
                try skipSubBlocks(&i)
            case 0x2C:
                guard i + 10 <= gif.count else { throw .malformed(offset: i) }
                let packed = gif[i + 9]
                i += 10
                if packed & 0x80 != 0 { i += 3 << (Int(packed & 0x07) + 1) }   // local colour table
                i += 1   // LZW minimum code size
                try skipSubBlocks(&i)
            default:
                throw .malformed(offset: i)
            }
        }
    }
}
