import FuzzSupport

/// The protobuf MovieEntity decoder past zlib (the input is the inflated message), then the
/// resolver on what it produced.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtobuf(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let raw = try? SVGADecoder.decodeMovieEntity(fuzzBytes(data, size), budget: fuzzBudget) else { return 0 }
    _ = try? MovieResolver.resolve(raw, container: .zlibProtobuf, budget: fuzzBudget)
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_protobuf_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzProtobuf($0, $1) })
}
