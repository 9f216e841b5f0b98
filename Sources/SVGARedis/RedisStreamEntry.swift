/// One stream entry: its ID (`<ms>-<seq>`) and its field/value pairs in order.
public struct RedisStreamEntry: Sendable, Equatable {
    public let id: String
    public let fields: [(name: String, value: [UInt8])]

    public init(id: String, fields: [(name: String, value: [UInt8])]) { self.id = id; self.fields = fields }

    public static func == (l: RedisStreamEntry, r: RedisStreamEntry) -> Bool {
        l.id == r.id && l.fields.elementsEqual(r.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The first value of field `name`, as text.
    public func text(_ name: String) -> String? {
        fields.first { $0.name == name }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// `[id, [f1, v1, f2, v2…]]`; an entry deleted while pending comes back with a nil body.
    static func decode(_ reply: RedisReply) -> RedisStreamEntry? {
        guard let pair = reply.array, pair.count == 2, let id = pair[0].string else { return nil }
        let flat = pair[1].array ?? []
        var fields: [(name: String, value: [UInt8])] = []
        var i = 0
        while i + 1 < flat.count {
            if case .bulk(let value) = flat[i + 1], let name = flat[i].string { fields.append((name, value)) }
            i += 2
        }
        return RedisStreamEntry(id: id, fields: fields)
    }
}

/// One line of XPENDING's extended form.
public struct RedisPendingEntry: Sendable, Equatable {
    public let id: String
    public let consumer: String
    public let idleMilliseconds: Int
    public let deliveries: Int
}
