import SVGAJSON
import SVGAKit

/// Where the hook's events come from: a line stream (stdin or a file, `LineStreamSource`), a
/// spool folder (`SpoolSource`), a broker's stream. `HookSourceRunner` drives any of them the same
/// way: it asks for the next deliveries, feeds their events to the session, and once every event
/// of a delivery has its status (its output folder renamed into place, or its skip, merge or
/// error decided) it acknowledges that delivery with those statuses. A broker acknowledges the
/// message there (and publishes the results); the spool moves the file to `done/` or `failed/`.
///
/// A delivery is the unit the source acknowledges: a line, a spool file (one event or a batch),
/// a stream entry. Its events may finish at different times (a combo waits for its window); the
/// acknowledgement comes after the last. Sources are used from the runner's thread only.
public protocol HookEventSource: AnyObject {
    /// What the source needs back to acknowledge a delivery (a claimed file, a message ID).
    associatedtype Handle
    /// Why the source cannot go on (the spool folder cannot be listed, the broker is gone).
    associatedtype Failure: Error

    /// Waits at most `timeout` seconds (nil: until something comes), then returns what arrived:
    /// `.deliveries([])` when the wait ended with nothing, `.end` when nothing more will come.
    func receive(timeout: Double?) throws(Failure) -> HookReceipt<Handle>

    /// Every event of `handle`'s delivery has its status, in the order they were given.
    func acknowledge(_ handle: Handle, statuses: [HookStatus])
}

/// One thing a source delivers: its events and the handle to acknowledge them with.
public struct HookDelivery<Handle> {
    public let handle: Handle
    public let entries: [HookEntry]

    public init(handle: Handle, entries: [HookEntry]) {
        self.handle = handle
        self.entries = entries
    }
}

/// One event as a source read it: already parsed, a line of JSON text, or unreadable.
public enum HookEntry: Sendable {
    case value(JSONValue)
    case line(String, number: Int)
    /// Could not be read at all (over the length cap, an unreadable file); the text is the reason.
    case failure(String)
}

/// The answer to `HookEventSource.receive`.
public enum HookReceipt<Handle> {
    case deliveries([HookDelivery<Handle>])
    /// No more events; `readError` when reading stopped on an error (what came before it counts).
    case end(readError: String?)
}
