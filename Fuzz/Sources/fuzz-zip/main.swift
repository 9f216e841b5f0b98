import FuzzSupport

/// The ZIP reader: directory parsing, overlap and size checks, then every entry read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let archive = try? ZipArchive(fuzzBytes(data, size), budget: fuzzBudget) else { return 0 }
    for entry in archive.entries { _ = try? archive.read(entry) }
    return 0
}
