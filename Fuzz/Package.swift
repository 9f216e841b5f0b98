// swift-tools-version:6.0
// libFuzzer targets for SVGAKit, kept out of the main package so `swift build` and `swift test`
// never compile them. Build and run with `make fuzz` (scripts/fuzz.sh), which passes
// -sanitize=fuzzer,address and -parse-as-library: each target's main.swift exports
// LLVMFuzzerTestOneInput, and the `<module>_main` SwiftPM links `main` to, which runs libFuzzer's
// driver (LLVMFuzzerRunDriver) on it.
import PackageDescription

let package = Package(
    name: "SVGAFuzz",
    dependencies: [.package(name: "SVGAKit", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver", .product(name: "SVGAKit", package: "SVGAKit")]),
        .executableTarget(name: "fuzz-decode", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-protobuf", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-zip", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-path", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-render", dependencies: ["FuzzSupport"]),
    ]
)
