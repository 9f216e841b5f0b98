import SVGAHook
import SVGAKit
import Testing

// SHA-256 names the hook's cache files, so it must be the real thing: FIPS 180-4 / NIST test
// vectors, padding boundaries (55/56/63/64/65 … bytes, checked against Python's hashlib), and
// incremental updates split at random points equal to one call.
struct HookSHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(Array(message.utf8)) == digest)
    }

    @Test func millionAs() {
        #expect(SHA256.hexDigest([UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Bytes (i·7 + 3) mod 256; digests from Python's hashlib.
    @Test(arguments: [
        (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
        (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
        (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
        (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
        (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
        (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
        (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
        (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(SHA256.hexDigest(pattern(length)) == digest)
    }

    @Test func incrementalEqualsOneShot() {
        var rng = HookSplitMix(seed: 0x5EED)
        for _ in 0..<50 {
            let message = pattern(Int(rng.next() % 300))
            var hasher = SHA256()
            var rest = message[...]
            while !rest.isEmpty {
                let take = Int(rng.next() % 70)
                hasher.update(Array(rest.prefix(take)))
                rest = rest.dropFirst(take)
            }
            #expect(hasher.finalize() == digestBytes(SHA256.hexDigest(message)))
        }
    }

    private func pattern(_ n: Int) -> [UInt8] { (0..<n).map { UInt8(($0 * 7 + 3) % 256) } }

    private func digestBytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        return out
    }
}

/// A small seeded generator (SplitMix64) so random cases replay exactly.
struct HookSplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
