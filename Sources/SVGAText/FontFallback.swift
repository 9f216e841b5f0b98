// Which face draws each grapheme cluster (the fallback chain, as browsers apply it):
//   1. an emoji-presentation cluster (🌹, ❤️, 👍🏽, 🇯🇵, 👨‍👩‍👧) goes to the best colour font first;
//   2. a cluster of Common/Inherited script (space, punctuation, digits) stays in the previous
//      cluster's face when that face has it, so "小明。" is one run;
//   3. the primary face (the style's font or --font, DejaVu Sans by default);
//   4. fontconfig's best match for the cluster's characters and its script's language;
//   5. nothing covers it: the primary face draws it, as its missing glyph (.notdef), and the
//      characters are reported.
// A cluster is never split between faces, so combining marks stay with their base.
import CHarfBuzz

/// The logical analysis of one line: grapheme clusters, bidi levels, scripts and the face of
/// every cluster.
struct LineAnalysis {
    let scalars: [UInt32]
    let characters: [Character]
    /// Scalar index where each grapheme cluster starts, plus the scalar count at the end.
    let clusterStart: [Int]
    /// Grapheme cluster of each scalar.
    let clusterOfScalar: [Int]
    let bidi: BidiLevels
    let scripts: [hb_script_t]
    /// Faces used; 0 is the primary.
    let faces: [FontFace]
    /// Index into `faces` per grapheme cluster.
    let faceOfCluster: [Int]
    /// Characters no face covers, in order of first appearance, each once.
    let missing: [Unicode.Scalar]

    init(_ text: String, primary: FontFace) {
        var scalars: [UInt32] = [], characters: [Character] = [], clusterStart: [Int] = [], clusterOfScalar: [Int] = []
        for character in text {
            clusterStart.append(scalars.count)
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                clusterOfScalar.append(characters.count)
            }
            characters.append(character)
        }
        clusterStart.append(scalars.count)
        self.scalars = scalars
        self.characters = characters
        self.clusterStart = clusterStart
        self.clusterOfScalar = clusterOfScalar
        self.bidi = BidiLevels(scalars)
        let scripts = ScriptResolution.scripts(scalars)
        self.scripts = scripts

        var faces = [primary]
        var faceOfCluster: [Int] = []
        var missing: [Unicode.Scalar] = []
        var seenMissing = Set<UInt32>()
        func slot(of face: FontFace) -> Int {
            if let i = faces.firstIndex(where: { $0 === face }) { return i }
            faces.append(face)
            return faces.count - 1
        }
        let raw = scalars.map { hb_unicode_script(hb_unicode_funcs_get_default(), $0) }
        for (c, character) in characters.enumerated() {
            let members = Array(character.unicodeScalars)
            let first = clusterStart[c]
            let previous = faceOfCluster.last
            if members.allSatisfy({ $0.properties.isDefaultIgnorableCodePoint }) {
                faceOfCluster.append(previous ?? 0)
                continue
            }
            let script = scripts[first]
            let language = ScriptResolution.language(for: script, in: scripts)
            let emoji = FontFallbackRules.wantsEmojiPresentation(members)
            var chosen: Int? = nil
            if emoji, let face = FontDiscovery.shared.face(covering: members, language: nil, emoji: true) {
                chosen = slot(of: face)
            }
            if chosen == nil, let previous, ScriptResolution.isWeak(raw[first]),
               faces[previous].withLockedFace({ $0.covers(members) }) {
                chosen = previous
            }
            if chosen == nil, primary.withLockedFace({ $0.covers(members) }) {
                chosen = 0
            }
            if chosen == nil, let face = FontDiscovery.shared.face(covering: members, language: language, emoji: emoji) {
                chosen = slot(of: face)
            }
            guard let chosen else {
                faceOfCluster.append(0)
                let uncovered = primary.withLockedFace { face in
                    members.filter { !$0.properties.isDefaultIgnorableCodePoint && face.glyphIndex(for: $0) == 0 }
                }
                for scalar in uncovered where seenMissing.insert(scalar.value).inserted { missing.append(scalar) }
                continue
            }
            faceOfCluster.append(chosen)
        }
        self.faces = faces
        self.faceOfCluster = faceOfCluster
        self.missing = missing
    }

    /// Maximal runs of clusters sharing a bidi level, a script and a face, in logical order.
    func runs() -> [RunSpan] {
        var spans: [RunSpan] = []
        for c in characters.indices {
            let start = clusterStart[c], end = clusterStart[c + 1]
            guard start < end else { continue }
            let level = bidi.levels.isEmpty ? 0 : bidi.levels[start]
            let script = scripts[start], face = faceOfCluster[c]
            if var last = spans.last, last.level == level, last.script == script, last.face == face {
                last.scalars = last.scalars.lowerBound..<end
                spans[spans.count - 1] = last
            } else {
                spans.append(RunSpan(scalars: start..<end, level: level, script: script, face: face))
            }
        }
        return spans
    }
}

/// One shaping item: scalars in logical order with one level, script and face.
struct RunSpan {
    var scalars: Range<Int>
    let level: UInt8
    let script: hb_script_t
    let face: Int
    var isRightToLeft: Bool { level & 1 == 1 }
}

enum FontFallbackRules {
    /// True when a cluster should be drawn as a colour emoji (UTS #51): it asks for emoji
    /// presentation (VS16), is a modifier, flag, keycap or ZWJ sequence, or starts with a
    /// character whose default presentation is emoji; VS15 asks for text instead.
    static func wantsEmojiPresentation(_ members: [Unicode.Scalar]) -> Bool {
        guard let first = members.first else { return false }
        if members.contains("\u{FE0E}") { return false }
        if members.contains("\u{FE0F}") || members.contains("\u{20E3}") { return true }
        if members.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) || (0x1F1E6...0x1F1FF).contains($0.value) }) {
            return true
        }
        if members.contains("\u{200D}") && first.properties.isEmoji { return true }
        return first.properties.isEmojiPresentation
    }
}
