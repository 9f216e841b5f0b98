// What a catalog gift asks the hook to write besides (or instead of) PNG frames, in its
// extensionInfo: `"svga.export": ["webm", "webp"]` exports the animation as
// `animation.webm`, `animation.webp` in the event's folder (listed in the manifest), and
// `"svga.frames": false` leaves the PNG frames out.

import SVGAJSON

public struct HookExportRequest: Sendable, Hashable {
    public var formats: [ExportFormat] = []
    public var writesFrames = true

    public static let exportKey = "svga.export"
    public static let framesKey = "svga.frames"

    /// The request in `extensionInfo`; a description of the problem when it is malformed.
    public static func parse(_ extensionInfo: JSONValue) -> Result<HookExportRequest, ExportError> {
        var request = HookExportRequest()
        if let value = extensionInfo[exportKey] {
            guard let list = value.arrayValue else { return .failure(.invalidOption("\(exportKey) must be a list of formats")) }
            for item in list {
                guard let name = item.stringValue, let format = ExportFormat(fileExtension: name), format != .raw else {
                    return .failure(.invalidOption("\(exportKey): '\(item.serialized())' is not webm, mp4, mov, webp, gif or apng"))
                }
                if !request.formats.contains(format) { request.formats.append(format) }
            }
        }
        if let value = extensionInfo[framesKey] {
            guard let b = value.boolValue else { return .failure(.invalidOption("\(framesKey) must be true or false")) }
            request.writesFrames = b
        }
        return .success(request)
    }

    /// The file name of an export in the event's folder.
    public static func fileName(_ format: ExportFormat) -> String { "animation." + format.rawValue }
}
