import SVGAFormat

/// What `svga info` reports about a file: the container, timing, sizes, features and the keys a
/// caller can personalise (A.7).
public struct MovieInfo: Sendable {
    public struct ImageSummary: Sendable, Hashable {
        public let key: String, format: String, width: Int, height: Int, bytes: Int
    }
    public struct ReplaceableKey: Sendable, Hashable {
        /// The sprite's key as written, and the key of the image it draws.
        public let spriteKey: String, imageKey: String
        /// The largest layout size the sprite uses over its visible frames (layout units).
        public let layoutWidth: Double, layoutHeight: Double
    }

    public let movie: Movie
    public let fileBytes: Int

    public init(movie: Movie, fileBytes: Int) { self.movie = movie; self.fileBytes = fileBytes }

    public var imageMemoryBytes: Int { movie.images.reduce(0) { $0 + $1.decodedBytes } }

    public var images: [ImageSummary] {
        movie.images.map { ImageSummary(key: UntrustedText.display($0.key), format: $0.format.rawValue, width: $0.pixelWidth,
                                        height: $0.pixelHeight, bytes: $0.data.count) }
    }

    /// Sprites with a bitmap slot (a key in `images`), once per sprite key, in sprite order.
    public var replaceableKeys: [ReplaceableKey] {
        var seen = Set<String>()
        var result: [ReplaceableKey] = []
        for sprite in movie.sprites where !sprite.isMatteSource {
            guard let key = sprite.bitmapKey, seen.insert(sprite.imageKey).inserted else { continue }
            var w = 0.0, h = 0.0
            for f in sprite.frames where f.alpha > 0 {
                w = max(w, f.layout.width); h = max(h, f.layout.height)
            }
            result.append(ReplaceableKey(spriteKey: UntrustedText.display(sprite.imageKey), imageKey: UntrustedText.display(key), layoutWidth: w, layoutHeight: h))
        }
        return result
    }

    /// Audio blobs in the file that no audio entry plays (Castle.svga carries an MP3 with no
    /// timeline entry): they make the `audio` feature true while "audio entries" is 0.
    public var unplayedAudioKeys: [String] {
        let played = Set(movie.audios.map(\.key))
        return movie.audioKeys.filter { !played.contains($0) }
    }

    public var json: JSONValue {
        let f = movie.features
        return .object([
            ("container", .string(movie.container.rawValue)),
            ("version", .string(UntrustedText.display(movie.version))),
            ("viewBox", .object([("width", .number(movie.viewBox.width)), ("height", .number(movie.viewBox.height))])),
            ("fps", .int(movie.fps)),
            ("frames", .int(movie.frameCount)),
            ("durationMs", .number((movie.duration * 1000).rounded())),
            ("sprites", .int(movie.sprites.count)),
            ("images", .int(movie.images.count)),
            ("audios", .int(movie.audios.count)),
            ("imageMemoryBytes", .int(imageMemoryBytes)),
            ("fileBytes", .int(fileBytes)),
            ("features", .object([
                ("bitmaps", .bool(f.bitmaps)), ("shapes", .bool(f.shapes)), ("keep", .bool(f.keep)),
                ("clipPath", .bool(f.clipPath)), ("matte", .bool(f.matte)), ("audio", .bool(f.audio)),
            ])),
            ("imageList", .array(images.map {
                .object([("key", .string($0.key)), ("format", .string($0.format)), ("width", .int($0.width)),
                         ("height", .int($0.height)), ("bytes", .int($0.bytes))])
            })),
            ("audioList", .array(movie.audios.map {
                .object([("key", .string(UntrustedText.display($0.key))), ("startFrame", .int($0.startFrame)), ("endFrame", .int($0.endFrame)),
                         ("startTime", .int($0.startTime)), ("totalTime", .int($0.totalTime)), ("bytes", .int($0.data.count))])
            })),
            ("unplayedAudioKeys", .array(unplayedAudioKeys.map { .string($0) })),
            ("replaceableKeys", .array(replaceableKeys.map {
                .object([("sprite", .string($0.spriteKey)), ("image", .string($0.imageKey)),
                         ("layoutWidth", .number($0.layoutWidth)), ("layoutHeight", .number($0.layoutHeight))])
            })),
        ])
    }

    /// Human-readable lines for the terminal.
    public var text: String {
        let f = movie.features
        var features: [String] = []
        if f.bitmaps { features.append("bitmaps") }
        if f.shapes { features.append("shapes") }
        if f.keep { features.append("KEEP") }
        if f.clipPath { features.append("clip paths") }
        if f.matte { features.append("mattes") }
        if f.audio { features.append("audio") }
        var lines = [
            "container:     \(movie.container.rawValue) (version \(movie.version.isEmpty ? "none" : UntrustedText.display(movie.version)))",
            "canvas:        \(format(movie.viewBox.width)) × \(format(movie.viewBox.height))",
            "timing:        \(movie.frameCount) frame\(movie.frameCount == 1 ? "" : "s") at \(movie.fps) fps = \(format(movie.duration)) s",
            "sprites:       \(movie.sprites.count)",
            "images:        \(movie.images.count), decoded \(byteString(imageMemoryBytes))",
            "audio entries: \(movie.audios.count)" + (unplayedAudioKeys.isEmpty ? "" :
                "; \(unplayedAudioKeys.count) audio blob\(unplayedAudioKeys.count == 1 ? "" : "s") with no entry, never played (\(unplayedAudioKeys.joined(separator: ", ")))"),
            "file size:     \(byteString(fileBytes))",
            "features:      \(features.isEmpty ? "none" : features.joined(separator: ", "))",
        ]
        for image in images {
            lines.append("  image \(image.key): \(image.format) \(image.width)×\(image.height), \(byteString(image.bytes))")
        }
        for a in movie.audios {
            lines.append("  audio \(UntrustedText.display(a.key)): frames \(a.startFrame)–\(a.endFrame), from \(a.startTime) ms of \(a.totalTime) ms")
        }
        let keys = replaceableKeys
        if !keys.isEmpty {
            lines.append("replaceable keys (--set-image / --set-text / --hide):")
            for k in keys {
                lines.append("  \(k.spriteKey)  layout \(format(k.layoutWidth))×\(format(k.layoutHeight))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

package func format(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e12 { return String(Int(d)) }
    let s = String((d * 1000).rounded() / 1000)
    return s
}

package func byteString(_ n: Int) -> String {
    if n < 1024 { return "\(n) B" }
    if n < 1024 * 1024 { return "\(format((Double(n) / 1024 * 10).rounded() / 10)) KiB" }
    return "\(format((Double(n) / 1048576 * 10).rounded() / 10)) MiB"
}
