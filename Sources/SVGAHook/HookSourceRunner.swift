/// The hook's one event loop, for every `HookEventSource`. While the source is silent it wakes at
/// the next combo deadline and renders what is due ("flush when the window passes"); when the
/// source ends, everything still waiting is rendered, so every delivery is acknowledged before
/// `run` returns.
public enum HookSourceRunner {
    /// Runs `source` to its end. Returns the read error the source ended on, if any; throws when
    /// the source fails (the deliveries finished so far are acknowledged, the rest are not).
    @discardableResult
    public static func run<Source: HookEventSource>(_ source: Source, session: HookSession) throws(Source.Failure) -> String? {
        let handles = HandleTable<Source.Handle>()
        session.onSourceFinished = { id, statuses in
            if let handle = handles.remove(id) { source.acknowledge(handle, statuses: statuses) }
        }
        defer { session.onSourceFinished = nil }
        let clock = session.processor.configuration.clock
        while true {
            let timeout = session.nextDeadline.map { $0 - clock.now() }
            switch try source.receive(timeout: timeout) {
            case .deliveries(let deliveries):
                for delivery in deliveries {
                    let id = session.openSource()
                    handles.insert(id, delivery.handle)
                    for entry in delivery.entries { session.receive(entry, source: id) }
                    session.closeSource(id)
                }
                session.expireDue()
            case .end(let readError):
                session.finish()
                return readError
            }
        }
    }

    /// Session source token → the delivery's handle. Only touched on the runner's thread; a class
    /// so the session's callback can share it.
    private final class HandleTable<Handle> {
        private var handles: [Int: Handle] = [:]
        func insert(_ id: Int, _ handle: Handle) { handles[id] = handle }
        func remove(_ id: Int) -> Handle? { handles.removeValue(forKey: id) }
    }
}
