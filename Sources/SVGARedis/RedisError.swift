/// What can go wrong talking to Redis. Every case names the server, and the command when there
/// was one, so a message on stderr says which broker and which step.
public enum RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    case badURL(String, String)
    /// The TCP connection could not be made (refused, unreachable, timed out).
    case connect(endpoint: String, reason: String)
    /// The connection broke or timed out during `command`: a reconnect may help.
    case io(endpoint: String, command: String, reason: String)
    /// The server answered `command` with an error reply (`ERR …`, `NOSCRIPT …`, `WRONGTYPE …`).
    case server(endpoint: String, command: String, message: String)
    /// The reply had a shape the caller did not expect.
    case unexpectedReply(endpoint: String, command: String, got: String)

    public var description: String {
        switch self {
        case .badURL(let url, let why): return "bad Redis URL '\(url)': \(why)"
        case .connect(let e, let reason): return "\(e): cannot connect: \(reason)"
        case .io(let e, let command, let reason): return "\(e): \(command): connection lost: \(reason)"
        case .server(let e, let command, let message): return "\(e): \(command): \(message)"
        case .unexpectedReply(let e, let command, let got): return "\(e): \(command): unexpected reply \(got)"
        }
    }

    /// A broken or refused connection (as opposed to the server refusing a command).
    public var isConnectionFailure: Bool {
        switch self {
        case .connect, .io: return true
        default: return false
        }
    }

    /// The server does not have the script (EVALSHA after a restart or SCRIPT FLUSH).
    public var isNoScript: Bool {
        if case .server(_, _, let message) = self { return message.hasPrefix("NOSCRIPT") }
        return false
    }
}
