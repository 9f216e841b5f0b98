import Foundation
import SVGAHook
import SVGAImageIO
import SVGAKit
import SVGARaster
import SVGATestSupport
import Synchronization

/// A scratch world for the hook tests: a temporary folder with assets, a catalog, an output
/// folder, a processor with a manual clock, and the status lines it printed.
final class HookTestWorld {
    let root: URL
    let assets: URL
    let out: URL
    let clock = HookManualClock()

    init(_ label: String) throws {
        root = HookFixtures.temporaryDirectory(label)
        assets = root.appendingPathComponent("assets", isDirectory: true)
        out = root.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @discardableResult
    func asset(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = assets.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Gifts: (giftID, resourceURL as written in the catalog). Every gift names the fixture's
    /// three slots.
    func catalog(_ gifts: [(String, String)]) throws -> GiftCatalog {
        let list = gifts.map { id, url in
            #"{"giftID": "\#(id)", "name": "\#(id)", "resourceURL": "\#(url)", "extensionInfo": \#(HookFixtures.slotInfo)}"#
        }.joined(separator: ",\n")
        let text = #"{"categories": [{"categoryID": "1", "name": "All", "giftList": [\#(list)]}]}"#
        let path = root.appendingPathComponent("catalog.json")
        try Data(text.utf8).write(to: path)
        return try GiftCatalog.load(path: path.path)
    }

    func processor(_ catalog: GiftCatalog, window: Double = 3,
                   afterFrameWritten: (@Sendable (String, Int) throws -> Void)? = nil) throws -> HookProcessor {
        let clock = self.clock
        let configuration = HookConfiguration(outDirectory: out, comboWindow: window, threads: 2,
                                              clock: HookClock { clock.now }, afterFrameWritten: afterFrameWritten)
        return try HookProcessor(catalog: catalog, configuration: configuration)
    }

    /// Runs `lines` through a fresh session and returns every status, in output order.
    func run(_ processor: HookProcessor, _ lines: [String]) -> [HookStatus] {
        var statuses: [HookStatus] = []
        let session = HookSession(processor: processor) { statuses.append($0) }
        for (i, line) in lines.enumerated() { session.receive(line: line, lineNumber: i + 1) }
        session.finish()
        return statuses
    }

    func entries(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func manifest(_ live: String, _ event: String) throws -> JSONValue {
        let data = try Data(contentsOf: out.appendingPathComponent(live).appendingPathComponent(event)
            .appendingPathComponent("manifest.json"))
        return try JSONValue.parse(data)
    }

    func frame(_ live: String, _ event: String, _ n: Int) throws -> Pixmap {
        let url = out.appendingPathComponent(live).appendingPathComponent(event)
            .appendingPathComponent(String(format: "frame_%04d.png", n))
        return try PNGDecoder.decode(Array(try Data(contentsOf: url)))
    }
}

/// A clock the test moves by hand.
final class HookManualClock: Sendable {
    private let seconds = Mutex<Double>(0)
    var now: Double { seconds.withLock { $0 } }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}

extension Pixmap {
    /// Premultiplied RGBA at (x, y).
    func hookPixel(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(data[i..<(i + 4)])
    }
}

extension Array where Element == HookStatus {
    func status(_ eventID: String) -> HookStatus? { first { $0.eventID == eventID } }
}
