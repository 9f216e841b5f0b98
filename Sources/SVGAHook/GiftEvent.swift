import Foundation
import SVGAKit

/// One receive-gift event, in the shape gift services send:
/// `{"eventID": "...", "liveID": "...", "gift": {"giftID": "..."} (or a full gift), "count": 3,
///   "sender": {"userID": "...", "userName": "...", "avatarURL": "..."}}`.
/// IDs may be strings or integers. `count` defaults to 1.
public struct GiftEvent: Sendable, Hashable {
    public struct Sender: Sendable, Hashable {
        public let userID: String
        public let userName: String?
        public let avatarURL: String?
        public init(userID: String, userName: String? = nil, avatarURL: String? = nil) {
            self.userID = userID; self.userName = userName; self.avatarURL = avatarURL
        }
    }

    /// A gift by ID (looked up in the catalog), or a full gift object carrying its own
    /// `resourceURL` (used as given).
    public enum GiftReference: Sendable, Hashable {
        case id(String)
        case full(Gift)
    }

    public let eventID: String
    public let liveID: String
    public let gift: GiftReference
    public let count: Int
    public let sender: Sender

    /// Counts are capped so a combo's sum and the count text stay sane; no gift service sends
    /// more than this in one event.
    public static let maxCount = 1_000_000
    /// Longest accepted nickname; the renderer ellipsises long ones anyway.
    public static let maxUserNameBytes = 1024

    public init(eventID: String, liveID: String, gift: GiftReference, count: Int = 1, sender: Sender) {
        self.eventID = eventID; self.liveID = liveID; self.gift = gift; self.count = count; self.sender = sender
    }

    public var giftID: String {
        switch gift {
        case .id(let id): return id
        case .full(let g): return g.giftID
        }
    }

    public static func parse(line: String) throws(GiftEventError) -> GiftEvent {
        let value: JSONValue
        do { value = try JSONValue.parse(Data(line.utf8)) } catch {
            throw .malformedJSON(reason: shortReason(error))
        }
        return try parse(value)
    }

    public static func parse(_ value: JSONValue) throws(GiftEventError) -> GiftEvent {
        guard value.objectValue != nil else { throw .notAnObject }
        let rawID = value["eventID"]
        guard let rawID else { throw .missingField("eventID", eventID: nil) }
        guard let eventID = Gift.identifier(rawID) else {
            throw .invalidField("eventID", reason: "must be a non-empty string or an integer", eventID: nil)
        }
        // The ID becomes a folder name: check it before quoting it anywhere else.
        if let problem = SafeName.problem(eventID) {
            throw .invalidField("eventID", reason: problem, eventID: nil)
        }
        guard let rawLive = value["liveID"] else { throw .missingField("liveID", eventID: eventID) }
        guard let liveID = Gift.identifier(rawLive) else {
            throw .invalidField("liveID", reason: "must be a non-empty string or an integer", eventID: eventID)
        }
        if let problem = SafeName.problem(liveID) { throw .invalidField("liveID", reason: problem, eventID: eventID) }

        guard let giftValue = value["gift"] else { throw .missingField("gift", eventID: eventID) }
        let gift: GiftReference
        if giftValue.objectValue == nil {
            // A bare ID in place of the object is common enough to accept.
            guard let id = Gift.identifier(giftValue) else {
                throw .invalidField("gift", reason: "must be an object with giftID", eventID: eventID)
            }
            gift = .id(id)
        } else if giftValue["giftID"] == nil {
            throw .missingField("gift.giftID", eventID: eventID)
        } else if giftValue["resourceURL"]?.stringValue.map({ !$0.isEmpty }) == true {
            do { gift = .full(try Gift.parse(giftValue)) } catch {
                throw .invalidField("gift", reason: "is not a usable gift: \(error.description)", eventID: eventID)
            }
        } else {
            guard let id = Gift.identifier(giftValue["giftID"]) else {
                throw .invalidField("gift.giftID", reason: "must be a non-empty string or an integer", eventID: eventID)
            }
            gift = .id(id)
        }

        var count = 1
        if let c = value["count"], c != .null {
            guard case .int(let n) = c else {
                throw .invalidField("count", reason: "must be an integer", eventID: eventID)
            }
            guard n >= 1, n <= maxCount else {
                throw .invalidField("count", reason: "must be in 1...\(maxCount), not \(n)", eventID: eventID)
            }
            count = n
        }

        guard let senderValue = value["sender"] else { throw .missingField("sender", eventID: eventID) }
        guard senderValue.objectValue != nil else {
            throw .invalidField("sender", reason: "must be an object", eventID: eventID)
        }
        guard senderValue["userID"] != nil else { throw .missingField("sender.userID", eventID: eventID) }
        guard let userID = Gift.identifier(senderValue["userID"]), !SafeName.containsControlCharacter(userID) else {
            throw .invalidField("sender.userID", reason: "must be a non-empty string or an integer without control characters", eventID: eventID)
        }
        func optionalText(_ field: String) throws(GiftEventError) -> String? {
            switch senderValue[field] {
            case nil, .null?: return nil
            case .string(let s)?: return s.isEmpty ? nil : s
            default: throw .invalidField("sender.\(field)", reason: "must be a string", eventID: eventID)
            }
        }
        let userName = try optionalText("userName")
        if let userName {
            if SafeName.containsControlCharacter(userName) {
                throw .invalidField("sender.userName", reason: "contains a control character", eventID: eventID)
            }
            if userName.utf8.count > maxUserNameBytes {
                throw .invalidField("sender.userName", reason: "is longer than \(maxUserNameBytes) bytes", eventID: eventID)
            }
        }
        let avatarURL = try optionalText("avatarURL")
        return GiftEvent(eventID: eventID, liveID: liveID, gift: gift, count: count,
                         sender: Sender(userID: userID, userName: userName, avatarURL: avatarURL))
    }

    /// Foundation's parse errors are long; the line only needs the gist.
    static func shortReason(_ error: Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo["NSDebugDescription"] as? String { return detail }
        return ns.localizedDescription
    }

    /// What the manifest records about the event (`count` is the combo's summed count there).
    func manifestJSON(count: Int) -> JSONValue {
        var sender: [(String, JSONValue)] = [("userID", .string(self.sender.userID))]
        if let n = self.sender.userName { sender.append(("userName", .string(n))) }
        if let a = self.sender.avatarURL { sender.append(("avatarURL", .string(a))) }
        return .object([("eventID", .string(eventID)), ("liveID", .string(liveID)), ("giftID", .string(giftID)),
                        ("count", .int(count)), ("sender", .object(sender))])
    }
}
