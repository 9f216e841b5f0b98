import FuzzSupport

/// The whole decoder: container detection, zlib or ZIP, protobuf or JSON, resolution.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? SVGADecoder.decode(fuzzBytes(data, size), budget: fuzzBudget)
    return 0
}
