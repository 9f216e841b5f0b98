/// What became of one event, as a source acknowledges it: a broker counts these and decides
/// what to publish. Derived from the status line, which stays the one record of the result.
public enum HookOutcome: Sendable, Hashable {
    /// Rendered into its own folder.
    case rendered
    /// Part of a combo of two or more events, rendered once into `primary`'s folder (the
    /// primary itself is `.rendered`).
    case merged(primary: String)
    /// Nothing rendered, and nothing wrong: a duplicate of an event rendered or waiting, or a
    /// resource that is not an SVGA animation.
    case skipped(reason: String)
    case failed(reason: String)
}

extension HookStatus {
    public var outcome: HookOutcome {
        switch status {
        case .rendered:
            if let primary, primary != eventID { return .merged(primary: primary) }
            return .rendered
        case .skipped: return .skipped(reason: reason ?? "skipped")
        case .error: return .failed(reason: reason ?? "error")
        }
    }
}
