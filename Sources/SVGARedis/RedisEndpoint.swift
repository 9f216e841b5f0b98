// Where the pool's Redis lives: `redis://host:port[/db]`, the form every Redis tool accepts.
// No password or TLS: the pool runs on a private network next to its broker (README, Running a
// worker pool); a URL with user information is refused rather than silently ignored.

public struct RedisEndpoint: Sendable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let database: Int

    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host; self.port = port; self.database = database
    }

    /// Parses `redis://host[:port][/db]`; IPv6 hosts in brackets (`redis://[::1]:6380`).
    public init(url: String) throws(RedisError) {
        func bad(_ why: String) -> RedisError { .badURL(url, why) }
        guard url.hasPrefix("redis://") else { throw bad("expected redis://host:port[/db]") }
        var rest = Substring(url.dropFirst("redis://".count))
        if rest.contains("@") { throw bad("user names and passwords are not supported") }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let db = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !db.isEmpty {
                guard let n = Int(db), n >= 0, n < 1 << 16 else { throw bad("database '\(db)' is not a number") }
                database = n
            }
        }
        var host: Substring, portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw bad("unclosed '[' in the host") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw bad("junk after the host") }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]; portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw bad("no host") }
        var port = 6379
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw bad("port '\(portText)' is not 1…65535") }
            port = p
        }
        self.init(host: String(host), port: port, database: database)
    }

    public var description: String { "redis://\(host.contains(":") ? "[\(host)]" : host):\(port)\(database == 0 ? "" : "/\(database)")" }
}
