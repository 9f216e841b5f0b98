import CZlib
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGAWriter

/// The hostile uploads of issue 14, generated at test time (small files, nothing large committed).
/// Each is what the issue's table describes, or the smallest file that reaches the same budget
/// now that the budget is lower than the size the table used (the figure is in `why`).
public enum HostileFiles {
    public struct Case: Sendable, CustomStringConvertible {
        public let name: String
        /// The `svga` subcommand and options to run it with (the file path is appended first).
        public let command: [String]
        /// The bytes of the file.
        public let bytes: [UInt8]
        /// A text the error must contain (the stage and what is over the budget), or nil when the
        /// file must be accepted (rendered) within the bounds.
        public let expectedError: String?
        public var description: String { name }
    }

    /// Every case of the table, each with each command the table ran.
    public static func all() -> [Case] {
        var out: [Case] = []
        func add(_ name: String, _ commands: [[String]], _ bytes: [UInt8], _ error: String?) {
            for c in commands { out.append(Case(name: "\(name) (\(c[0]))", command: c, bytes: bytes, expectedError: error)) }
        }
        let info = ["info"], validate = ["validate"], render0 = ["render", "--frame", "0"]
        add("zlib bomb, 1 GiB of zeros (a 10 GiB one stops at the same byte)", [info, render0, validate],
            deflate(zeros: 1 << 30, wrapped: true), "limits: zlib: inflates past")
        add("ZIP entry inflating to a 500 MiB image", [info, validate], zipWithBigImage(), "limits: zip: entry 'big.png'")
        add("protobuf with a 400 MB string field", [info, validate],
            deflate(repeating: protobufStringHeader(field: 1, length: 400_000_000), then: 0x41, count: 400_000_000), "limits: zlib")
        add("protobuf with a 2 MiB string field", [info, validate],
            zlib(protobufStringHeader(field: 1, length: 2 << 20) + [UInt8](repeating: 0x41, count: 2 << 20)),
            "limits: protobuf: MovieEntity.version: string of 2097152 bytes")
        add("1e8 unknown protobuf fields", [info], deflate(pattern: [0x78, 0x00], count: 100_000_000), "limits: zlib")
        add("3e6 unknown protobuf fields", [info], zlib([UInt8]((0..<3_000_000).flatMap { _ in [UInt8(0x78), 0] })),
            "limits: protobuf: protobuf fields")
        add("ZIP with 1000 overlapping 500 KiB entries", [validate], overlappingZip(), "zip: entry")
        add("60 MiB JSON array in movie.spec", [validate], zipSpec(jsonArrayBytes: 60 << 20), "limits: zip: entry 'movie.spec': declares")
        add("1.5e6-value JSON array in movie.spec", [validate], zipSpec(jsonArrayBytes: 3_000_000), "maxJSONTokens")
        add("one 80 MB path d string", [render0], movieWithPath(repeating: "L1 1 ", bytes: 80_000_000), "limits: zlib")
        add("one 300 KiB path d string", [render0, validate], movieWithPath(repeating: "L1 1 ", bytes: 300 << 10), "maxPathBytes")
        add("2e5 huge arcs in one path", [render0], movieWithPath(repeating: "A1e6 1e6 0 1 1 1 1 ", bytes: 200_000 * 20), "maxStringBytes")
        add("1e6 arcs in one path", [render0, validate], movieWithPath(repeating: "a1 1 0 0 0 1 1", bytes: 14_000_000), "maxStringBytes")
        add("10 000 huge arcs around the canvas (culled)", [render0], movieWithPath(repeating: "A1e6 1e6 0 1 1 1 1 ", bytes: 10_000 * 20), nil)
        add("10 000 huge stroked arcs around the canvas", [render0],
            movieWithPath(repeating: "A1e6 1e6 0 1 1 1 1 ", bytes: 10_000 * 20, stroked: true), nil)
        add("16 paths of on-canvas arcs over the point budget", [render0], onCanvasArcs(), "maxFlattenedPointsPerFrame")
        add("16 paths of on-canvas arcs over the point budget", [validate], onCanvasArcs(), "cost.path-complexity")
        add("8192×8192 viewBox", [render0], SVGAEncoder.encodeZlibProtobuf(RawMovie(params: RawParams(viewBoxWidth: 8192, viewBoxHeight: 8192, fps: 20, frames: 1))),
            "limits: protobuf: params: viewBox")
        add("400 kB image key with control characters", [info, validate], movieWithImageKey(), nil)
        return out
    }

