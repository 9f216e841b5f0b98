import FuzzSupport

/// Decode, then render the first and the last frame (the frame budget refuses frames too costly
/// to draw). At most 256 px on the long side: the pixel loops are the same at any scale, and a
/// full 1080 × 1920 canvas per input would leave few executions per second for the decoder,
/// the flattener and the stroker, which are what hostile data reaches.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let movie = try? SVGADecoder.decode(fuzzBytes(data, size), budget: fuzzBudget),
          let renderer = try? MovieRenderer(movie: movie) else { return 0 }
    let side = max(movie.viewBox.width, movie.viewBox.height)
    let scale = side > 256 ? 256 / side : 1
    for frame in Set([0, max(0, movie.frameCount - 1)]) { _ = try? renderer.render(frame: frame, scale: scale) }
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_render_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzRender($0, $1) })
}
