import SVGAFormat
import SVGAKit
import SVGARender

/// Why one event (or a whole combo) was not rendered. `status` says whether that is a skip (a
/// normal outcome: nothing to do) or an error; `description` is the status line's reason.
public enum HookFailure: Error, Sendable, CustomStringConvertible {
    case event(GiftEventError, line: Int?)
    case alreadyRendered(primary: String?)
    case duplicatePending(primary: String)
    case unknownGift(String)
    case brokenGift(CatalogError)
    case noResource(giftID: String)
    case resourceFetch(FetchError)
    case notSVGA(reference: String, reason: String)
    case decode(reference: String, DecodeError)
    case render(RenderError)
    case output(HookOutputError)
    case frame(String)

    public var status: HookStatus.Status {
        switch self {
        case .alreadyRendered, .duplicatePending, .notSVGA: return .skipped
        default: return .error
        }
    }

    public var description: String {
        switch self {
        case .event(let e, let line): return (line.map { "line \($0): " } ?? "") + e.description
        case .alreadyRendered(let primary):
            return "already rendered" + (primary.map { " (merged into \($0))" } ?? "")
        case .duplicatePending(let primary): return "duplicate of an event waiting in combo \(primary)"
        case .unknownGift(let id): return "unknown gift '\(id)'"
        case .brokenGift(let e): return "gift is misconfigured in the catalog: \(e.description)"
        case .noResource(let id): return "gift '\(id)' has no resourceURL"
        case .resourceFetch(let e): return "resource \(e.description)"
        case .notSVGA(let r, let reason): return "resource '\(r)': \(reason)"
        case .decode(let r, let e): return "resource '\(r)' is not a valid SVGA: \(e.description)"
        case .render(let e): return "render: \(e.description)"
        case .output(let e): return "output: \(e.description)"
        case .frame(let why): return "render: \(why)"
        }
    }
}
