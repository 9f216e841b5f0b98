import FuzzSupport

/// PNG decoding through libpng, capped at the budget's image size as the renderer's decode is
/// by the resolver's header check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? PNGDecoder.decode(fuzzBytes(data, size), maxPixels: fuzzBudget.maxImagePixels)
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_png_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzPNG($0, $1) })
}
