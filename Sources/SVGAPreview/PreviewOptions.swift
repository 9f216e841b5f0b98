import SVGAImageIO
import SVGAKit
import SVGAText

/// How `svga preview` sizes its three images (issue 4).
public struct PreviewOptions: Sendable {
    /// Longest side, in pixels, of preview.png and of each contact-sheet cell. Canvases smaller
    /// than this are not enlarged.
    public var maxSize: Int
    /// At most this many evenly spaced frames on the contact sheet.
    public var sheetFrames: Int
    /// poster.png is rendered at the canvas size (scale 1), unless its longest side would
    /// exceed this.
    public var posterMaxSize: Int
    /// Memory the APNG's frames may take before the animation keeps only every k-th frame (a
    /// guard against hostile frame counts; no corpus file comes near it).
    public var maxAnimationBytes: Int
    /// The font for the sheet's frame labels.
    public var fontPath: String
    /// Render threads (nil: one per core). The output does not depend on it.
    public var threads: Int?
    /// PNG level of the three images. `default` by default: `max` makes them about 7 % smaller
    /// and the whole preview about 3× slower (rose.svga: 12 s instead of 4 s).
    public var pngLevel: PNGCompression = .default

    public init(maxSize: Int = 360, sheetFrames: Int = 16, posterMaxSize: Int = 2048,
                maxAnimationBytes: Int = 512 << 20, fontPath: String = FontFace.defaultPath, threads: Int? = nil) {
        self.maxSize = maxSize; self.sheetFrames = sheetFrames; self.posterMaxSize = posterMaxSize
        self.maxAnimationBytes = maxAnimationBytes; self.fontPath = fontPath; self.threads = threads
    }
}
