// swift-tools-version:6.0
// SVGAKit: decode and render SVGA animations headless, on the CPU.
// No package dependencies: system C libraries come in through system-library targets.
import PackageDescription

let package = Package(
    name: "SVGAKit",
    products: [
        .library(name: "SVGAKit", targets: ["SVGAKit"]),
        .executable(name: "svga", targets: ["svga"]),
        .executable(name: "svga-bench", targets: ["svga-bench"]),
        .executable(name: "svga-sample", targets: ["svga-sample"]),
    ],
    targets: [
        // System libraries from Debian (scripts/install-deps.sh installs them).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        // The PNG writer's deflate (libdeflate-dev): much faster than zlib at equal ratio.
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        // Text: shaping, bidi, font discovery and fallback.
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // JPEG and WebP images (avatars, and JPEG images inside .svga files).
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),
        // Palette quantisation for `svga optimize --lossy` (pngquant's library).
        .systemLibrary(name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant",
                       providers: [.apt(["libimagequant-dev"])]),
        // Animated WebP decoding, for the export tests only (ffmpeg 5.1 cannot decode animated WebP).
        .systemLibrary(name: "CWebPDemux", path: "Sources/CWebPDemux", pkgConfig: "libwebpdemux",
                       providers: [.apt(["libwebp-dev"])]),
        // The Redis client library, for the worker pool (svga hook --redis, svga worker).
        .systemLibrary(name: "CHiredis", path: "Sources/CHiredis", pkgConfig: "hiredis",
                       providers: [.apt(["libhiredis-dev"])]),

        // Pure geometry: no pixels, no format.
        .target(name: "SVGAGeometry"),
        // The one JSON tree, parser (size, depth and value caps) and writer; depends on nothing.
        .target(name: "SVGAJSON"),
        // Coverage rasterizer, premultiplied pixmaps, blitters.
        .target(name: "SVGARaster", dependencies: ["SVGAGeometry"]),
        // Containers, wire reader, ZIP reader, 1.x JSON, the resolved movie model.
        .target(name: "SVGAFormat", dependencies: ["SVGAGeometry", "SVGAJSON", "CZlib"]),
        // Our own encoder: protobuf + zlib, 1.x ZIP + movie.spec, ZIP + movie.binary.
        .target(name: "SVGAWriter", dependencies: ["SVGAFormat", "SVGAJSON", "CZlib", "SVGAImageIO", "SVGARaster"]),
        // PNG decode/encode over libpng, APNG assembly.
        .target(name: "SVGAImageIO", dependencies: ["SVGARaster", "CPNG", "CZlib", "CDeflate", "CTurboJPEG", "CWebP", "CImageQuant"]),
        // Text layout: fallback (fontconfig), bidi (FriBidi), shaping (HarfBuzz); glyph outlines
        // from FreeType as geometry paths, colour emoji as premultiplied pixmaps.
        .target(name: "SVGAText", dependencies: ["SVGAGeometry", "SVGARaster", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"]),
        // Movie + frame index (+ dynamic items) -> pixmap.
        .target(name: "SVGARender", dependencies: ["SVGAFormat", "SVGARaster", "SVGAImageIO", "SVGAGeometry", "SVGAText"]),
        // Public façade and the base the product modules share: loading, info, render jobs
        // (SequenceRenderer), export, Locked, AvailableCPUs, ParallelMap, LibraryVersions.
        // Re-exports Format, Render, ImageIO and Raster, whose types its API speaks in.
        .target(name: "SVGAKit", dependencies: ["SVGAFormat", "SVGARender", "SVGAImageIO", "SVGARaster", "SVGAJSON", "CSystemInfo",
                                                "CZlib", "CPNG", "CDeflate", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CWebP"]),
        // Upload checks: rules, profiles, policy files, per-file reports.
        .target(name: "SVGAValidation", dependencies: ["SVGAKit", "SVGAJSON", "SVGAFormat", "SVGARender", "SVGAImageIO", "SVGAGeometry"]),
        // Posters, contact sheets and animated previews of a movie.
        .target(name: "SVGAPreview", dependencies: ["SVGAKit", "SVGAJSON", "SVGAFormat", "SVGARender", "SVGAImageIO", "SVGARaster", "SVGAGeometry", "SVGAText"]),
        // Shrinks a movie and reports validation findings before and after; writes 2.x files
        // with SVGAWriter (which never depends on SVGAKit).
        .target(name: "SVGAOptimize", dependencies: ["SVGAKit", "SVGAJSON", "SVGAValidation", "SVGAFormat", "SVGARender", "SVGAImageIO", "SVGARaster", "SVGAWriter"]),
        // The gift-event hook: catalog, events, resource fetching, combos, output folders, event sources.
        .target(name: "SVGAHook", dependencies: ["SVGAKit", "SVGAJSON", "SVGAFormat", "SVGARender", "SVGAImageIO", "SVGARaster", "CHTTPFetch"]),
        // HTTP(S) downloads over libcurl, loaded at the first download (dlopen) instead of linked:
        // linking it (directly or through FoundationNetworking's URLSession) would load ~27 more
        // shared libraries into every `svga` process, ~8 ms of start-up each.
        .target(name: "CHTTPFetch"),

        // The command-line tool: the façade and the product modules only.
        .executableTarget(name: "svga", dependencies: ["SVGAKit", "SVGAJSON", "SVGAHook", "SVGAValidation", "SVGAPreview", "SVGAOptimize", "SVGAPool"]),
        // libjpeg-turbo's version macro and the CPU affinity count, which Swift cannot reach.
        .target(name: "CSystemInfo"),
        .executableTarget(name: "svga-bench", dependencies: ["SVGAKit", "SVGAFormat", "SVGARender", "SVGAImageIO", "SVGARaster"]),
        .executableTarget(name: "svga-sample", dependencies: ["SVGAWriter", "SVGAFormat", "SVGAImageIO", "SVGARaster", "SVGAGeometry"]),

        // A typed Redis client over hiredis: URLs, argv commands, replies, streams, Lua scripts.
        .target(name: "SVGARedis", dependencies: ["CHiredis"]),
        // The worker pool on Redis Streams: the hook's events and upload jobs, with crash recovery,
        // exactly-once results and combos across workers.
        .target(name: "SVGAPool", dependencies: ["SVGAKit", "SVGAJSON", "SVGAHook", "SVGARedis"]),
        // Measures one child's wall time and peak RSS for the hostile-upload CLI tests.
        .executableTarget(name: "svga-childcost", path: "Tests/ChildCost"),
        .target(name: "SVGATestSupport", dependencies: ["SVGARedis", "SVGAFormat", "SVGARaster", "SVGAImageIO", "SVGAWriter", "CTurboJPEG", "CWebP", "CZlib"], path: "Tests/SVGATestSupport"),
        .testTarget(name: "SVGAGeometryTests", dependencies: ["SVGAGeometry"]),
        .testTarget(name: "SVGAJSONTests", dependencies: ["SVGAJSON"]),
        .testTarget(name: "SVGARasterTests", dependencies: ["SVGARaster", "SVGAGeometry"]),
        .testTarget(name: "SVGATextTests", dependencies: ["SVGAText", "SVGAGeometry", "SVGARaster", "SVGATestSupport"]),
        .testTarget(name: "SVGAFormatTests", dependencies: ["SVGAFormat", "SVGAWriter", "SVGATestSupport"]),
        .testTarget(name: "SVGAImageIOTests", dependencies: ["SVGAImageIO", "SVGARaster", "SVGATestSupport"]),
        .testTarget(name: "SVGARenderTests", dependencies: ["SVGARender", "SVGAFormat", "SVGARaster", "SVGAImageIO", "SVGAWriter", "SVGATestSupport", "SVGAText", "SVGAGeometry"],
                    exclude: ["SampleReferences", "Golden"]),
        .testTarget(name: "SVGAKitTests", dependencies: ["SVGAJSON", "SVGAKit", "SVGAWriter", "SVGATestSupport"]),
        .testTarget(name: "SVGARedisTests", dependencies: ["SVGARedis", "SVGATestSupport"]),
        .testTarget(name: "SVGAPoolTests", dependencies: ["SVGAPool"]),
        .testTarget(name: "SVGAHookTests", dependencies: ["SVGAJSON", "SVGAHook", "SVGAKit", "SVGAWriter", "SVGATestSupport"]),
        .testTarget(name: "SVGAValidationTests", dependencies: ["SVGAJSON", "SVGAValidation", "SVGAKit", "SVGAWriter", "SVGATestSupport"]),
        .testTarget(name: "SVGAPreviewTests", dependencies: ["SVGAPreview", "SVGAKit", "SVGAWriter", "SVGATestSupport"]),
        .testTarget(name: "SVGAOptimizeTests", dependencies: ["SVGAOptimize", "SVGAValidation", "SVGAKit", "SVGAWriter", "SVGATestSupport"]),
        .testTarget(name: "SVGACLITests", dependencies: ["SVGATestSupport", "SVGARedis", "SVGAFormat", "SVGAWriter", "SVGARaster", "SVGAImageIO", "CWebPDemux", "svga-childcost"]),
    ]
)
