// The feature flags of `svga info` and of the corpus manifest (`manifest.json` "features"),
// computed from the resolved movie. Checked against all 76 decodable corpus files
// (CorpusTests); the manifest's meaning of each flag, worked out from that data:
// - bitmaps: some sprite draws a bitmap (has a resolved bitmap key);
// - shapes: some frame has at least one shape (after KEEP resolution);
// - keep: some frame is a KEEP frame;
// - clipPath: some frame has a clip path;
// - matte: some sprites are drawn as a matte run (a non-empty matteKey);
// - audio: the images map holds audio data, whether or not the audios list has entries
//   (Castle.svga carries an MP3 with no audios entry and is flagged).

public struct MovieFeatures: Sendable, Hashable {
    public var bitmaps: Bool
    public var shapes: Bool
    public var keep: Bool
    public var clipPath: Bool
    public var matte: Bool
    public var audio: Bool

    public init(bitmaps: Bool = false, shapes: Bool = false, keep: Bool = false, clipPath: Bool = false,
                matte: Bool = false, audio: Bool = false) {
        self.bitmaps = bitmaps; self.shapes = shapes; self.keep = keep
        self.clipPath = clipPath; self.matte = matte; self.audio = audio
    }
}

extension Movie {
    public var features: MovieFeatures {
        var f = MovieFeatures()
        f.bitmaps = sprites.contains { $0.bitmapKey != nil }
        for s in sprites {
            for frame in s.frames {
                if !frame.shapes.isEmpty { f.shapes = true }
                if frame.isKeep { f.keep = true }
                if frame.clipPath != nil { f.clipPath = true }
            }
        }
        f.matte = drawList.contains { if case .matteRun = $0 { return true } else { return false } }
        f.audio = !audioKeys.isEmpty || !audios.isEmpty
        return f
    }
}
