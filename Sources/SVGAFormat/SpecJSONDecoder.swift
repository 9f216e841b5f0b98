import SVGAJSON

// 1.x `movie.spec` (spec B.1.3) → RawMovie, normalised to the protobuf shapes so that one
// resolver serves every container:
// - colours are arrays [r, g, b, a] (an {r,g,b,a} object is tolerated); spec A.5: when r, g or b
//   is above 1 the whole array, alpha included, is on the 0..255 scale and all four are divided
//   by 255 (recorded as a `colorOutOfRange` diagnostic). A missing alpha is opaque;
// - enums are strings, case-insensitive (lineCap butt/round/square, lineJoin miter/round/bevel,
//   type shape/rect/ellipse/keep); numbers are accepted too and kept as numbers. An unknown cap or
//   join string is the default (0); an unknown type string is `unknownType = -1` (draws nothing);
// - `lineDash` is [I, II, III] → lineDashI/II/III;
// - numbers may be JSON numbers or numeric strings; anything else counts as absent;
// - hidden frames are `{}` (alpha absent = 0, spec A.3); a frame that is not an object is `{}`;
// - a present `transform` / `layout` object has its missing members as 0, as protobuf does
//   (spec A.3: no 0 → 1 fix-up);
// - `images` values are file base names: here they become the name's UTF-8 bytes, and
//   `ZipContainerDecoder` replaces them by the `<name>.png` file (spec A.1).
// Members of the wrong JSON type are treated as absent (as the Python reference decoder does);
// only a top level that is not an object, bad syntax and the `Limits` counts are errors.

public enum JSONFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not JSON, or over the parser's size, depth or value caps (SVGAJSON names line and column).
    case parse(JSONParseError)
    case notAnObject
    case tooLarge(bytes: Int, limit: Int)
    case limitExceeded(what: String, count: Int, limit: Int)

    public var description: String {
        switch self {
        case .parse(let e): return e.description
        case .notAnObject: return "the top level is not a JSON object"
        case .tooLarge(let n, let limit): return "\(n) bytes > limit \(limit)"
        case .limitExceeded(let what, let n, let limit): return "\(what): \(n) > \(limit)"
        }
    }
}

enum SpecJSONDecoder {
    static func decode(_ data: [UInt8], budget: DecodeBudget = .default) throws(JSONFormatError) -> (RawMovie, [Diagnostic]) {
        guard data.count <= budget.maxSpecJSONBytes else {
            throw .tooLarge(bytes: data.count, limit: budget.maxSpecJSONBytes)
        }
        let root: JSONValue
        do {
            root = try JSONValue.parse(data, limits: JSONLimits(maxBytes: budget.maxSpecJSONBytes, maxDepth: Limits.maxJSONDepth,
                                                                 maxTokens: budget.maxJSONTokens))
        } catch { throw .parse(error) }
        guard root.isObject else { throw .notAnObject }
        var state = State()
        let movie = try state.movie(root)
        return (movie, state.diagnostics)
    }

    private struct State {
        var diagnostics: [Diagnostic] = []
        var totalFrames = 0
        var totalShapes = 0
        var sprite = 0
        var frame = 0

        mutating func movie(_ root: JSONValue) throws(JSONFormatError) -> RawMovie {
            var movie = RawMovie(version: "")
            switch root["ver"] {
            case .string(let s)?: movie.version = s
            case let v? where v.isNumber: movie.version = number(v).map { String($0) } ?? ""
            default: break
            }
            if let m = root["movie"], m.isObject {
                let vb = m["viewBox"]
                movie.params = RawParams(viewBoxWidth: float(vb?["width"]), viewBoxHeight: float(vb?["height"]),
                                         fps: int32(m["fps"]), frames: int32(m["frames"]))
            }
            if case .object(let members)? = root["images"] {
                var index: [String: Int] = [:]
                for (key, value) in members {
                    let name: String
                    switch value {
                    case .string(let s): name = s
                    case let v where v.isNumber:
                        guard let n = number(v) else { continue }
                        name = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
                    default: continue
                    }
                    if let i = index[key] {           // duplicate key: last value, first position
                        movie.images[i].value = Array(name.utf8)
                    } else {
                        guard movie.images.count < Limits.maxImages else {
                            throw .limitExceeded(what: "images", count: movie.images.count + 1, limit: Limits.maxImages)
                        }
                        index[key] = movie.images.count
                        movie.images.append(RawImageEntry(key: key, value: Array(name.utf8)))
                    }
                }
            }
            for s in root["sprites"]?.arrayValue ?? [] where s.isObject {
                guard movie.sprites.count < Limits.maxSprites else {
                    throw .limitExceeded(what: "sprites", count: movie.sprites.count + 1, limit: Limits.maxSprites)
                }
                sprite = movie.sprites.count
                movie.sprites.append(try self.sprite(s))
            }
            for a in root["audios"]?.arrayValue ?? [] where a.isObject {
                guard movie.audios.count < Limits.maxAudios else {
                    throw .limitExceeded(what: "audios", count: movie.audios.count + 1, limit: Limits.maxAudios)
                }
                movie.audios.append(RawAudio(audioKey: string(a["audioKey"]) ?? "",
                                             startFrame: int32(a["startFrame"]), endFrame: int32(a["endFrame"]),
                                             startTime: int32(a["startTime"]), totalTime: int32(a["totalTime"])))
            }
            return movie
        }

