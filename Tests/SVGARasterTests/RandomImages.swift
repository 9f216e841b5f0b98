import SVGARaster

/// Random premultiplied pixmaps and coverage masks for the fast-vs-reference tests. A third of
/// the values are the special cases the fast paths branch on (alpha / coverage 0 and 255).
enum RandomImages {
    static func byte(_ rng: inout SeededGenerator) -> UInt8 {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return 0
        case 1: return 255
        default: return UInt8.random(in: 0...255, using: &rng)
        }
    }

    static func pixmap(width: Int, height: Int, using rng: inout SeededGenerator) -> Pixmap {
        var p = Pixmap(width: width, height: height)!
        for i in 0..<(width * height) {
            let a = byte(&rng)
            p.data[i * 4 + 3] = a
            for c in 0..<3 { p.data[i * 4 + c] = UInt8.random(in: 0...a, using: &rng) }
        }
        return p
    }

    static func mask(_ bounds: IntRect, using rng: inout SeededGenerator) -> CoverageMask {
        CoverageMask(bounds: bounds, data: (0..<(bounds.width * bounds.height)).map { _ in byte(&rng) })
    }

    static func rect(within w: Int, _ h: Int, margin: Int, using rng: inout SeededGenerator) -> IntRect {
        let x = Int.random(in: -margin..<(w - 1), using: &rng), y = Int.random(in: -margin..<(h - 1), using: &rng)
        return IntRect(x: x, y: y, width: Int.random(in: 1...(w + margin), using: &rng),
                       height: Int.random(in: 1...(h + margin), using: &rng))!
    }

    static func color(using rng: inout SeededGenerator) -> PremultipliedColorU8 {
        let a = byte(&rng)
        return PremultipliedColorU8(r: UInt8.random(in: 0...a, using: &rng), g: UInt8.random(in: 0...a, using: &rng),
                                    b: UInt8.random(in: 0...a, using: &rng), a: a)!
    }

    /// Largest per-channel difference between two same-size pixmaps.
    static func maxDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        var worst = 0
        for i in a.data.indices {
            let d = Int(a.data[i]) - Int(b.data[i])
            worst = max(worst, d < 0 ? -d : d)
        }
        return worst
    }

    static func isPremultiplied(_ p: Pixmap) -> Bool {
        for i in stride(from: 0, to: p.data.count, by: 4) {
            let a = p.data[i + 3]
            if p.data[i] > a || p.data[i + 1] > a || p.data[i + 2] > a { return false }
        }
        return true
    }
}
