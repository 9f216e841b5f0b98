// Every Redis key the pool uses, named in one place (README, "Running a worker pool", lists
// them). All live under the stream's own name, so two pools on one Redis never meet. The scripts
// build the per-item keys from the same prefix (`<stream>:`), which is why the pool needs a single
// Redis instance, not Redis Cluster.

public struct PoolKeys: Sendable, Hashable {
    /// The input stream (`--stream`).
    public let stream: String
    /// Where every answered entry's status goes (`--results`, default `<stream>:results`).
    public let results: String

    public init(stream: String, results: String? = nil) {
        self.stream = stream
        self.results = results ?? stream + ":results"
    }

    /// Prefix of the per-item keys: `<stream>:done:<id>`, `<stream>:lease:<id>`,
    /// `<stream>:combo:<id>` (+ `:members`), `<stream>:open:<combo key>`, `<stream>:error:<entry>`.
    public var prefix: String { stream + ":" }
    /// Entries delivered more than `--max-deliveries` times, with their last error.
    public var dead: String { stream + ":dead" }

    public func done(_ id: String) -> String { prefix + "done:" + id }
    public func lease(_ id: String) -> String { prefix + "lease:" + id }
    public func combo(_ id: String) -> String { prefix + "combo:" + id }
    public func error(entry: String) -> String { prefix + "error:" + entry }

    /// The open-combo pointer's suffix for room + sender + gift: each part length-prefixed, so no
    /// choice of IDs can make two different triples collide.
    public static func comboSuffix(liveID: String, userID: String, giftID: String) -> String {
        [liveID, userID, giftID].map { "\($0.utf8.count):\($0)" }.joined(separator: ":")
    }
}
