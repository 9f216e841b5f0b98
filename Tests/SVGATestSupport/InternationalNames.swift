// Names as live rooms carry them (issue 9), shared by the shaping tests (SVGATextTests, against
// hb-shape) and the rendering tests (SVGARenderTests, drawn into a sprite): Chinese, Japanese,
// Korean, Arabic, Hebrew, Thai, Devanagari, Vietnamese, Latin with combining marks, emoji
// sequences, flags and mixed directions. `families` pins the fallback chain: each family must
// draw some run of the name with the packages of scripts/install-deps.sh.
public struct InternationalName: Sendable, CustomStringConvertible {
    public let label: String
    public let text: String
    public let families: [String]
    public init(label: String, text: String, families: [String]) {
        self.label = label; self.text = text; self.families = families
    }
    public var description: String { label }

    public static let table: [InternationalName] = [
        InternationalName(label: "Chinese", text: "小明", families: ["Noto Sans CJK SC"]),
        InternationalName(label: "Chinese with Latin", text: "王小明Ming", families: ["Noto Sans CJK SC", "DejaVu Sans"]),
        InternationalName(label: "Japanese hiragana", text: "さくら", families: ["Noto Sans CJK JP"]),
        InternationalName(label: "Japanese kanji and kana", text: "田中さくら", families: ["Noto Sans CJK JP"]),
        InternationalName(label: "Japanese katakana", text: "アリス", families: ["Noto Sans CJK JP"]),
        InternationalName(label: "Korean", text: "김민준", families: ["Noto Sans CJK KR"]),
        InternationalName(label: "Arabic joining forms", text: "محمد", families: ["DejaVu Sans"]),
        InternationalName(label: "Arabic two words", text: "فاطمة الزهراء", families: ["DejaVu Sans"]),
        InternationalName(label: "Hebrew", text: "דוד כהן", families: ["DejaVu Sans"]),
        InternationalName(label: "Thai with marks", text: "น้ำใจ", families: ["Noto Sans Thai"]),
        InternationalName(label: "Thai name", text: "สมชาย", families: ["Noto Sans Thai"]),
        InternationalName(label: "Devanagari conjuncts", text: "क्षत्रिय", families: ["Noto Sans Devanagari"]),
        InternationalName(label: "Devanagari reph", text: "अर्जुन", families: ["Noto Sans Devanagari"]),
        InternationalName(label: "Vietnamese precomposed", text: "Nguyễn Thị Ánh", families: ["DejaVu Sans"]),
        InternationalName(label: "Vietnamese stacked marks", text: "Nguye\u{302}\u{303}n", families: ["DejaVu Sans"]),
        InternationalName(label: "Latin combining marks", text: "Zoe\u{308} Ame\u{301}lie", families: ["DejaVu Sans"]),
        InternationalName(label: "Emoji ZWJ family", text: "👨‍👩‍👧", families: ["Noto Color Emoji"]),
        InternationalName(label: "Emoji skin tone", text: "👍🏽", families: ["Noto Color Emoji"]),
        InternationalName(label: "Flags", text: "🇯🇵🇧🇷", families: ["Noto Color Emoji"]),
        InternationalName(label: "Emoji presentation selector", text: "❤️Lily", families: ["Noto Color Emoji", "DejaVu Sans"]),
        InternationalName(label: "Mixed LTR and RTL", text: "Alice سلام", families: ["DejaVu Sans"]),
        InternationalName(label: "Mixed RTL with digits", text: "عمر 123", families: ["DejaVu Sans"]),
        InternationalName(label: "Mixed Hebrew and Latin", text: "Dana דנה", families: ["DejaVu Sans"]),
        InternationalName(label: "CJK, Latin and emoji", text: "小明 Alice 🌹", families: ["Noto Sans CJK SC", "DejaVu Sans", "Noto Color Emoji"]),
        InternationalName(label: "Cyrillic", text: "Дмитрий", families: ["DejaVu Sans"]),
    ]
}