    /// A kept fuzz input as an .svga file: whole-file targets as they are; a protobuf message
    /// zlib-wrapped; a movie.spec in a ZIP; path data as one filled shape; a PNG as the image of
    /// one sprite.
    public static func wrap(_ input: [UInt8], asFuzzTarget kind: String) -> [UInt8] {
        switch kind {
        case "protobuf": return zlib(input)
        case "json":
            var zip = RawZip()
            zip.add("movie.spec", deflated: deflate(repeating: input, then: nil, count: 0, wrapped: false), size: input.count,
                    crc: input.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) })
            return zip.finish()
        case "path": return SVGAEncoder.encodeZlibProtobuf(movie(paths: [String(decoding: input, as: UTF8.self)]))
        case "png":
            var raw = movie(paths: [])
            raw.images = [RawImageEntry(key: "img", value: input)]
            raw.sprites = [RawSprite(imageKey: "img", frames: raw.sprites[0].frames)]
            return SVGAEncoder.encodeZlibProtobuf(raw)
        default: return input
        }
    }

    /// A 2.x file whose `version` string is `bytes` long: over the default `maxStringBytes`
    /// (1 MiB) from 1 MiB + 1, within it with `--max-memory 2G` (×4) up to 4 MiB.
    public static func movieWithLongVersion(bytes: Int) -> [UInt8] {
        zlib(protobufStringHeader(field: 1, length: bytes) + [UInt8](repeating: 0x41, count: bytes))
    }

    // MARK: builders

    /// A canvas of 400 × 400 with one sprite drawing `d` (filled) in frame 0.
    static func movie(paths: [String], width: Float = 400, height: Float = 400, stroked: Bool = false) -> RawMovie {
        let red = RawColor(r: 1, g: 0, b: 0, a: 1)
        let style = stroked ? RawShapeStyle(stroke: red, strokeWidth: 4, lineCap: 1, lineJoin: 1) : RawShapeStyle(fill: red)
        let shapes = paths.map { d in RawShape(type: .shape, args: .shape(d: d), styles: style) }
        let frame = RawFrame(alpha: 1, layout: RawLayout(x: 0, y: 0, width: width, height: height),
                             transform: RawTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0), shapes: shapes)
        return RawMovie(version: "2.0", params: RawParams(viewBoxWidth: width, viewBoxHeight: height, fps: 20, frames: 1),
                        sprites: [RawSprite(imageKey: "s", frames: [frame])])
    }

    static func movieWithPath(repeating unit: String, bytes: Int, stroked: Bool = false) -> [UInt8] {
        let count = max(1, bytes / unit.utf8.count)
        let d = "M0 0 " + String(repeating: unit, count: count)
        return SVGAEncoder.encodeZlibProtobuf(movie(paths: [d], stroked: stroked))
    }

    /// 16 distinct paths, each under `maxPathBytes`, of half-circles across the canvas: together
    /// ~4 M points at the renderer's tolerance, over the 2 M budget.
    static func onCanvasArcs() -> [UInt8] {
        let paths = (0..<16).map { i in
            "M0 \(i) " + String(repeating: "A200 200 0 0 1 400 \(i) A200 200 0 0 1 0 \(i) ", count: 5_000)
        }
        return SVGAEncoder.encodeZlibProtobuf(movie(paths: paths))
    }

    static func movieWithImageKey() -> [UInt8] {
        var raw = movie(paths: ["M0 0 L10 0 L10 10 Z"])
        let key = "evil\u{1B}[31m\n" + String(repeating: "k", count: 400_000)
        raw.sprites[0] = RawSprite(imageKey: key, frames: raw.sprites[0].frames)
        raw.images = [RawImageEntry(key: key, value: try! PNGEncoder.encode(Pixmap(width: 4, height: 4)!))]
        return SVGAEncoder.encodeZlibProtobuf(raw)
    }

    static func protobufStringHeader(field: UInt32, length: Int) -> [UInt8] {
        [UInt8(field << 3 | 2)] + varint(UInt64(length))
    }

    static func varint(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
        return out
    }

    /// A ZIP (movie.binary naming image "big", and big.png) whose big.png declares and inflates
    /// to 500 MiB of zeros.
    static func zipWithBigImage() -> [UInt8] {
        var raw = movie(paths: [])
        raw.images = [RawImageEntry(key: "big", value: Array("big".utf8))]
        raw.sprites = [RawSprite(imageKey: "big", frames: raw.sprites[0].frames)]
        var zip = RawZip()
        zip.add("movie.binary", stored: SVGAEncoder.encodeProtobuf(raw))
        zip.add("big.png", deflated: deflate(zeros: 500 << 20, wrapped: false), size: 500 << 20, crc: 0)
        return zip.finish()
    }

    /// movie.binary plus 1000 central-directory entries that all point at one 500 KiB body.
    static func overlappingZip() -> [UInt8] {
        var raw = movie(paths: [])
        raw.images = (0..<1000).map { RawImageEntry(key: "i\($0)", value: Array("i\($0)".utf8)) }
        var zip = RawZip()
        zip.add("movie.binary", stored: SVGAEncoder.encodeProtobuf(raw))
        let body = deflate(zeros: 500 << 10, wrapped: false)
        let offset = zip.add("i0.png", deflated: body, size: 500 << 10, crc: 0)
        for i in 1..<1000 { zip.alias("i\(i).png", of: offset) }
        return zip.finish()
    }

    static func zipSpec(jsonArrayBytes n: Int) -> [UInt8] {
        var zip = RawZip()
        // {"movie":{},"x":[0,0,0,…]}
        let head = Array(#"{"movie":{"viewBox":{"width":10,"height":10},"fps":20,"frames":1},"x":[0"#.utf8)
        let body = deflate(repeating: head, then: nil, pattern: Array(",0".utf8), count: (n - head.count) / 2, tail: Array("]}".utf8), wrapped: false)
        let total = head.count + (n - head.count) / 2 * 2 + 2
        if n <= 16 << 20 {
            // Small enough to hold: a correct CRC, so only the JSON budget can refuse it.
            var text = head
            text.reserveCapacity(total)
            for _ in 0 ..< (n - head.count) / 2 { text += [0x2C, 0x30] }
            text += Array("]}".utf8)
            zip.add("movie.spec", deflated: body, size: total, crc: text.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) })
        } else {
            zip.add("movie.spec", deflated: body, size: total, crc: 0)
        }
        return zip.finish()
    }

    // MARK: deflate, streamed so gigabytes never exist in memory

    public static func zlib(_ data: [UInt8]) -> [UInt8] {
        deflate(repeating: data, then: nil, count: 0)
    }

    static func deflate(zeros n: Int, wrapped: Bool) -> [UInt8] {
        deflate(repeating: [], then: 0, count: n, wrapped: wrapped)
    }

    static func deflate(pattern: [UInt8], count: Int) -> [UInt8] {
        deflate(repeating: [], then: nil, pattern: pattern, count: count)
    }

    /// `head`, then `count` copies of `pattern` (or of the byte `fill`), then `tail`, deflated.
    static func deflate(repeating head: [UInt8], then fill: UInt8?, pattern: [UInt8]? = nil, count: Int,
                        tail: [UInt8] = [], wrapped: Bool = true) -> [UInt8] {
        var stream = z_stream()
        _ = deflateInit2_(&stream, 1, Z_DEFLATED, wrapped ? 15 : -15, 9, Z_DEFAULT_STRATEGY,
                          zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let unit = pattern ?? [fill ?? 0]
        var chunk: [UInt8] = []
        while chunk.count < (1 << 20) { chunk += unit }
        let unitsPerChunk = chunk.count / unit.count
        func feed(_ data: [UInt8], finish: Bool) {
            var data = data
            data.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { b in
                        stream.next_out = b.baseAddress
                        stream.avail_out = UInt32(b.count)
                        _ = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                        out.append(contentsOf: b[0 ..< b.count - Int(stream.avail_out)])
                    }
                } while stream.avail_out == 0 || (finish && stream.avail_in > 0)
            }
        }
        feed(head, finish: false)
        var left = fill == nil && pattern == nil ? 0 : count
        while left > 0 {
            let n = min(left, unitsPerChunk)
            feed(n == unitsPerChunk ? chunk : Array(chunk[0 ..< n * unit.count]), finish: false)
            left -= n
        }
        feed(tail, finish: true)
        return out
    }
}

