import SVGAKit

// Combos (issue: "events for the same room, sender and gift that arrive while that animation is
// still waiting merge into one rendering with the summed count"). A combo opens with the first
// event of its key and stays pending for `window` seconds from that first arrival; every event
// with the same key arriving before the deadline joins it. At the deadline (or at end of input)
// it is released for rendering, and the next event with that key opens a new combo. The
// aggregator is pure bookkeeping: the caller supplies arrival times, so tests need no sleeping.

public struct ComboKey: Sendable, Hashable {
    public let liveID: String
    public let userID: String
    public let giftID: String
    public init(liveID: String, userID: String, giftID: String) {
        self.liveID = liveID; self.userID = userID; self.giftID = giftID
    }
    public init(_ event: GiftEvent) {
        self.init(liveID: event.liveID, userID: event.sender.userID, giftID: event.giftID)
    }
}

/// Events merged into one rendering. `events[0]` is the primary: its ID names the output folder.
public struct Combo: Sendable {
    public struct Member: Sendable {
        public let event: GiftEvent
        /// Where the event came from (a spool file's token; 0 for a plain stream).
        public let source: Int
    }
    public let key: ComboKey
    public private(set) var members: [Member]
    public let firstArrival: Double
    public let deadline: Double

    public var primary: GiftEvent { members[0].event }
    public var events: [GiftEvent] { members.map(\.event) }
    public var eventIDs: [String] { members.map(\.event.eventID) }
    /// The summed count, capped at `GiftEvent.maxCount` × 1000 so it cannot overflow.
    public var count: Int { min(members.reduce(0) { $0 + $1.event.count }, GiftEvent.maxCount * 1000) }

    init(first: Member, at time: Double, window: Double) {
        key = ComboKey(first.event); members = [first]; firstArrival = time; deadline = time + window
    }
    mutating func append(_ m: Member) { members.append(m) }
}

public struct ComboAggregator: Sendable {
    public let window: Double
    /// Pending combos in order of first arrival.
    private var pending: [Combo] = []

    public init(window: Double = 3) { self.window = max(0, window) }

    public var pendingCount: Int { pending.count }
    public var isEmpty: Bool { pending.isEmpty }
    /// The earliest deadline, for a poll loop's timeout.
    public var nextDeadline: Double? { pending.first?.deadline }

    /// The pending combo holding the event `eventID` of room `liveID`, if any (a duplicate of a
    /// pending event must not be counted twice). Event IDs are unique per room, as the output
    /// folders are.
    public func pendingCombo(liveID: String, eventID: String) -> Combo? {
        pending.first { $0.key.liveID == liveID && $0.members.contains { $0.event.eventID == eventID } }
    }

    /// Adds an event arriving at `time`. Combos whose deadline has passed by `time` are released
    /// first (in arrival order) and returned, so an event never joins an expired combo. With a
    /// zero window the event is returned at once as a combo of one.
    public mutating func add(_ event: GiftEvent, source: Int = 0, at time: Double) -> [Combo] {
        var released = expire(now: time)
        let member = Combo.Member(event: event, source: source)
        if window <= 0 {
            released.append(Combo(first: member, at: time, window: 0))
            return released
        }
        let key = ComboKey(event)
        if let i = pending.firstIndex(where: { $0.key == key }) {
            pending[i].append(member)
        } else {
            pending.append(Combo(first: member, at: time, window: window))
        }
        return released
    }

    /// Releases every combo whose window has passed (`deadline <= now`).
    public mutating func expire(now: Double) -> [Combo] {
        // Deadlines are first arrival + a constant window, so pending is sorted by deadline.
        var count = 0
        while count < pending.count, pending[count].deadline <= now { count += 1 }
        let released = Array(pending.prefix(count))
        pending.removeFirst(count)
        return released
    }

    /// Releases everything (end of input).
    public mutating func flushAll() -> [Combo] {
        defer { pending.removeAll() }
        return pending
    }
}