        mutating func sprite(_ s: JSONValue) throws(JSONFormatError) -> RawSprite {
            var out = RawSprite(imageKey: string(s["imageKey"]) ?? "", matteKey: string(s["matteKey"]) ?? "")
            let frames = s["frames"]?.arrayValue ?? []
            guard frames.count <= Limits.maxFramesPerSprite else {
                throw .limitExceeded(what: "frames in one sprite", count: frames.count, limit: Limits.maxFramesPerSprite)
            }
            totalFrames += frames.count
            guard totalFrames <= Limits.maxTotalFrames else {
                throw .limitExceeded(what: "frames in all sprites", count: totalFrames, limit: Limits.maxTotalFrames)
            }
            out.frames.reserveCapacity(frames.count)
            for (n, f) in frames.enumerated() {
                frame = n
                out.frames.append(try self.frame(f))
            }
            return out
        }

        mutating func frame(_ f: JSONValue) throws(JSONFormatError) -> RawFrame {
            guard f.isObject else { return RawFrame() }
            var out = RawFrame(alpha: float(f["alpha"]))
            if let l = f["layout"], l.isObject {
                out.layout = RawLayout(x: float(l["x"]), y: float(l["y"]), width: float(l["width"]), height: float(l["height"]))
            }
            out.transform = transform(f["transform"])
            out.clipPath = string(f["clipPath"])
            let shapes = f["shapes"]?.arrayValue ?? []
            guard shapes.count <= Limits.maxShapesPerFrame else {
                throw .limitExceeded(what: "shapes in one frame", count: shapes.count, limit: Limits.maxShapesPerFrame)
            }
            totalShapes += shapes.count
            guard totalShapes <= Limits.maxTotalShapes else {
                throw .limitExceeded(what: "shapes in all frames", count: totalShapes, limit: Limits.maxTotalShapes)
            }
            out.shapes = shapes.map { shape($0) }
            return out
        }

        mutating func shape(_ s: JSONValue) -> RawShape {
            guard s.isObject else { return RawShape(unknownType: -1) }
            var out = RawShape()
            switch s["type"] {
            case nil, .null?: break
            case .string(let name)?:
                switch name.trimmingASCIIWhitespace().lowercased() {
                case "shape": out.type = .shape
                case "rect": out.type = .rect
                case "ellipse": out.type = .ellipse
                case "keep": out.type = .keep
                default:
                    // A numeric string is a number ("numbers may be strings"); any other name is unknown.
                    if numericString(name) != nil {
                        let n = int32(.string(name))
                        if let t = RawShapeType(rawValue: n) { out.type = t } else { out.unknownType = n }
                    } else {
                        out.unknownType = -1
                    }
                }
            case let other?:
                let n = int32(other)
                if let t = RawShapeType(rawValue: n) { out.type = t } else { out.unknownType = n }
            }
            if let args = s["args"], args.isObject, out.unknownType == nil {
                switch out.type {
                case .shape: out.args = .shape(d: string(args["d"]) ?? "")
                case .rect:
                    out.args = .rect(x: float(args["x"]), y: float(args["y"]), width: float(args["width"]),
                                     height: float(args["height"]), cornerRadius: float(args["cornerRadius"]))
                case .ellipse:
                    out.args = .ellipse(x: float(args["x"]), y: float(args["y"]), radiusX: float(args["radiusX"]),
                                        radiusY: float(args["radiusY"]))
                case .keep: break
                }
            }
            if let st = s["styles"], st.isObject { out.styles = style(st) }
            out.transform = transform(s["transform"])
            return out
        }

