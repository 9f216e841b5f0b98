import Dispatch
import Foundation
import SVGAHook
import SVGAImageIO
import SVGAKit
import Synchronization

/// `svga hook --catalog CATALOG.json --out DIR [--events FILE|-] [--spool DIR [--once]]
///            [--combo-window SECONDS] [--threads N] [--png-level fast|default|max]`
///
/// One JSON status line per event on stdout (flushed per line, for a consumer reading the pipe).
/// Exit codes: 0 when the stream or spool was processed (event errors are status lines, not
/// failures), 2 for usage errors, 1 when the catalog, the events file, the output folder or the
/// spool folder cannot be used.
enum HookCommand {
    static func run(_ args: [String]) throws(CLIError) {
        let a = try Arguments(args, options: ["catalog", "out", "events", "spool", "combo-window", "threads", PNGLevelOption.optionName],
                              flags: ["once", PNGLevelOption.flagName])
        guard a.positionals.isEmpty else { throw .usage("hook takes no positional arguments (got '\(a.positionals[0])')") }
        guard let catalogPath = a.value("catalog") else { throw .usage("hook needs --catalog CATALOG.json") }
        guard let out = a.value("out") else { throw .usage("hook needs --out DIR") }
        let events = a.value("events"), spool = a.value("spool")
        if events != nil && spool != nil { throw .usage("use --events or --spool, not both") }
        if a.flag("once") && spool == nil { throw .usage("--once applies to --spool") }
        var window = 3.0
        if let w = a.value("combo-window") {
            guard let v = Double(w), v.isFinite, v >= 0 else { throw .usage("--combo-window must be a number of seconds ≥ 0, not '\(w)'") }
            window = v
        }
        let threads = try a.int("threads", min: 1)

        let catalog: GiftCatalog
        do { catalog = try GiftCatalog.load(path: catalogPath) } catch { throw .located(error.description) }
        for problem in catalog.problems + catalog.slotKeyProblems() { Output.warning("svga: \(catalogPath): warning: \(problem)") }

        let configuration = HookConfiguration(outDirectory: URL(fileURLWithPath: out), comboWindow: window, threads: threads,
                                              compression: try PNGLevelOption.parse(a, default: .fast))
        let processor: HookProcessor
        do { processor = try HookProcessor(catalog: catalog, configuration: configuration) } catch {
            throw .located(error.description)
        }
        let session = HookSession(processor: processor) { status in
            print(status.line)
            fflush(nil)   // one line per event, visible to a consumer at once
        }

        if let spool {
            let queue: SpoolQueue
            do { queue = try SpoolQueue(root: URL(fileURLWithPath: spool)) } catch { throw .located(error.description) }
            let stop = StopRequest()
            let sources = a.flag("once") ? [] : stop.install()
            defer { sources.forEach { $0.cancel() } }
            do {
                try SpoolRunner.run(queue: queue, session: session, once: a.flag("once"), shouldStop: { stop.requested })
            } catch { throw .located(error.description) }
            return
        }

        let readError: String?
        if let events, events != "-" {
            do { readError = try HookStreamRunner.run(path: events, session: session) } catch {
                throw .located(error.description)
            }
        } else {
            readError = HookStreamRunner.run(fileDescriptor: 0, session: session)
        }
        if let readError { Output.error("svga: \(events ?? "stdin"): read error: \(readError)") }
    }
}

/// SIGINT/SIGTERM ask the spool loop to stop after the current file; pending combos are then
/// rendered and every claimed file is moved before the process exits. A second signal kills.
final class StopRequest: Sendable {
    private let flag = Atomic<Bool>(false)
    var requested: Bool { flag.load(ordering: .relaxed) }

    func install() -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                flag.store(true, ordering: .relaxed)
                signal(number, SIG_DFL)   // a second signal stops at once
            }
            source.resume()
            return source
        }
    }
}
