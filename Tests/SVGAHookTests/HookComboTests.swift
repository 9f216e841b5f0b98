import SVGAHook
import SVGAKit
import Testing

// Combo merging with an injected clock (no sleeping): same room + sender + gift inside the
// window merge with the summed count, the primary first; outside the window, or with a
// different room, sender or gift, they do not. Releases come out in first-arrival order.
struct HookComboTests {
    func event(_ id: String, live: String = "r", user: String = "u", gift: String = "g", count: Int = 1) -> GiftEvent {
        GiftEvent(eventID: id, liveID: live, gift: .id(gift), count: count, sender: .init(userID: user))
    }

    @Test func insideTheWindowMerges() {
        var agg = ComboAggregator(window: 3)
        #expect(agg.add(event("a", count: 2), at: 10).isEmpty)
        #expect(agg.add(event("b", count: 3), at: 11.5).isEmpty)
        #expect(agg.add(event("c"), at: 12.99).isEmpty)
        #expect(agg.pendingCount == 1)
        #expect(agg.nextDeadline == 13)
        #expect(agg.expire(now: 12.999).isEmpty)
        let released = agg.expire(now: 13)
        #expect(released.count == 1)
        #expect(released.first?.eventIDs == ["a", "b", "c"])
        #expect(released.first?.count == 6)
        #expect(released.first?.primary.eventID == "a")
        #expect(agg.isEmpty)
    }

    @Test func theWindowIsMeasuredFromTheFirstEvent() {
        var agg = ComboAggregator(window: 3)
        _ = agg.add(event("a"), at: 0)
        _ = agg.add(event("b"), at: 2)
        // 3.0 is the first event's deadline: "c" opens a new combo after releasing a+b.
        let released = agg.add(event("c"), at: 3)
        #expect(released.map(\.eventIDs) == [["a", "b"]])
        #expect(agg.pendingCount == 1)
        #expect(agg.flushAll().map(\.eventIDs) == [["c"]])
    }

    @Test(arguments: [
        ("different room", "r2", "u", "g"),
        ("different sender", "r", "u2", "g"),
        ("different gift", "r", "u", "g2"),
    ])
    func differentKeysDoNotMerge(label: String, live: String, user: String, gift: String) {
        var agg = ComboAggregator(window: 3)
        _ = agg.add(event("a"), at: 0)
        _ = agg.add(event("b", live: live, user: user, gift: gift), at: 1)
        #expect(agg.pendingCount == 2, "\(label)")
        #expect(agg.flushAll().map(\.eventIDs) == [["a"], ["b"]], "\(label)")
    }

    @Test func releasesFollowFirstArrival() {
        var agg = ComboAggregator(window: 3)
        _ = agg.add(event("x1", gift: "x"), at: 0)
        _ = agg.add(event("y1", gift: "y"), at: 1)
        _ = agg.add(event("x2", gift: "x"), at: 2)
        let released = agg.expire(now: 5)
        #expect(released.map(\.eventIDs) == [["x1", "x2"], ["y1"]])
    }

    @Test func zeroWindowReleasesAtOnce() {
        var agg = ComboAggregator(window: 0)
        #expect(agg.add(event("a"), at: 0).map(\.eventIDs) == [["a"]])
        #expect(agg.add(event("b"), at: 0).map(\.eventIDs) == [["b"]])
        #expect(agg.isEmpty)
    }

    @Test func pendingLookupFindsDuplicates() {
        var agg = ComboAggregator(window: 3)
        _ = agg.add(event("a"), at: 0)
        _ = agg.add(event("b"), at: 1)
        #expect(agg.pendingCombo(liveID: "r", eventID: "b")?.primary.eventID == "a")
        #expect(agg.pendingCombo(liveID: "r", eventID: "z") == nil)
        // The same ID in another room is another event.
        #expect(agg.pendingCombo(liveID: "r2", eventID: "b") == nil)
    }
}
