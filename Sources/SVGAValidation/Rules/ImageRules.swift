import SVGAFormat
import SVGAImageIO
import SVGAKit

// Images and the sprites that use them (issue 4): unused images, sprites whose image is missing
// and that draw nothing, images much larger than they are ever drawn, and bitmaps libpng cannot
// decode (the renderer would refuse the whole file).

/// image.unused: bytes in the file (and memory, in players that decode every entry) for nothing.
struct UnusedImageRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let used = c.usedImageKeys
        for image in c.movie.images where !used.contains(image.key) {
            findings.append(Finding(.imageUnused,
                "image \(UntrustedText.quoted(image.key)) (\(image.pixelWidth)×\(image.pixelHeight), \(byteString(image.data.count))) is not used by any sprite: remove it to save \(byteString(image.data.count)) of file and \(byteString(image.decodedBytes)) of decoded memory (`svga optimize` does)",
                image: image.key, value: .int(image.data.count)))
        }
    }
}

/// sprite.missing-image: the sprite names an image that is not in the file and has no shapes,
/// so every player draws nothing for it (spec B.6, "missing image for a key"). Vector keys
/// (`.vector`), empty keys and audio keys name no image and are not reported.
struct MissingImageRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let audioKeys = Set(c.movie.audioKeys)
        for (i, sprite) in c.movie.sprites.enumerated() {
            guard sprite.bitmapKey == nil, !c.analysis.sprites[i].hasShapes else { continue }
            let key = sprite.imageKey
            guard !key.isEmpty, !key.hasSuffix(".vector") else { continue }
            let role = sprite.isMatteSource ? "matte sprite" : "sprite"
            let consequence = sprite.isMatteSource ? "so the sprites it masks never show" : "it draws nothing"
            let wanted = sprite.isMatteSource ? String(key.dropLast(".matte".count)) : key
            // The exporter writes an audio layer as a sprite keyed by its MP3 entry (Castle.svga):
            // it is the sound track, not a missing picture.
            guard !audioKeys.contains(wanted), !audioKeys.contains(key) else { continue }
            findings.append(Finding(.spriteMissingImage,
                "\(role) \(UntrustedText.quoted(key)) uses image \(UntrustedText.quoted(wanted)), which is not in the file, and has no shapes: \(consequence). Add the image (for a slot filled at runtime, a transparent placeholder the size of the slot) or remove the layer",
                sprite: c.sprite(i), image: wanted))
        }
    }
}

/// image.oversized: the image has more than maxImageScale pixels per canvas unit of the largest
/// size it is ever drawn at (layout size × the frame matrix's column lengths, A.4), in an axis.
struct OversizedImageRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        guard let limit = c.limits.maxImageScale else { return }
        for image in c.movie.images {
            guard let use = c.analysis.images[image.key], use.maxWidth > 0, use.maxHeight > 0 else { continue }
            let pw = Double(image.pixelWidth), ph = Double(image.pixelHeight)
            let rw = pw / use.maxWidth, rh = ph / use.maxHeight
            guard rw > limit || rh > limit else { continue }
            // Suggest the largest drawn size itself: the exporter's own convention (layout size =
            // pixel size in every corpus file), never growing an axis.
            let tw = Int(min(pw, use.maxWidth.rounded(.up))), th = Int(min(ph, use.maxHeight.rounded(.up)))
            let savedMemory = image.decodedBytes - tw * th * 4
            let keptFraction = Double(tw * th) / (pw * ph)
            let savedFile = Int(Double(image.data.count) * (1 - keptFraction))
            let at = rw >= rh ? use.widthAt : use.heightAt
            findings.append(Finding(.imageOversized,
                "image \(UntrustedText.quoted(image.key)) is \(image.pixelWidth)×\(image.pixelHeight) px but is never drawn larger than \(format((use.maxWidth * 10).rounded() / 10))×\(format((use.maxHeight * 10).rounded() / 10)) on the canvas (\(format((rw * 10).rounded() / 10))× in width, \(format((rh * 10).rounded() / 10))× in height): downscale it to \(tw)×\(th) to save \(byteString(savedMemory)) of decoded memory and about \(byteString(savedFile)) of file (`svga optimize` fixes this)",
                sprite: at.map { c.sprite($0.sprite) }, frame: at?.frame, image: image.key,
                value: .ratio(max(rw, rh)), limit: .number(limit)))
        }
    }
}

/// decode.png: every image a sprite uses (PNG or JPEG: the code predates JPEG decoding and is
/// kept stable for rule files and CI filters) is decoded as the renderer will decode it; a corrupt
/// image body (the header alone is checked by the decoder) would make rendering fail.
struct ImageDecodeRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let used = c.usedImageKeys
        for image in c.movie.images where used.contains(image.key) {
            do {
                _ = try ImageDecoder.decode(image.data, orientation: .ignoreExif)
            } catch {
                findings.append(Finding(.decodePNG,
                    "image \(UntrustedText.quoted(image.key)) cannot be decoded (\(error.description)): re-export it as a PNG",
                    image: image.key))
            }
        }
    }
}
