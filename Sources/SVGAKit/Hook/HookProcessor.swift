import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender

/// Renders one combo (one event, or several merged): resolve the gift, fetch and decode its
/// animation (cached by content hash), fill the slots from the sender, render every frame in
/// parallel into a temporary folder and move it into place (HookOutputStore). Never throws:
/// every outcome is a status line per event.
public final class HookProcessor: Sendable {
    public let catalog: GiftCatalog
    public let configuration: HookConfiguration
    public let store: HookOutputStore
    public let fetcher: ResourceFetcher
    public let animations: GiftAnimationCache

    public init(catalog: GiftCatalog, configuration: HookConfiguration) throws(HookOutputError) {
        self.catalog = catalog
        self.configuration = configuration
        self.store = try HookOutputStore(root: configuration.outDirectory)
        self.fetcher = ResourceFetcher(cacheDirectory: configuration.outDirectory.appendingPathComponent(".cache", isDirectory: true),
                                       timeout: configuration.fetchTimeout)
        self.animations = GiftAnimationCache()
    }

    /// nil when `event` has not been rendered; else the event whose folder holds it.
    public func renderedPrimary(of event: GiftEvent) -> String? {
        store.renderedPrimary(liveID: event.liveID, eventID: event.eventID)
    }

    /// One status per member of the combo, in member order.
    public func render(_ combo: Combo) -> [HookStatus] {
        let start = DispatchTime.now()
        let primary = combo.primary
        let isCombo = combo.members.count > 1
        func statuses(_ status: HookStatus.Status, reason: (GiftEvent) -> String?, frames: Int?) -> [HookStatus] {
            let ms = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            return combo.events.map {
                HookStatus(eventID: $0.eventID, liveID: $0.liveID, status: status, reason: reason($0), frames: frames,
                           ms: ms, primary: isCombo ? primary.eventID : nil)
            }
        }
        // Checked again here: another hook process may have rendered it since it arrived.
        if let done = renderedPrimary(of: primary) {
            let failure = HookFailure.alreadyRendered(primary: done == primary.eventID ? nil : done)
            return statuses(.skipped, reason: { _ in failure.description }, frames: nil)
        }
        do {
            let frames = try renderCombo(combo)
            return statuses(.rendered, reason: { $0.eventID == primary.eventID ? nil : "merged into combo \(primary.eventID)" },
                            frames: frames)
        } catch {
            return statuses(error.status, reason: { _ in error.description }, frames: nil)
        }
    }

    func resolveGift(_ reference: GiftEvent.GiftReference) throws(HookFailure) -> Gift {
        switch reference {
        case .full(let gift): return gift
        case .id(let id):
            switch catalog.gift(id: id) {
            case nil: throw .unknownGift(id)
            case .failure(let e)?: throw .brokenGift(e)
            case .success(let gift)?: return gift
            }
        }
    }

