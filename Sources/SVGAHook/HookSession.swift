import Foundation
import SVGAKit

/// The stream side of the hook: takes lines (or parsed events) one at a time, answers what can
/// be answered at once (malformed lines, already-rendered or duplicate events) and holds the rest
/// in the combo aggregator until their window passes. Used from one thread.
///
/// Events can be tagged with a source (a spool file). When a closed source has no event left
/// waiting, `onSourceFinished` gets every status of that source, so the spool can move the file.
public final class HookSession {
    public let processor: HookProcessor
    private var aggregator: ComboAggregator
    private let emit: (HookStatus) -> Void

    private struct Source {
        var closed = false
        var waiting = 0
        var statuses: [HookStatus] = []
    }
    private var sources: [Int: Source] = [:]
    private var nextSource = 1
    /// Called when a closed source's last event has its status.
    public var onSourceFinished: ((Int, [HookStatus]) -> Void)?

    public init(processor: HookProcessor, emit: @escaping (HookStatus) -> Void) {
        self.processor = processor
        self.aggregator = ComboAggregator(window: processor.configuration.comboWindow)
        self.emit = emit
    }

    public var pendingCombos: Int { aggregator.pendingCount }
    public var nextDeadline: Double? { aggregator.nextDeadline }
    private var now: Double { processor.configuration.clock.now() }

    /// Starts tracking a source; its events must be passed with this token.
    public func openSource() -> Int {
        let id = nextSource
        nextSource += 1
        sources[id] = Source()
        return id
    }

    /// No more events will come from `id`; it finishes as soon as none of its events waits.
    public func closeSource(_ id: Int) {
        sources[id]?.closed = true
        finishIfDone(id)
    }

    /// One line of JSON text. Blank lines are ignored; anything else gives exactly one status
    /// (now, or when its combo is released).
    public func receive(line: String, lineNumber: Int? = nil, source: Int = 0) {
        if line.allSatisfy(\.isWhitespace) { return }
        do {
            receive(try GiftEvent.parse(line: line), source: source)
        } catch {
            report(HookStatus(eventID: error.eventID, status: .error,
                              reason: HookFailure.event(error, line: lineNumber).description), source: source)
        }
    }

    /// A line that could not be read at all (over the length cap, unreadable file).
    public func receive(failure reason: String, source: Int = 0) {
        report(HookStatus(eventID: nil, status: .error, reason: reason), source: source)
    }

    /// An already-parsed JSON value (a spool file holding one event object).
    public func receive(value: JSONValue, source: Int = 0) {
        do { receive(try GiftEvent.parse(value), source: source) } catch {
            report(HookStatus(eventID: error.eventID, status: .error,
                              reason: HookFailure.event(error, line: nil).description), source: source)
        }
    }

    public func receive(_ event: GiftEvent, source: Int = 0) {
        let time = now
        // Release what is due first, so output order follows arrival order.
        release(aggregator.expire(now: time))
        if let primary = processor.renderedPrimary(of: event) {
            let failure = HookFailure.alreadyRendered(primary: primary == event.eventID ? nil : primary)
            report(HookStatus(eventID: event.eventID, liveID: event.liveID, status: .skipped, reason: failure.description), source: source)
            return
        }
        if let combo = aggregator.pendingCombo(liveID: event.liveID, eventID: event.eventID) {
            report(HookStatus(eventID: event.eventID, liveID: event.liveID, status: .skipped,
                              reason: HookFailure.duplicatePending(primary: combo.primary.eventID).description), source: source)
            return
        }
        sources[source]?.waiting += 1
        release(aggregator.add(event, source: source, at: time))
    }

    /// Renders every combo whose window has passed.
    public func expireDue() { release(aggregator.expire(now: now)) }

    /// End of input: renders everything still waiting.
    public func finish() { release(aggregator.flushAll()) }

    private func release(_ combos: [Combo]) {
        for combo in combos {
            let statuses = processor.render(combo)
            for (member, status) in zip(combo.members, statuses) {
                sources[member.source]?.waiting -= 1
                report(status, source: member.source)
            }
        }
    }

    private func report(_ status: HookStatus, source: Int) {
        emit(status)
        guard sources[source] != nil else { return }
        sources[source]?.statuses.append(status)
        finishIfDone(source)
    }

    private func finishIfDone(_ id: Int) {
        guard let s = sources[id], s.closed, s.waiting == 0 else { return }
        sources[id] = nil
        onSourceFinished?(id, s.statuses)
    }
}
