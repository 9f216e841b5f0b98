import SVGAHook
import SVGAKit
import Testing

// Event lines: the accepted shapes (string or integer IDs, a gift by ID or as a full object,
// count defaulting to 1) and one row per rejection, each naming the field that is wrong.
// liveID/eventID become folder names, so separators, dot names and control characters must be
// refused before anything is written.
struct HookEventParsingTests {
    @Test func minimalEvent() throws {
        let e = try GiftEvent.parse(line: #"{"eventID": "e1", "liveID": "r1", "gift": {"giftID": "rose"}, "sender": {"userID": "u1"}}"#)
        #expect(e.eventID == "e1" && e.liveID == "r1" && e.giftID == "rose")
        #expect(e.count == 1)
        #expect(e.sender == GiftEvent.Sender(userID: "u1"))
        #expect(e.gift == .id("rose"))
    }

    @Test func integerIDsAndFullGift() throws {
        let e = try GiftEvent.parse(line: """
        {"eventID": 991, "liveID": 12, "count": 3,
         "gift": {"giftID": 5, "name": "Car", "resourceURL": "https://cdn/car.svga", "extensionInfo": "{\\"svga.countKey\\":\\"n\\"}"},
         "sender": {"userID": 77, "userName": "Bob", "avatarURL": "https://cdn/bob.png"}}
        """)
        #expect(e.eventID == "991" && e.liveID == "12" && e.count == 3)
        #expect(e.sender.userID == "77" && e.sender.userName == "Bob" && e.sender.avatarURL == "https://cdn/bob.png")
        guard case .full(let gift) = e.gift else { Issue.record("expected a full gift"); return }
        #expect(gift.giftID == "5" && gift.resourceURL == "https://cdn/car.svga" && gift.slots.countKey == "n")
    }

    /// (line, text the error must contain, eventID the error must carry)
    @Test(arguments: [
        (#"{"eventID": "e1""#, "malformed JSON", nil),
        (#"[1, 2]"#, "JSON object", nil),
        (#"{"liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "'eventID' is missing", nil),
        (#"{"eventID": "", "liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "'eventID'", nil),
        (#"{"eventID": "../x", "liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "path separator", nil),
        (#"{"eventID": "..", "liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "starts with '.'", nil),
        (#"{"eventID": "a\tb", "liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "control character", nil),
        (#"{"eventID": "e", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "'liveID' is missing", "e"),
        (#"{"eventID": "e", "liveID": "a/b", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "'liveID' contains a path separator", "e"),
        (#"{"eventID": "e", "liveID": "a\\b", "gift": {"giftID": "g"}, "sender": {"userID": "u"}}"#, "'liveID' contains a path separator", "e"),
        (#"{"eventID": "e", "liveID": "r", "sender": {"userID": "u"}}"#, "'gift' is missing", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"name": "x"}, "sender": {"userID": "u"}}"#, "'gift.giftID' is missing", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}, "count": 0, "sender": {"userID": "u"}}"#, "'count' must be in", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}, "count": "3", "sender": {"userID": "u"}}"#, "'count' must be an integer", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}, "count": 2.5, "sender": {"userID": "u"}}"#, "'count' must be an integer", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}}"#, "'sender' is missing", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}, "sender": {}}"#, "'sender.userID' is missing", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u", "userName": "a\u0007b"}}"#, "'sender.userName' contains a control character", "e"),
        (#"{"eventID": "e", "liveID": "r", "gift": {"giftID": "g"}, "sender": {"userID": "u", "avatarURL": 5}}"#, "'sender.avatarURL' must be a string", "e"),
    ] as [(String, String, String?)])
    func rejected(line: String, message: String, eventID: String?) {
        do {
            let e = try GiftEvent.parse(line: line)
            Issue.record("accepted \(e.eventID)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.eventID == eventID)
        }
    }
}
