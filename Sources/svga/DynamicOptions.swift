import Foundation
import SVGAJSON
import SVGAKit

/// `--set-image`, `--image-fit`, `--image-mask`, `--set-text`, `--text-style`, `--font`, `--hide`
/// turned into DynamicItems (spec A.7).
enum DynamicOptions {
    static let optionNames: Set<String> = ["set-image", "image-fit", "image-mask", "set-text", "text-style", "font", "hide"]

    static func parse(_ a: Arguments) throws(CLIError) -> DynamicItems {
        var items = DynamicItems()
        var fits: [String: ImageFit] = [:]
        var masks: [String: ImageMask] = [:]
        for s in a.all("image-fit") {
            let (key, v) = try keyValue(s, option: "image-fit")
            switch v {
            case "stretch": fits[key] = .stretch
            case "aspect-fit", "aspectFit", "fit": fits[key] = .aspectFit
            case "aspect-fill", "aspectFill", "fill": fits[key] = .aspectFill
            default: throw .usage("--image-fit \(key): '\(v)' is not stretch, aspect-fit or aspect-fill")
            }
        }
        for s in a.all("image-mask") {
            let (key, v) = try keyValue(s, option: "image-mask")
            masks[key] = try parseMask(v, key: key)
        }
        for s in a.all("set-image") {
            let (key, path) = try keyValue(s, option: "set-image")
            let pixmap = try loadImage(path)
            items.images[key] = DynamicImage(pixmap: pixmap, fit: fits[key] ?? .stretch, mask: masks[key] ?? ImageMask.none)
        }
        var styles: [String: TextStyle] = [:]
        for s in a.all("text-style") {
            let (key, json) = try keyValue(s, option: "text-style")
            do {
                styles[key] = try TextStyleParser.parse(JSONValue.parse(Data(json.utf8)))
            } catch let e as TextStyleParser.StyleError {
                throw .usage("--text-style \(key): \(e.description)")
            } catch {
                throw .usage("--text-style \(key): not valid JSON")
            }
        }
        for s in a.all("set-text") {
            let (key, text) = try keyValue(s, option: "set-text")
            var style = styles[key] ?? TextStyle()
            if style.fontPath == nil, let font = a.value("font") { style.fontPath = font }
            items.texts[key] = DynamicText(text: text, style: style)
        }
        items.hidden = Set(a.all("hide"))
        // A style or fit for a key that gets no text or image would silently do nothing.
        for (option, target, given) in [("text-style", "set-text", Set(styles.keys)), ("image-fit", "set-image", Set(fits.keys)),
                                        ("image-mask", "set-image", Set(masks.keys))] {
            let targets = option == "text-style" ? Set(items.texts.keys) : Set(items.images.keys)
            if let orphan = given.subtracting(targets).sorted().first {
                throw .usage("--\(option) \(orphan): no --\(target) \(orphan)=… to apply it to")
            }
        }
        return items
    }

    /// Every key named by a dynamic-item option must be a sprite of the movie (a typo would
    /// otherwise render the gift without its name or avatar, exit 0). Lists the keys offered.
    static func checkKeys(_ a: Arguments, movie: Movie, path: String) throws(CLIError) {
        let keys = DynamicKeys(movie: movie)
        var problems: [String] = []
        for option in ["set-image", "image-fit", "image-mask", "set-text", "text-style", "hide"] {
            // Options were parsed already (parse), so every value but --hide's is KEY=VALUE.
            let named = a.all(option).map { option == "hide" ? $0 : String($0.prefix { $0 != "=" }) }
            for key in keys.unknown(named) { problems.append("--\(option) \(key)") }
        }
        guard !problems.isEmpty else { return }
        throw .usage("\(path): no sprite key for \(problems.joined(separator: ", ")); keys in this file: \(keys.offeredList)")
    }

    static func parseMask(_ v: String, key: String) throws(CLIError) -> ImageMask {
        if v == "none" { return ImageMask.none }
        if v == "circle" { return .circle }
        if v.hasPrefix("radius:"), let r = Double(v.dropFirst(7)), r.isFinite, r >= 0 { return .roundedCorners(radius: r) }
        throw .usage("--image-mask \(key): '\(v)' is not none, circle or radius:R")
    }

    static func loadImage(_ path: String) throws(CLIError) -> SVGARasterPixmap {
        let bytes: [UInt8]
        do { bytes = try MovieLoader.readBytes(path) } catch { throw .load(error) }
        do { return try ImageDecoder.decode(bytes) } catch { throw .image(path: path, error) }
    }
}
