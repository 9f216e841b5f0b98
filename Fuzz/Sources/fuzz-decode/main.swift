import FuzzSupport

/// The whole decoder: container detection, zlib or ZIP, protobuf or JSON, resolution.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? SVGADecoder.decode(fuzzBytes(data, size), budget: fuzzBudget)
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_decode_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzDecode($0, $1) })
}
