import FuzzSupport

/// The 1.x movie.spec JSON parser and decoder, then the resolver.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let raw = try? SVGADecoder.decodeSpecJSON(fuzzBytes(data, size), budget: fuzzBudget) else { return 0 }
    _ = try? MovieResolver.resolve(raw, container: .zipSpec, budget: fuzzBudget)
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_json_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzJSON($0, $1) })
}
