import FuzzSupport

/// The SVG path parser, then flattening of what it parsed, culled to a 400 × 400 canvas, only
/// when the point count is within the frame budget (as the renderer does).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard size <= fuzzBudget.maxPathBytes else { return 0 }
    let d = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    let path = SVGPathParser.parse(d).path
    let canvas = Rect(x: 0, y: 0, width: 400, height: 400)
    let points = Flattener.pointCount(path, transform: .identity, tolerance: 0.1, visible: canvas)
    if points <= fuzzBudget.maxFlattenedPointsPerFrame {
        _ = Flattener.flatten(path, transform: .identity, tolerance: 0.1, visible: canvas)
    }
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_path_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzPath($0, $1) })
}
