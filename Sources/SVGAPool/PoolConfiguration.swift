import Foundation

/// Settings of one pool worker (`svga hook --redis …`, `svga worker …`).
public struct PoolConfiguration: Sendable {
    public var redisURL: String
    public var keys: PoolKeys
    public var group: String
    /// This worker's consumer name in the group; `<host>-<pid>` by default, so a restarted
    /// worker is a new consumer and its predecessor's entries are reclaimed, not re-read.
    public var consumer: String
    /// Items processed at once.
    public var concurrency: Int
    /// Seconds an entry stays pending without a heartbeat before another worker takes it over
    /// with XAUTOCLAIM; also the lease TTL (renewed every third of it while working).
    public var claimAfter: Double
    /// Deliveries after which an entry goes to `<stream>:dead`.
    public var maxDeliveries: Int
    /// Seconds the done-record of an item is kept (a duplicate within this time is skipped).
    public var dedupeTTL: Int
    /// Seconds a combo stays open after its first event (hook only; 0 turns merging off).
    public var comboWindow: Double
    /// Seconds between stats lines (nil: none).
    public var statsEvery: Double?

    public static var defaultConsumer: String {
        "\(ProcessInfo.processInfo.hostName)-\(getpid())"
    }

    public init(redisURL: String, keys: PoolKeys, group: String, consumer: String? = nil, concurrency: Int = 1,
                claimAfter: Double = 30, maxDeliveries: Int = 5, dedupeTTL: Int = 86_400, comboWindow: Double = 3,
                statsEvery: Double? = nil) {
        self.redisURL = redisURL; self.keys = keys; self.group = group
        self.consumer = consumer ?? PoolConfiguration.defaultConsumer
        self.concurrency = concurrency; self.claimAfter = claimAfter; self.maxDeliveries = maxDeliveries
        self.dedupeTTL = dedupeTTL; self.comboWindow = comboWindow; self.statsEvery = statsEvery
    }

    var claimAfterMilliseconds: Int { max(1, Int((claimAfter * 1000).rounded())) }
    /// A heartbeat every third of --claim-after keeps leases and idle times well inside it.
    var heartbeatInterval: Double { claimAfter / 3 }
}
