import SVGAFormat
import SVGAKit

// File size, decoded image memory, canvas, timing and image count against the profile
// (issue 4). Each check is skipped when its limit is nil (a rules file wrote null).

/// file.size: Tencent's basic gift player recommends ≤ 10 MB; big files stall the download
/// before a gift can play.
struct FileSizeRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        guard let limit = c.limits.maxFileBytes, Double(c.fileBytes) > limit else { return }
        findings.append(Finding(.fileSize,
            "the file is \(byteString(c.fileBytes)), over \(c.profile) \(byteString(Int(limit))) limit: compress the images (e.g. pngquant), remove unused ones or shorten the animation",
            value: .int(c.fileBytes), limit: .number(limit)))
    }
}

/// memory.high / memory.limit: every player decodes each bitmap to width × height × 4 bytes;
/// the official exporter warns above 8 MB because phones run out of memory long before the file
/// size looks large.
struct ImageMemoryRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let bytes = c.imageMemoryBytes
        let largest = c.movie.images.sorted { $0.decodedBytes > $1.decodedBytes }.prefix(3)
            .map { "\(UntrustedText.quoted($0.key)) \($0.pixelWidth)×\($0.pixelHeight) (\(byteString($0.decodedBytes)))" }
            .joined(separator: ", ")
        let detail = "images decode to \(byteString(bytes)) of memory (Σ width × height × 4 over \(c.movie.images.count) images)"
        let advice = "players run out of memory long before the file looks large; shrink or drop the largest images: \(largest)"
        if let limit = c.limits.maxImageMemoryBytes, Double(bytes) > limit {
            findings.append(Finding(.memoryLimit, "\(detail), over \(c.profile) \(byteString(Int(limit))) limit: \(advice)",
                                    value: .int(bytes), limit: .number(limit)))
        } else if let warn = c.limits.warnImageMemoryBytes, Double(bytes) > warn {
            findings.append(Finding(.memoryHigh, "\(detail), over \(c.profile) \(byteString(Int(warn))) warning level: \(advice)",
                                    value: .int(bytes), limit: .number(warn)))
        }
    }
}

/// canvas.empty / canvas.size.
struct CanvasRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let w = c.movie.viewBox.width, h = c.movie.viewBox.height
        let size = "\(format(w))×\(format(h))"
        guard w > 0, h > 0 else {
            findings.append(Finding(.canvasEmpty, "the canvas (viewBox) is \(size): nothing can be drawn; export with the composition's size",
                                    value: .text(size)))
            return
        }
        let maxW = c.limits.maxCanvasWidth, maxH = c.limits.maxCanvasHeight
        if (maxW.map { w > $0 } ?? false) || (maxH.map { h > $0 } ?? false) {
            let limit = "\(maxW.map(format) ?? "any")×\(maxH.map(format) ?? "any")"
            findings.append(Finding(.canvasSize,
                "the canvas is \(size), larger than \(c.profile) \(limit): export at the design size and let the player scale it",
                value: .text(size), limit: .text(limit)))
        }
    }
}

/// fps.invalid / fps.max / fps.nonstandard, frames.empty / frames.max, duration.max.
struct TimingRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let fps = c.movie.fps, frames = c.movie.frameCount
        if fps <= 0 {
            findings.append(Finding(.fpsInvalid, "fps is \(fps): players cannot time the animation; export with a frame rate such as 20 or 30",
                                    value: .int(fps)))
        } else {
            if let maxFps = c.limits.maxFps, Double(fps) > maxFps {
                findings.append(Finding(.fpsMax, "fps \(fps) is over \(c.profile) \(format(maxFps)): re-export at a lower frame rate",
                                        value: .int(fps), limit: .number(maxFps)))
            }
            if let legal = c.limits.legalFps, !legal.contains(fps) {
                let list = legal.map(String.init).joined(separator: ", ")
                var why = "players tick at divisors of 60 Hz"
                if fps < 60 {
                    // iOS steps with a CADisplayLink frameInterval of 60 / fps (integer division),
                    // so e.g. 24 and 25 fps both play at 30 (spec B.6, timing).
                    let iosRate = 60 / (60 / fps)
                    if iosRate != fps { why = "iOS plays it at \(iosRate) fps (its display link steps 60 / fps whole ticks)" }
                }
                findings.append(Finding(.fpsNonstandard,
                    "fps \(fps) is not one of the exporter's rates (\(list)): \(why); re-export at one of those",
                    value: .int(fps), limit: .text(list)))
            }
        }
        if frames <= 0 {
            findings.append(Finding(.framesEmpty, "params.frames is \(frames): there is nothing to play", value: .int(frames)))
            return
        }
        if let maxFrames = c.limits.maxFrames, Double(frames) > maxFrames {
            findings.append(Finding(.framesMax, "the animation has \(frames) frames, over \(c.profile) \(format(maxFrames)): shorten it or lower the frame rate",
                                    value: .int(frames), limit: .number(maxFrames)))
        }
        if fps > 0, let maxMs = c.limits.maxDurationMs {
            let ms = (c.movie.duration * 1000).rounded()
            if ms > maxMs {
                findings.append(Finding(.durationMax,
                    "the animation lasts \(format(ms / 1000)) s (\(frames) frames at \(fps) fps), over \(c.profile) \(format(maxMs / 1000)) s: shorten it",
                    value: .number(ms), limit: .number(maxMs)))
            }
        }
    }
}

/// images.max: each image is a separate decode and texture upload before the gift can start.
struct ImageCountRule: ValidationRule {
    func check(_ c: ValidationContext, into findings: inout [Finding]) {
        let count = c.movie.images.count
        guard let limit = c.limits.maxImages, Double(count) > limit else { return }
        findings.append(Finding(.imagesMax,
            "the file holds \(count) images, over \(c.profile) \(format(limit)): merge small pieces, reuse images across layers, or drop unused ones",
            value: .int(count), limit: .number(limit)))
    }
}
