import SVGAKit

/// One stdout line per event:
/// `{"eventID", "status": "rendered"|"skipped"|"error", "reason", "frames", "ms"}`, plus
/// `"primary"` (the event whose folder holds the rendering) on every line of a merged combo.
/// All five keys are always present (`reason`/`frames` null when they do not apply) so a
/// consumer can rely on the shape; `eventID` is null only when the line had no readable ID.
/// A rendering that drew less than asked (an avatar that could not be used, a slot key the
/// animation lacks, characters no font covers) adds `"warnings"`: an array of texts.
public struct HookStatus: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable { case rendered, skipped, error }

    public let eventID: String?
    public let liveID: String?
    public let status: Status
    public let reason: String?
    public let frames: Int?
    /// Wall time spent on the event (on the combo, for merged events), in milliseconds.
    public let ms: Int
    /// Set on every line of a combo of two or more events.
    public let primary: String?
    /// What the rendering could not do as asked; the gift was still rendered.
    public let warnings: [String]

    public init(eventID: String?, liveID: String? = nil, status: Status, reason: String? = nil, frames: Int? = nil,
                ms: Int = 0, primary: String? = nil, warnings: [String] = []) {
        self.eventID = eventID; self.liveID = liveID; self.status = status; self.reason = reason
        self.frames = frames; self.ms = ms; self.primary = primary; self.warnings = warnings
    }

    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("eventID", eventID.map(JSONValue.string) ?? .null),
            ("status", .string(status.rawValue)),
            ("reason", reason.map(JSONValue.string) ?? .null),
            ("frames", frames.map(JSONValue.int) ?? .null),
            ("ms", .int(ms)),
        ]
        if let primary { pairs.append(("primary", .string(primary))) }
        if !warnings.isEmpty { pairs.append(("warnings", .array(warnings.map(JSONValue.string)))) }
        return .object(pairs)
    }

    /// The compact JSON line.
    public var line: String { json.serialized() }
}
