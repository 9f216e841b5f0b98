import Dispatch
import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
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
        func statuses(_ status: HookStatus.Status, reason: (GiftEvent) -> String?, frames: Int?,
                      warnings: [String] = []) -> [HookStatus] {
            let ms = Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            return combo.events.map {
                HookStatus(eventID: $0.eventID, liveID: $0.liveID, status: status, reason: reason($0), frames: frames,
                           ms: ms, primary: isCombo ? primary.eventID : nil, warnings: warnings)
            }
        }
        // Checked again here: another hook process may have rendered it since it arrived.
        if let done = renderedPrimary(of: primary) {
            let failure = HookFailure.alreadyRendered(primary: done == primary.eventID ? nil : done)
            return statuses(.skipped, reason: { _ in failure.description }, frames: nil)
        }
        do {
            let rendered = try renderCombo(combo)
            // Every line of the combo carries the warnings: they describe the one rendering.
            return statuses(.rendered, reason: { $0.eventID == primary.eventID ? nil : "merged into combo \(primary.eventID)" },
                            frames: rendered.frames, warnings: rendered.warnings)
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

    /// The whole pipeline for one combo; returns the number of frames written and what the
    /// rendering could not do as asked.
    func renderCombo(_ combo: Combo) throws(HookFailure) -> (frames: Int, warnings: [String]) {
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

        let (dynamic, slotWarnings) = dynamicItems(gift.slots, event: event, count: combo.count,
                                               keys: DynamicKeys(movie: movie), resource: reference)
        let renderer: MovieRenderer
        do { renderer = try MovieRenderer(movie: movie, dynamic: dynamic) } catch { throw .render(error) }
        let warnings = slotWarnings + renderer.warnings
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
                throw .output(.cannotWrite(path: folder.path, reason: FileSystemReason.describe(error)))
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
                mergedEvents: combo.events.map { $0.manifestJSON(count: $0.count) },
                warnings: warnings, exports: request.formats.map(HookExportRequest.fileName))
            let path = folder.appendingPathComponent(HookOutputStore.manifestName)
            do { try Data((manifest.json.serialized(pretty: true) + "\n").utf8).write(to: path) } catch {
                throw .output(.cannotWrite(path: path.path, reason: FileSystemReason.describe(error)))
            }
        }
        return (frames.count, warnings)
    }

    /// Slots from the gift's extensionInfo filled from the event (spec A.7): the avatar (aspect
    /// fill + circle by default), the nickname, the count text. A slot whose event data is absent
    /// (no avatarURL, no userName) keeps the animation's own content. Never fails: a slot key the
    /// animation lacks, or an avatar that cannot be fetched or decoded, becomes a warning and the
    /// gift renders with the animation's own image (or `svga.avatarFallback`) in that slot.
    func dynamicItems(_ slots: GiftSlots, event: GiftEvent, count: Int, keys: DynamicKeys,
                      resource: String) -> (DynamicItems, [String]) {
        var items = DynamicItems()
        var warnings = slots.missingKeyProblems(in: keys, resource: "'\(resource)'")
        func usable(_ key: String?) -> String? { key.flatMap { keys.known.contains($0) ? $0 : nil } }
        if let key = usable(slots.avatarKey) {
            var avatar: Pixmap?
            if let url = event.sender.avatarURL {
                switch loadImage(url) {
                case .success(let pixmap): avatar = pixmap
                case .failure(let problem):
                    let shown = slots.avatarFallback == nil ? "the animation's own image" : "svga.avatarFallback"
                    warnings.append("avatar not used: \(problem.description); \(shown) is shown")
                }
            }
            if avatar == nil, let fallback = slots.avatarFallback {
                switch loadImage(fallback) {
                case .success(let pixmap): avatar = pixmap
                case .failure(let problem):
                    warnings.append("svga.avatarFallback not used: \(problem.description); the animation's own image is shown")
                }
            }
            if let avatar { items.images[key] = DynamicImage(pixmap: avatar, fit: slots.avatarFit, mask: slots.avatarMask) }
        }
        if let key = usable(slots.nameKey), let name = event.sender.userName {
            items.texts[key] = DynamicText(text: name, style: slots.nameStyle)
        }
        if let key = usable(slots.countKey) {
            items.texts[key] = DynamicText(text: slots.countText(count), style: slots.countStyle)
        }
        return (items, warnings)
    }

    /// An avatar (or fallback) image: fetched (cached by reference and content), sniffed and
    /// decoded as PNG, JPEG or WebP within the avatar byte and pixel limits.
    func loadImage(_ reference: String) -> Result<Pixmap, ImageProblem> {
        let bytes: [UInt8]
        do {
            bytes = try fetcher.fetch(reference, limit: configuration.maxAvatarBytes).readBytes(limit: configuration.maxAvatarBytes)
        } catch { return .failure(.fetch(error)) }
        do { return .success(try ImageDecoder.decode(bytes, maxPixels: configuration.maxAvatarPixels)) } catch {
            if case .unknownFormat = error {
                return .failure(.notAnImage(reference: reference, looksLike: ResourceKind.describe(bytes)))
            }
            return .failure(.decode(reference: reference, error))
        }
    }
}
