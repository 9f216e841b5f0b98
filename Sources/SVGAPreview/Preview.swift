import Foundation
import SVGAKit

/// The three preview images of one movie (issue 4), as PNG bytes, with what went into them.
public struct Preview: Sendable {
    /// One representative frame: the one with the most visible content (largest Σ alpha).
    public let poster: [UInt8]
    public let posterFrame: Int
    public let posterSize: (width: Int, height: Int)
    /// Evenly spaced frames on a checkerboard, labelled with their index.
    public let sheet: [UInt8]
    public let sheetFrames: [Int]
    public let sheetSize: (width: Int, height: Int)
    /// An APNG of the animation, looping forever.
    public let animation: [UInt8]
    public let animationFrames: [Int]
    public let animationFps: Int
    public let animationSize: (width: Int, height: Int)
    /// Things a reviewer should know (labels left out, frames skipped, fps assumed).
    public let notes: [String]

    public static let posterName = "poster.png"
    public static let sheetName = "sheet.png"
    public static let animationName = "preview.png"

    /// Writes poster.png, sheet.png and preview.png into `directory` (created if needed).
    public func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(poster).write(to: directory.appendingPathComponent(Preview.posterName))
        try Data(sheet).write(to: directory.appendingPathComponent(Preview.sheetName))
        try Data(animation).write(to: directory.appendingPathComponent(Preview.animationName))
    }
}
