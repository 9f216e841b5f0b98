import SVGAFormat
import SVGARaster

// Dynamic items (spec A.7): what a personalised gift changes at render time. Keys match a
// sprite's `imageKey` as written or its resolved bitmap key (so `avatar` and `avatar.matte`
// style keys both work).

/// How a replacement image fills the sprite's layout rectangle.
public enum ImageFit: String, Sendable, Hashable, CaseIterable {
    /// Stretched to the layout size (A.4, the default, as Android and Lite draw).
    case stretch
    /// Scaled uniformly to fit inside the layout, centred (iOS's bitmap gravity).
    case aspectFit
    /// Scaled uniformly to cover the layout, centred, cropped to it.
    case aspectFill
}

/// An optional mask on a replacement image (avatars are round).
public enum ImageMask: Sendable, Hashable {
    case none
    /// The ellipse inscribed in the drawn rectangle (a circle for a square slot).
    case circle
    /// Rounded corners with this radius in layout units (clamped to half the side).
    case roundedCorners(radius: Double)
}

public struct DynamicImage: Sendable {
    /// Premultiplied pixels of the replacement.
    public var pixmap: Pixmap
    public var fit: ImageFit
    public var mask: ImageMask
    public init(pixmap: Pixmap, fit: ImageFit = .stretch, mask: ImageMask = .none) {
        self.pixmap = pixmap; self.fit = fit; self.mask = mask
    }
}

public enum TextAlignment: String, Sendable, Hashable, CaseIterable { case left, center, right }

/// What a text does when it is wider than the layout.
public enum TextFit: String, Sendable, Hashable, CaseIterable {
    /// Keep the size; ellipsize (or clip, without ellipsis).
    case fixed
    /// Shrink the size, down to the style's minimum, then ellipsize (or clip), as gift banners
    /// do with long names.
    case shrink
}

public struct TextStyle: Sendable, Hashable {
    /// Font file tried first for every character; nil means DejaVu Sans (`fonts-dejavu-core`).
    /// Characters it lacks come from fontconfig's best match (SVGAText's fallback chain).
    public var fontPath: String?
    /// Em size in layout units; nil means 60 % of the layout height.
    public var size: Double?
    /// Straight-alpha colour; multiplied by the frame alpha when drawn.
    public var color: Color
    public var alignment: TextAlignment
    /// Truncate with "…" when wider than the layout (true by default, as a nickname slot needs).
    public var ellipsis: Bool
    public var fit: TextFit
    /// Smallest em size `fit: .shrink` goes down to; nil means half the starting size.
    public var minimumSize: Double?
    public init(fontPath: String? = nil, size: Double? = nil, color: Color = Color(r: 1, g: 1, b: 1, a: 1),
                alignment: TextAlignment = .center, ellipsis: Bool = true, fit: TextFit = .fixed,
                minimumSize: Double? = nil) {
        self.fontPath = fontPath; self.size = size; self.color = color
        self.alignment = alignment; self.ellipsis = ellipsis
        self.fit = fit; self.minimumSize = minimumSize
    }

    /// The size `fit: .shrink` may go down to from `size`; nil when the style does not shrink.
    func shrinkFloor(from size: Double) -> Double? {
        guard fit == .shrink else { return nil }
        return min(size, minimumSize ?? size / 2)
    }
}

public struct DynamicText: Sendable, Hashable {
    public var text: String
    public var style: TextStyle
    public init(text: String, style: TextStyle = TextStyle()) { self.text = text; self.style = style }
}

public struct DynamicItems: Sendable {
    public var images: [String: DynamicImage]
    public var texts: [String: DynamicText]
    /// Sprites skipped entirely (A.7 "hide by key").
    public var hidden: Set<String>
    public init(images: [String: DynamicImage] = [:], texts: [String: DynamicText] = [:], hidden: Set<String> = []) {
        self.images = images; self.texts = texts; self.hidden = hidden
    }
    public static let none = DynamicItems()
    public var isEmpty: Bool { images.isEmpty && texts.isEmpty && hidden.isEmpty }

    /// The entry for a sprite: looked up by its key as written, then by its bitmap key.
    func lookup<V>(_ table: [String: V], for sprite: Sprite) -> V? {
        if let v = table[sprite.imageKey] { return v }
        if let k = sprite.bitmapKey, let v = table[k] { return v }
        return nil
    }
    func isHidden(_ sprite: Sprite) -> Bool {
        hidden.contains(sprite.imageKey) || (sprite.bitmapKey.map { hidden.contains($0) } ?? false)
    }
}
