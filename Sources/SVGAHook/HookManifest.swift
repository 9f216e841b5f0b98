import SVGAKit

/// `manifest.json` of one rendered event (or combo): what was rendered, from what, and where
/// the frames are. Written last into the temporary folder, so its presence marks a complete
/// rendering (HookOutputStore).
public struct HookManifest: Sendable {
    public let event: JSONValue
    public let gift: JSONValue
    public let resourceSHA256: String
    /// Every event ID of the combo, the primary first (just the primary for a single event).
    public let mergedEventIDs: [String]
    public let frames: Int
    public let fps: Int
    public let durationMs: Int
    public let width: Int
    public let height: Int
    public let files: [String]
    public let renderMs: Int
    /// Every event of the combo as it arrived (its own count and sender, so each sender's
    /// avatar is on record; the rendering shows the primary's).
    public let mergedEvents: [JSONValue]
    /// What the rendering could not do as asked (HookStatus.warnings); empty when none.
    public let warnings: [String]
    /// Exports asked for by the gift (`svga.export`), file names in the folder; listed only when any.
    public var exports: [String] = []

    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("event", event),
            ("gift", gift),
            ("resourceSHA256", .string(resourceSHA256)),
            ("mergedEventIDs", .array(mergedEventIDs.map(JSONValue.string))),
            ("frames", .int(frames)),
            ("fps", .int(fps)),
            ("durationMs", .int(durationMs)),
            ("width", .int(width)),
            ("height", .int(height)),
            ("files", .array(files.map(JSONValue.string))),
            ("renderMs", .int(renderMs)),
            ("mergedEvents", .array(mergedEvents)),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        if !exports.isEmpty { fields.append(("exports", .array(exports.map(JSONValue.string)))) }
        return .object(fields)
    }
}
