import SVGARedis

/// Why a pool worker stopped before its work was done. Item failures are never errors here:
/// they are results, retries or dead letters.
public enum PoolError: Error, Sendable, CustomStringConvertible {
    /// Redis refused a command (not a lost connection: those are retried).
    case redis(RedisError)
    /// The stop was requested while Redis was unreachable: held entries stay pending and will be
    /// reclaimed by another worker after --claim-after.
    case stoppedWhileDisconnected(RedisError)

    public var description: String {
        switch self {
        case .redis(let e): return "redis: \(e.description)"
        case .stoppedWhileDisconnected(let e):
            return "redis: stopped while the server was unreachable (\(e.description)); unfinished entries stay pending for another worker"
        }
    }
}