        mutating func style(_ s: JSONValue) -> RawShapeStyle {
            var out = RawShapeStyle()
            out.fill = color(s["fill"], "fill")
            out.stroke = color(s["stroke"], "stroke")
            out.strokeWidth = float(s["strokeWidth"])
            out.lineCap = enumValue(s["lineCap"], ["butt": 0, "round": 1, "square": 2])
            out.lineJoin = enumValue(s["lineJoin"], ["miter": 0, "round": 1, "bevel": 2])
            out.miterLimit = float(s["miterLimit"])
            if let dash = s["lineDash"]?.arrayValue {
                if dash.count > 0 { out.lineDashI = float(dash[0]) }
                if dash.count > 1 { out.lineDashII = float(dash[1]) }
                if dash.count > 2 { out.lineDashIII = float(dash[2]) }
            }
            return out
        }

        mutating func color(_ v: JSONValue?, _ role: String) -> RawColor? {
            let parts: [JSONValue?]
            switch v {
            case .array(let a)?: parts = a.map { Optional($0) }
            case .object?: parts = [v?["r"], v?["g"], v?["b"], v?["a"]]
            default: return nil
            }
            guard parts.count >= 3, let r = number(parts[0]), let g = number(parts[1]), let b = number(parts[2]) else {
                return nil
            }
            let a = parts.count > 3 ? number(parts[3]) : nil
            if r > 1 || g > 1 || b > 1 {
                if diagnostics.count < Limits.maxDiagnostics {
                    diagnostics.append(Diagnostic(kind: .colorOutOfRange, sprite: sprite, frame: frame,
                                                  message: "\(role) colour [\(r), \(g), \(b), \(a ?? 255)] is on the 0..255 scale; divided by 255"))
                }
                return RawColor(r: Float(r / 255), g: Float(g / 255), b: Float(b / 255), a: Float((a ?? 255) / 255))
            }
            return RawColor(r: Float(r), g: Float(g), b: Float(b), a: Float(a ?? 1))
        }

        func transform(_ v: JSONValue?) -> RawTransform? {
            guard let t = v, t.isObject else { return nil }
            return RawTransform(a: float(t["a"]), b: float(t["b"]), c: float(t["c"]), d: float(t["d"]),
                                tx: float(t["tx"]), ty: float(t["ty"]))
        }

        /// A name (case-insensitive), or a number / numeric string kept as is; unknown names → 0.
        func enumValue(_ v: JSONValue?, _ names: [String: Int32]) -> Int32 {
            if case .string(let s)? = v, numericString(s) == nil { return names[s.trimmingASCIIWhitespace().lowercased()] ?? 0 }
            return int32(v)
        }

        func numericString(_ s: String) -> Double? { Double(s.trimmingASCIIWhitespace()) }

        /// Only a JSON string (JSONValue.stringValue would also give a number's text; here a
        /// member of the wrong type counts as absent).
        func string(_ v: JSONValue?) -> String? {
            if case .string(let s)? = v { return s }
            return nil
        }

        /// A JSON number, or a string holding one; nil otherwise.
        func number(_ v: JSONValue?) -> Double? {
            switch v {
            case .int(let n)?: return Double(n)
            case .number(let n)?: return n
            case .numberText(let t)?: return Double(t)
            case .string(let s)?: return Double(s.trimmingASCIIWhitespace())
            default: return nil
            }
        }

        func float(_ v: JSONValue?) -> Float { Float(number(v) ?? 0) }

        /// Integers truncate toward zero and clamp to Int32 (non-finite → 0), as a protobuf int32
        /// field cannot hold more; the resolver's limits then judge the value.
        func int32(_ v: JSONValue?) -> Int32 {
            guard let n = number(v), n.isFinite else { return 0 }
            return Int32(max(Double(Int32.min), min(Double(Int32.max), n.rounded(.towardZero))))
        }
    }
}

extension String {
    /// Trims spaces, tabs, CR and LF (no Foundation needed).
    func trimmingASCIIWhitespace() -> String {
        let ws: Set<Character> = [" ", "\t", "\r", "\n"]
        guard let first = firstIndex(where: { !ws.contains($0) }),
              let last = lastIndex(where: { !ws.contains($0) }) else { return "" }
        return String(self[first ... last])
    }
}
