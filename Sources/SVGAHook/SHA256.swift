import SVGAKit

// SHA-256 (FIPS 180-4) in plain Swift. The hook names cached resources by content hash, so the
// cache key must be a real content hash (a CRC would let two different animations collide);
// the package takes no dependencies and Linux has no CryptoKit, hence this small one.
// Checked against the FIPS 180-4 / NIST test vectors and hashlib in HookSHA256Tests.

public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// Bytes not yet forming a whole 64-byte block.
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    /// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    /// first 64 primes.
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    public init() {}

    public mutating func update(_ bytes: [UInt8]) {
        totalBytes &+= UInt64(bytes.count)
        absorb(bytes)
    }

    /// The 32-byte digest (§5.1.1 padding: 0x80, zeros, the bit length as 64-bit big-endian).
    public func finalize() -> [UInt8] {
        var copy = self
        let bitLength = totalBytes &* 8
        var tail: [UInt8] = [0x80]
        let used = (pending.count + 1) % 64
        tail.append(contentsOf: repeatElement(0, count: (used <= 56 ? 56 - used : 120 - used)))
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        copy.absorb(tail)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        let s = copy.state
        for word in [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7] {
            out.append(contentsOf: [UInt8(word >> 24), UInt8((word >> 16) & 0xff), UInt8((word >> 8) & 0xff), UInt8(word & 0xff)])
        }
        return out
    }

    /// Lower-case hex of the digest of `bytes`.
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.update(bytes)
        return h.finalize().map { byte in
            let s = String(byte, radix: 16)
            return byte < 16 ? "0" + s : s
        }.joined()
    }

    /// Tops up a partial block, then hashes whole blocks straight from the input (one buffer
    /// pointer for the whole call, one message schedule reused for every block).
    private mutating func absorb(_ bytes: [UInt8]) {
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            start = take
            if pending.count < 64 { return }
            let block = pending
            pending.removeAll(keepingCapacity: true)
            block.withUnsafeBufferPointer { compressBlocks($0, count: 1) }
        }
        let whole = (bytes.count - start) / 64
        if whole > 0 {
            bytes.withUnsafeBufferPointer { buffer in
                compressBlocks(UnsafeBufferPointer(rebasing: buffer[start...]), count: whole)
            }
            start += whole * 64
        }
        pending.append(contentsOf: bytes[start...])
    }

    /// §6.2.2 for `count` consecutive 512-bit blocks at the start of `input`.
    private mutating func compressBlocks(_ input: UnsafeBufferPointer<UInt8>, count: Int) {
        var schedule = [UInt32](repeating: 0, count: 64)
        schedule.withUnsafeMutableBufferPointer { w in
            for blockIndex in 0..<count {
                let base = blockIndex * 64
                for i in 0..<16 {
                    let o = base + i * 4
                    w[i] = UInt32(input[o]) << 24 | UInt32(input[o + 1]) << 16 | UInt32(input[o + 2]) << 8 | UInt32(input[o + 3])
                }
                for i in 16..<64 {
                    let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                    let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = state
                for t in 0..<64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let ch = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ ch &+ SHA256.k[t] &+ w[t]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let maj = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ maj
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ t2
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                         state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }
    }

    @inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
