import SVGARedis

/// One stream entry understood by a handler: the item it carries and how to dedupe it.
public struct PoolItem: Sendable {
    /// The dedupe identity: `<liveID>/<eventID>` for a gift event, the job ID for a job.
    public let id: String
    public let entry: RedisStreamEntry
    /// The entry's payload text (kept in combos and in the dead-letter stream).
    public let payload: String
    /// Room + sender + gift for combos (nil: never merged).
    public let comboSuffix: String?
}

/// One result to publish: the item, the entry to acknowledge with it ('' for combo members
/// whose entries were acknowledged when they joined), its status JSON and how to count it.
public struct PoolResult: Sendable {
    public enum Kind: Sendable { case completed, skipped, failed }
    public let id: String
    public let entry: String
    public let status: String
    public let kind: Kind
    public let line: String
}

public enum PoolOutcome: Sendable {
    /// Publish these (the first is the primary) and acknowledge.
    case publish([PoolResult])
    /// Keep the entry pending with this error; it is retried after --claim-after and
    /// dead-lettered after --max-deliveries.
    case fail(String)
}

/// What differs between the hook and upload jobs; the runner does the Redis side.
public protocol PoolHandler: Sendable {
    /// The item in an entry, or why the entry can never be processed (it is dead-lettered at once).
    func item(from entry: RedisStreamEntry) -> Result<PoolItem, PoolEntryProblem>
    /// Does the work on a worker thread. `members` are the payloads of a combo (the primary
    /// first), or just the item's payload.
    func work(_ item: PoolItem, members: [String]) -> PoolOutcome
    /// The status of a delivery that is skipped: already done (`primary` is the item that holds
    /// the result) or a duplicate of an entry in progress.
    func skipped(_ item: PoolItem, alreadyDoneAs primary: String?, holder: String?) -> PoolResult
    /// Status lines for the other members of a combo whose owner was dead-lettered.
    func deadMembers(_ item: PoolItem, members: [String], error: String) -> [PoolResult]
    /// The stdout line for a dead-lettered entry.
    func deadLine(entry: RedisStreamEntry, item: PoolItem?, error: String, deliveries: Int) -> String
    /// `rendered` (hook) or `done` (jobs), the stats line's name for completed items.
    var completedName: String { get }
}

/// An entry with no usable payload.
public struct PoolEntryProblem: Error, Sendable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
