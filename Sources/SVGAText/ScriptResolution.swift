// The script of each character (UAX #24 via HarfBuzz's Unicode functions), with Common and
// Inherited characters (spaces, punctuation, digits, combining marks, emoji) taking the script of
// their neighbours, so that a run is cut only where the writing system really changes; and the
// language each script is shaped and matched with.
import CHarfBuzz

enum ScriptResolution {
    /// Resolved script per scalar: Inherited takes the previous character's, Common the previous
    /// real script, or the next one at the start of the text.
    static func scripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var raw = scalars.map { hb_unicode_script(funcs, $0) }
        var last: hb_script_t? = nil
        for i in raw.indices {
            if isWeak(raw[i]) {
                if let last { raw[i] = last }
            } else {
                last = raw[i]
            }
        }
        // Leading weak characters: the first real script after them.
        if let firstReal = raw.first(where: { !isWeak($0) }) {
            for i in raw.indices {
                guard isWeak(raw[i]) else { break }
                raw[i] = firstReal
            }
        }
        return raw
    }

    static func isWeak(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// The language a run of `script` is shaped and matched with (BCP 47, lower case), nil when
    /// the script alone does not call for one. Han is Japanese next to kana, Korean next to
    /// Hangul, otherwise Simplified Chinese, the likeliest reading of a bare Han name here; the
    /// choice picks the CJK face (glyph shapes differ) and its 'locl' forms.
    static func language(for script: hb_script_t, in scripts: [hb_script_t]) -> String? {
        switch script {
        case HB_SCRIPT_HAN:
            if scripts.contains(HB_SCRIPT_HIRAGANA) || scripts.contains(HB_SCRIPT_KATAKANA) { return "ja" }
            if scripts.contains(HB_SCRIPT_HANGUL) { return "ko" }
            return "zh-cn"
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return "ja"
        case HB_SCRIPT_HANGUL: return "ko"
        case HB_SCRIPT_ARABIC: return "ar"
        case HB_SCRIPT_HEBREW: return "he"
        case HB_SCRIPT_THAI: return "th"
        case HB_SCRIPT_DEVANAGARI: return "hi"
        default: return nil
        }
    }

    /// ISO 15924 tag ("Latn", "Arab"), as `hb-shape --script` takes it.
    static func tag(_ script: hb_script_t) -> String {
        let t = hb_script_to_iso15924_tag(script)
        let bytes = [UInt8(t >> 24 & 0xFF), UInt8(t >> 16 & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t & 0xFF)]
        return String(decoding: bytes, as: UTF8.self)
    }
}