    /// The whole pipeline for one combo; returns the number of frames written.
    func renderCombo(_ combo: Combo) throws(HookFailure) -> Int {
        let event = combo.primary
        let gift = try resolveGift(event.gift)
        guard let reference = gift.resourceURL else { throw .noResource(giftID: gift.giftID) }
        let resource: FetchedResource
        do { resource = try fetcher.fetch(reference, limit: configuration.maxResourceBytes) } catch { throw .resourceFetch(error) }
        let limit = configuration.maxResourceBytes
        let loaded: Result<Movie, GiftAnimationCache.Problem>
        do {
            loaded = try animations.movie(forHash: resource.sha256) { () throws(FetchError) in try resource.readBytes(limit: limit) }
        } catch { throw .resourceFetch(error) }
        let movie: Movie
        switch loaded {
        case .success(let m): movie = m
        case .failure(.notSVGA(let reason)): throw .notSVGA(reference: reference, reason: reason)
        case .failure(.corrupt(let e)): throw .decode(reference: reference, e)
        }
        guard movie.frameCount > 0 else { throw .frame("the animation has no frames") }

        let dynamic = try dynamicItems(gift.slots, event: event, count: combo.count)
        let renderer: MovieRenderer
        do { renderer = try MovieRenderer(movie: movie, dynamic: dynamic) } catch { throw .render(error) }
        let size: (width: Int, height: Int)
        do { size = try renderer.canvasSize() } catch { throw .render(error) }

        let frames = Array(0..<movie.frameCount)
        let files = frames.map { SequenceRenderer.fileName(forFrame: $0, frameCount: movie.frameCount) }
        let job = SequenceRenderer(renderer: renderer, compression: configuration.compression, threads: configuration.threads)
        let hook = configuration.afterFrameWritten
        let merged = Array(combo.eventIDs.dropFirst())
        let request: HookExportRequest
        switch HookExportRequest.parse(gift.extensionInfo) {
        case .success(let r): request = r
        case .failure(let e): throw .frame(e.description)
        }
        try store.commit(liveID: event.liveID, primary: event.eventID, merged: merged) { (folder: URL) throws(HookFailure) in
            let start = DispatchTime.now()
            do {
                if request.writesFrames { try job.forEachEncodedFrame(frames) { n, png in
                    let url = folder.appendingPathComponent(SequenceRenderer.fileName(forFrame: n, frameCount: movie.frameCount))
                    try Data(png).write(to: url)
                    try hook?(event.eventID, n)
                } }
            } catch let e as RenderError {
                throw .render(e)
            } catch let e as PNGError {
                throw .frame(e.description)
            } catch {
                throw .output(.cannotWrite(path: folder.path, reason: "\(error)"))
            }
            for format in request.formats {
                var options = ExportOptions(format: format)
                options.threads = configuration.threads
                options.handlesInterrupts = false
                options.searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
                let path = folder.appendingPathComponent(HookExportRequest.fileName(format)).path
                do { _ = try Exporter(renderer: renderer, options: options).export(to: path) } catch { throw .frame("\(error)") }
            }
            let renderMs = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            let manifest = HookManifest(
                event: event.manifestJSON(count: combo.count), gift: gift.manifestJSON, resourceSHA256: resource.sha256,
                mergedEventIDs: combo.eventIDs, frames: frames.count, fps: movie.fps,
                durationMs: Int((movie.duration * 1000).rounded()), width: size.width, height: size.height,
                files: request.writesFrames ? files : [], renderMs: renderMs,
                exports: request.formats.map(HookExportRequest.fileName))
            let path = folder.appendingPathComponent(HookOutputStore.manifestName)
            do { try Data((manifest.json.serialized(pretty: true) + "\n").utf8).write(to: path) } catch {
                throw .output(.cannotWrite(path: path.path, reason: error.localizedDescription))
            }
        }
        return frames.count
    }

    /// Slots from the gift's extensionInfo filled from the event (spec A.7): the avatar (aspect
    /// fill + circle by default), the nickname, the count text. A slot whose event data is absent
    /// (no avatarURL, no userName) keeps the animation's own content.
    func dynamicItems(_ slots: GiftSlots, event: GiftEvent, count: Int) throws(HookFailure) -> DynamicItems {
        var items = DynamicItems()
        if let key = slots.avatarKey, let url = event.sender.avatarURL {
            let pixmap = try loadAvatar(url)
            items.images[key] = DynamicImage(pixmap: pixmap, fit: slots.avatarFit, mask: slots.avatarMask)
        }
        if let key = slots.nameKey, let name = event.sender.userName {
            items.texts[key] = DynamicText(text: name, style: slots.nameStyle)
        }
        if let key = slots.countKey {
            items.texts[key] = DynamicText(text: slots.countText(count), style: slots.countStyle)
        }
        return items
    }

    func loadAvatar(_ reference: String) throws(HookFailure) -> Pixmap {
        let bytes: [UInt8]
        do {
            bytes = try fetcher.fetch(reference, limit: configuration.maxAvatarBytes).readBytes(limit: configuration.maxAvatarBytes)
        } catch { throw .avatarFetch(error) }
        do { return try PNGDecoder.decode(bytes, maxPixels: configuration.maxAvatarPixels) } catch {
            if error == .notPNG { throw .avatarNotPNG(reference: reference) }
            throw .avatarDecode(reference: reference, error)
        }
    }
}
