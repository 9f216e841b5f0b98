import FuzzSupport

/// The JSON layer (SVGAJSON) as the 1.x decoder drives it: movie.spec parsed under the
/// budget's caps, decoded and resolved. Then, for text that parses, the writer's promise:
/// what it writes parses back to the same text (a mismatch traps, which libFuzzer reports).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    if let raw = try? SVGADecoder.decodeSpecJSON(bytes, budget: fuzzBudget) {
        _ = try? MovieResolver.resolve(raw, container: .zipSpec, budget: fuzzBudget)
    }
    guard let value = try? JSONValue.parse(bytes, limits: fuzzJSONLimits) else { return 0 }
    let text = value.serialized()
    // Escapes may lengthen the text (\b is written \u0008): only the depth cap applies here.
    let unbounded = JSONLimits(maxBytes: .max, maxDepth: fuzzJSONLimits.maxDepth, maxTokens: .max)
    guard let again = try? JSONValue.parse(text, limits: unbounded), again.serialized() == text else {
        fatalError("JSON round trip changed the text: \(text.prefix(200))")
    }
    return 0
}

/// The decoder's caps, so the round trip sees the documents the decoder accepts.
let fuzzJSONLimits = JSONLimits(maxBytes: fuzzBudget.maxSpecJSONBytes, maxDepth: Limits.maxJSONDepth,
                                maxTokens: fuzzBudget.maxJSONTokens)

/// The program's entry point (SwiftPM links `main` to it): libFuzzer's driver on the function above.
@_cdecl("fuzz_json_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, { fuzzJSON($0, $1) })
}
