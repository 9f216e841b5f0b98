import FuzzSupport

/// The ZIP reader: directory parsing, overlap and size checks, then every entry read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let archive = try? ZipArchive(fuzzBytes(data, size), budget: fuzzBudget) else { return 0 }
    for entry in archive.entries { _ = try? archive.read(entry) }
    return 0
}

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_zip_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzZip($0, $1) })
}
