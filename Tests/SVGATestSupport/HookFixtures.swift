import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGAWriter

/// Small inputs for the gift-event hook tests: a gift animation with the three slots the hook
/// fills (an `avatar` bitmap, `nickname` and `count` text sprites), solid-colour PNGs, and
/// catalog/event JSON text. Tiny canvases and few frames keep the tests fast.
public enum HookFixtures {
    /// Canvas 40 × 40. `avatar`: a 20 × 20 bitmap slot at (10, 0) drawing a solid blue 8 × 8
    /// PNG; `nickname`: a 40 × 10 layout at y 22; `count`: a 40 × 8 layout at y 32. Every sprite
    /// is visible (alpha 1) on every frame.
    public static func giftMovie(frames: Int = 3, fps: Int = 10) -> RawMovie {
        let avatarPNG = solidPNG(width: 8, height: 8, r: 0, g: 0, b: 255)
        func sprite(_ key: String, x: Float, y: Float, width: Float, height: Float) -> RawSprite {
            let frame = RawFrame(alpha: 1, layout: RawLayout(x: 0, y: 0, width: width, height: height),
                                 transform: RawTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y))
            return RawSprite(imageKey: key, frames: Array(repeating: frame, count: frames))
        }
        return RawMovie(version: "2.0.0",
                        params: RawParams(viewBoxWidth: 40, viewBoxHeight: 40, fps: Int32(fps), frames: Int32(frames)),
                        images: [RawImageEntry(key: "avatar", value: avatarPNG)],
                        sprites: [sprite("avatar", x: 10, y: 0, width: 20, height: 20),
                                  sprite("nickname", x: 0, y: 22, width: 40, height: 10),
                                  sprite("count", x: 0, y: 32, width: 40, height: 8)])
    }

    /// The gift animation as a 2.x file (zlib + protobuf).
    public static func giftSVGA(frames: Int = 3, fps: Int = 10) -> [UInt8] {
        SVGAEncoder.encodeZlibProtobuf(giftMovie(frames: frames, fps: fps))
    }

    /// A straight-colour opaque PNG.
    public static func solidPNG(width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8) -> [UInt8] {
        var data = [UInt8]()
        data.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { data.append(contentsOf: [r, g, b, 255]) }
        let pixmap = Pixmap(width: width, height: height, premultipliedRGBA: data)!
        return try! PNGEncoder.encode(pixmap)
    }

    /// A catalog entry's extensionInfo naming the fixture's three slots.
    public static let slotInfo = #"{"svga.avatarKey": "avatar", "svga.nameKey": "nickname", "svga.countKey": "count"}"#

    /// One event line.
    public static func eventLine(id: String, live: String = "room1", gift: String = "rose", count: Int? = nil,
                                 user: String = "u1", name: String? = "Alice", avatar: String? = nil) -> String {
        var sender = #""userID": "\#(user)""#
        if let name { sender += #", "userName": "\#(name)""# }
        if let avatar { sender += #", "avatarURL": "\#(avatar)""# }
        let countPart = count.map { #", "count": \#($0)"# } ?? ""
        return #"{"eventID": "\#(id)", "liveID": "\#(live)", "gift": {"giftID": "\#(gift)"}\#(countPart), "sender": {\#(sender)}}"#
    }

    /// A fresh, empty temporary folder.
    public static func temporaryDirectory(_ label: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("svga-hook-\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
