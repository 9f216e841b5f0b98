import SVGAFormat

// The movie's audio entries (spec B.5) placed on the exported video's timeline. An entry plays
// from its startFrame, startTime ms into its MP3, and stops when the frame reaches endFrame
// (Web and Android players: `frame >= endFrame` stops it). The export's time 0 is its first
// frame, so a contiguous frame selection shifts and clips every entry; an entry with
// endFrame ≤ startFrame or no data plays nothing in those players and is left out here too.

/// One audio entry as heard in the export, in seconds of the export's timeline.
public struct AudioPlacement: Sendable, Hashable {
    public let key: String
    public let data: [UInt8]
    /// When the sound starts in the export.
    public let delay: Double
    /// Where in the audio file playback starts.
    public let offset: Double
    /// How long it plays before being cut.
    public let duration: Double

    public init(key: String, data: [UInt8], delay: Double, offset: Double, duration: Double) {
        self.key = key; self.data = data; self.delay = delay; self.offset = offset; self.duration = duration
    }
}

public enum AudioTimeline {
    /// The placements for exporting `frames` (ascending, contiguous) of a movie at `fps`;
    /// nil when the frames are not contiguous (no single timeline to place the sound on).
    public static func placements(_ audios: [AudioEntry], frames: [Int], fps: Int) -> [AudioPlacement]? {
        guard let first = frames.first, let last = frames.last, fps > 0 else { return [] }
        guard last - first + 1 == frames.count else { return nil }
        let rate = Double(fps)
        return audios.compactMap { entry in
            guard !entry.data.isEmpty, entry.endFrame > entry.startFrame else { return nil }
            let start = max(entry.startFrame, first)
            let end = min(entry.endFrame, last + 1)
            guard end > start else { return nil }
            return AudioPlacement(key: entry.key, data: entry.data,
                                  delay: Double(start - first) / rate,
                                  offset: Double(max(0, entry.startTime)) / 1000 + Double(start - entry.startFrame) / rate,
                                  duration: Double(end - start) / rate)
        }
    }
}
