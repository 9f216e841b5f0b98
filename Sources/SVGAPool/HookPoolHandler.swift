import Foundation
import SVGAJSON
import SVGAKit
import SVGAHook
import SVGARedis

// `svga hook --redis`: stream entries carry one gift event each, in the field `event` (the same
// JSON object as a line of `--events`). The item ID is `<liveID>/<eventID>` (neither may contain
// '/'), so event IDs are unique per room as the output folders are. Combos are keyed by room +
// sender + gift and merged in Redis (PoolScripts.claim); the owner renders them here with the
// same HookProcessor as the stream and the spool, into the same folders.
//
// Published status: today's status line object plus "liveID", and for a rendering "folder" (the
// event folder's path) and "manifest" (its manifest.json).

public struct HookPoolHandler: PoolHandler {
    public let processor: HookProcessor
    public static let field = "event"

    public init(processor: HookProcessor) { self.processor = processor }

    public var completedName: String { "rendered" }

    public func item(from entry: RedisStreamEntry) -> Result<PoolItem, PoolEntryProblem> {
        guard let payload = entry.text(HookPoolHandler.field) else {
            return .failure(PoolEntryProblem("entry has no '\(HookPoolHandler.field)' field"))
        }
        let event: GiftEvent
        do { event = try GiftEvent.parse(line: payload) } catch {
            return .failure(PoolEntryProblem(HookFailure.event(error, line: nil).description))
        }
        let suffix = PoolKeys.comboSuffix(liveID: event.liveID, userID: event.sender.userID, giftID: event.giftID)
        return .success(PoolItem(id: Self.id(event), entry: entry, payload: payload, comboSuffix: suffix))
    }

    static func id(_ event: GiftEvent) -> String { event.liveID + "/" + event.eventID }

    private static func split(_ id: String) -> (liveID: String, eventID: String) {
        guard let slash = id.firstIndex(of: "/") else { return ("", id) }
        return (String(id[..<slash]), String(id[id.index(after: slash)...]))
    }

    public func work(_ item: PoolItem, members: [String]) -> PoolOutcome {
        let events = members.compactMap { try? GiftEvent.parse(line: $0) }
        guard let primary = events.first, HookPoolHandler.id(primary) == item.id else {
            return .fail("combo \(item.id): its first member is not the owner's event")
        }
        var aggregator = ComboAggregator(window: 1)
        for e in events { _ = aggregator.add(e, at: 0) }
        guard let combo = aggregator.flushAll().first else { return .fail("combo \(item.id) is empty") }
        let store = processor.store
        // The lease makes this worker the only one on this event: a temporary folder of it was
        // left by a worker that died.
        store.removeTemporaries(liveID: primary.liveID, eventID: primary.eventID)
        let statuses: [HookStatus]
        if let manifest = store.manifest(liveID: primary.liveID, eventID: primary.eventID) {
            // Rendered by a worker that died before publishing: publish that rendering.
            statuses = recovered(combo, manifest: manifest)
        } else {
            let rendered = processor.render(combo)
            // "already rendered" here means another worker renamed the folder in place while this
            // one rendered (it took the event over from this worker, stalled past --claim-after):
            // that folder is this event's rendering, and whichever publishes first says so.
            if rendered.first?.status == .skipped, let manifest = store.manifest(liveID: primary.liveID, eventID: primary.eventID) {
                statuses = recovered(combo, manifest: manifest)
            } else {
                statuses = rendered
            }
        }
        if let failed = statuses.first, failed.status == .error { return .fail(failed.reason ?? "error") }
        let folder = store.eventDirectory(liveID: primary.liveID, eventID: primary.eventID)
        let manifest = store.manifest(liveID: primary.liveID, eventID: primary.eventID)
        return .publish(zip(combo.events, statuses).map { event, status in
            let isPrimary = event.eventID == primary.eventID
            var extra: [(String, JSONValue)] = [("liveID", .string(event.liveID))]
            if status.status == .rendered {
                extra.append(("folder", .string(folder.path)))
                extra.append(("manifest", manifest ?? .null))
            }
            return result(status, id: HookPoolHandler.id(event), entry: isPrimary ? item.entry.id : "", extra: extra)
        })
    }

    /// Statuses for a folder that is already complete (manifest written last, then renamed).
    private func recovered(_ combo: Combo, manifest: JSONValue) -> [HookStatus] {
        let primary = combo.primary.eventID
        let frames = manifest["frames"]?.intValue
        let warnings = manifest["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return combo.events.map {
            HookStatus(eventID: $0.eventID, liveID: $0.liveID, status: .rendered,
                       reason: $0.eventID == primary ? nil : "merged into combo \(primary)", frames: frames, ms: 0,
                       primary: combo.members.count > 1 ? primary : nil, warnings: warnings)
        }
    }

    private func result(_ status: HookStatus, id: String, entry: String, extra: [(String, JSONValue)] = []) -> PoolResult {
        let kind: PoolResult.Kind = switch status.status {
        case .rendered: .completed
        case .skipped: .skipped
        case .error: .failed
        }
        let object = JSONValue.object((status.json.objectValue ?? []) + extra)
        return PoolResult(id: id, entry: entry, status: object.serialized(), kind: kind, line: status.line)
    }

    public func skipped(_ item: PoolItem, alreadyDoneAs primary: String?, holder: String?) -> PoolResult {
        let (liveID, eventID) = HookPoolHandler.split(item.id)
        let reason: String
        if let primary {
            let primaryEvent = HookPoolHandler.split(primary).eventID
            reason = HookFailure.alreadyRendered(primary: primaryEvent == eventID ? nil : primaryEvent).description
        } else if let holder, holder.hasPrefix("merged ") {
            reason = HookFailure.duplicatePending(primary: HookPoolHandler.split(String(holder.dropFirst(7))).eventID).description
        } else {
            reason = "duplicate of an event in progress on another worker"
        }
        let status = HookStatus(eventID: eventID, liveID: liveID, status: .skipped, reason: reason)
        return result(status, id: item.id, entry: item.entry.id, extra: [("liveID", .string(liveID))])
    }

    public func deadMembers(_ item: PoolItem, members: [String], error: String) -> [PoolResult] {
        let primary = HookPoolHandler.split(item.id).eventID
        return members.compactMap { try? GiftEvent.parse(line: $0) }.map { event in
            let status = HookStatus(eventID: event.eventID, liveID: event.liveID, status: .error,
                                    reason: "combo \(primary) was dead-lettered: \(error)", primary: primary)
            return result(status, id: HookPoolHandler.id(event), entry: "", extra: [("liveID", .string(event.liveID))])
        }
    }

    public func deadLine(entry: RedisStreamEntry, item: PoolItem?, error: String, deliveries: Int) -> String {
        let ids = item.map { HookPoolHandler.split($0.id) }
        return HookStatus(eventID: ids?.eventID, liveID: ids?.liveID, status: .error,
                          reason: "dead-lettered after \(deliveries) deliveries (entry \(entry.id)): \(error)").line
    }
}