/// A ZIP written byte by byte, so sizes, CRCs and offsets can lie.
struct RawZip {
    private var body: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0

    @discardableResult
    mutating func add(_ name: String, stored data: [UInt8]) -> Int {
        entry(name, method: 0, data: data, size: data.count, crc: crc(data))
    }

    @discardableResult
    mutating func add(_ name: String, deflated data: [UInt8], size: Int, crc: UInt32) -> Int {
        entry(name, method: 8, data: data, size: size, crc: crc)
    }

    /// A central-directory entry named `name` pointing at the local header at `offset`.
    mutating func alias(_ name: String, of offset: Int) {
        let r = ByteScanner(body, at: offset)
        let method = r.u16(at: 8), crc = r.u32(at: 14), csize = r.u32(at: 18), usize = r.u32(at: 22)
        appendCentral(name, method: method, crc: crc, csize: Int(csize), usize: Int(usize), offset: offset)
    }

    private mutating func entry(_ name: String, method: UInt16, data: [UInt8], size: Int, crc: UInt32) -> Int {
        let offset = body.count
        let n = Array(name.utf8)
        body += le32(0x0403_4B50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21)
        body += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(truncatingIfNeeded: size)) + le16(UInt16(n.count)) + le16(0)
        body += n + data
        appendCentral(name, method: method, crc: crc, csize: data.count, usize: size, offset: offset)
        return offset
    }

    private mutating func appendCentral(_ name: String, method: UInt16, crc: UInt32, csize: Int, usize: Int, offset: Int) {
        let n = Array(name.utf8)
        central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21)
        central += le32(crc) + le32(UInt32(csize)) + le32(UInt32(truncatingIfNeeded: usize)) + le16(UInt16(n.count))
        central += le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + n
        count += 1
    }

    func finish() -> [UInt8] {
        body + central + le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count))
            + le32(UInt32(central.count)) + le32(UInt32(body.count)) + le16(0)
    }

    private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    private func crc(_ d: [UInt8]) -> UInt32 {
        d.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}

private struct ByteScanner {
    let bytes: [UInt8], base: Int
    init(_ bytes: [UInt8], at base: Int) { self.bytes = bytes; self.base = base }
    func u16(at o: Int) -> UInt16 { UInt16(bytes[base + o]) | UInt16(bytes[base + o + 1]) << 8 }
    func u32(at o: Int) -> UInt32 { UInt32(u16(at: o)) | UInt32(u16(at: o + 2)) << 16 }
}

/// A PNG signature and IHDR (enough for the resolver, which reads sizes from headers).
enum FormatPNG {
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + body + be(crc)
    }
}
