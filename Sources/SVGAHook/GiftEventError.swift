import SVGAKit

/// Why one line of the event stream is not a usable gift event. Every case names the field (or
/// the line) so the error line tells the producer what to fix.
public enum GiftEventError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformedJSON(reason: String)
    case notAnObject
    case missingField(String, eventID: String?)
    case invalidField(String, reason: String, eventID: String?)

    /// The event's ID when it could be read, for the status line.
    public var eventID: String? {
        switch self {
        case .malformedJSON, .notAnObject: return nil
        case .missingField(_, let id), .invalidField(_, _, let id): return id
        }
    }

    public var description: String {
        switch self {
        case .malformedJSON(let reason): return "malformed JSON: \(reason)"
        case .notAnObject: return "an event must be a JSON object"
        case .missingField(let field, _): return "event field '\(field)' is missing"
        case .invalidField(let field, let reason, _): return "event field '\(field)' \(reason)"
        }
    }
}
