/// A Lua script run on the server (EVALSHA, with EVAL as the fallback): the unit of atomicity
/// the pool relies on, since Redis runs a script to completion before any other command.
public struct RedisScript: Sendable, Hashable {
    public let name: String
    public let source: String
    public init(name: String, source: String) { self.name = name; self.source = source }
}
