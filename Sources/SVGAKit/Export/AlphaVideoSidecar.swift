// The JSON written beside an MP4 whose alpha is laid out as grey next to the colour
// (`OUTPUT.json`): enough for an alpha-video player to split each decoded picture back into
// colour and alpha. Rectangles are in video pixels, origin top-left. The video may be one pixel
// wider/taller than the rectangles need (H.264 4:2:0 wants even sizes; the pad is black).

import SVGAJSON

public struct AlphaVideoSidecar: Sendable, Hashable {
    public let layout: AlphaLayout
    public let canvasWidth: Int, canvasHeight: Int
    public let videoWidth: Int, videoHeight: Int
    public let fps: Int
    public let frames: Int

    public init(layout: AlphaLayout, canvasWidth: Int, canvasHeight: Int, fps: Int, frames: Int) {
        self.layout = layout; self.canvasWidth = canvasWidth; self.canvasHeight = canvasHeight
        self.fps = fps; self.frames = frames
        let w = layout == .sideBySide ? 2 * canvasWidth : canvasWidth
        let h = layout == .topBottom ? 2 * canvasHeight : canvasHeight
        videoWidth = (w + 1) / 2 * 2
        videoHeight = (h + 1) / 2 * 2
    }

    /// Where the alpha half sits.
    public var alphaOrigin: (x: Int, y: Int) {
        switch layout {
        case .sideBySide: return (canvasWidth, 0)
        case .topBottom: return (0, canvasHeight)
        case .none: return (0, 0)
        }
    }

    public var json: JSONValue {
        func rect(_ x: Int, _ y: Int) -> JSONValue {
            .object([("x", .int(x)), ("y", .int(y)), ("width", .int(canvasWidth)), ("height", .int(canvasHeight))])
        }
        let a = alphaOrigin
        return .object([
            ("layout", .string(layout.rawValue)),
            ("canvas", .object([("width", .int(canvasWidth)), ("height", .int(canvasHeight))])),
            ("video", .object([("width", .int(videoWidth)), ("height", .int(videoHeight))])),
            ("colour", rect(0, 0)),
            ("alpha", rect(a.x, a.y)),
            ("alphaEncoding", .string("grey: luma is the straight alpha, colour is straight (not premultiplied)")),
            ("fps", .int(fps)),
            ("frames", .int(frames)),
            ("duration", .number(fps > 0 ? Double(frames) / Double(fps) : 0)),
        ])
    }
}
