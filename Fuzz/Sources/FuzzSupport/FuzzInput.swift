import CFuzzerDriver
@_exported import SVGAFormat
@_exported import SVGAGeometry
@_exported import SVGAImageIO
@_exported import SVGAJSON
@_exported import SVGARaster
@_exported import SVGARender

/// The budget every target decodes under: the default, as an upload pipeline runs. An input
/// that blows it must be refused by the decoder (a DecodeError), never by libFuzzer's RSS or
/// timeout limits, which `make fuzz` sets to the bounds (100 MB, 1 s).
public let fuzzBudget = DecodeBudget.default

/// libFuzzer's buffer as an array (one copy, by memcpy).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return [UInt8](UnsafeBufferPointer(start: data, count: size))
}

/// Runs libFuzzer's driver (its usual command line) on `test`. Each target calls this from the
/// `<module>_main` function SwiftPM makes the program's entry point.
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    // glibc serves allocations over 128 KiB with mmap and gives them back on free, so every run
    // of a large seed page-faulted its frame arrays in afresh: ~20 % of each execution on a
    // 30 000-frame movie. Keep freed memory in the heap instead (a no-op under ASan, whose
    // allocator does not use glibc's).
    svga_fuzz_keep_heap()
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, test)
}
