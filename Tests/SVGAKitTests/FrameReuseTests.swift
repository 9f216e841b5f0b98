import Foundation
import SVGAFormat
import SVGAImageIO
import SVGAKit
import SVGARender
import SVGATestSupport
import Testing

/// Identical frames cost nothing (issue 8): a frame whose draw list equals the previous frame's
/// reuses that frame's PNG bytes. The reuse must be invisible in the output: every frame's bytes
/// equal those of rendering and encoding that frame on its own.
struct FrameReuseTests {
    /// Every frame written through the sequence writer equals the frame rendered alone, and the
    /// frames it reports as reused really render to the same pixels as the frame they reuse.
    @Test(arguments: ["audio", "keep", "matte", "gift"])
    func reusedFramesEqualFramesRenderedAlone(_ sample: String) throws {
        let movie = try SVGADecoder.decode(Fixtures.sampleAsset(sample + ".svga"))
        let renderer = try MovieRenderer(movie: movie)
        let collected = SequenceRendererTests.Collected()
        let reused = try SequenceRenderer(renderer: renderer, threads: 2)
            .forEachEncodedFrame(Array(0..<movie.frameCount)) { n, png in collected.set(n, png) }
        let written = collected.all
        #expect(written.count == movie.frameCount)
        for n in 0..<movie.frameCount {
            let alone = try PNGEncoder.encode(renderer.render(frame: n), compression: .fast)
            #expect(written[n] == alone, "\(sample) frame \(n) differs from the frame rendered alone")
        }
        let first = renderer.firstIdenticalFrames()
        #expect(reused == first.indices.filter { first[$0] != $0 }.count)
        for n in first.indices where first[n] != n {
            #expect(try renderer.render(frame: n) == renderer.render(frame: first[n]), "\(sample): frame \(n) is not identical to \(first[n])")
        }
    }

    /// audio.svga holds a pose (frames identical to the frame before them): they are found and
    /// reused, and the summary of `write` counts them.
    @Test func heldPosesAreReused() throws {
        let movie = try SVGADecoder.decode(Fixtures.sampleAsset("audio.svga"))
        let renderer = try MovieRenderer(movie: movie)
        let first = renderer.firstIdenticalFrames()
        let held = first.indices.filter { first[$0] != $0 }.count
        #expect(held > 0, "audio.svga was expected to hold a pose")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try SequenceRenderer(renderer: renderer).write(Array(0..<movie.frameCount), to: folder)
        #expect(summary.reused == held)
        #expect(summary.frames == movie.frameCount)
    }

    /// A frame differs from its predecessor when any sprite's alpha, transform or shapes differ:
    /// consecutive frames of an animated sample are never merged.
    @Test func animatedFramesAreNotMerged() throws {
        let movie = try SVGADecoder.decode(Fixtures.sampleAsset("shapes.svga"))
        let renderer = try MovieRenderer(movie: movie)
        for n in 1..<movie.frameCount {
            let same = renderer.drawsIdentically(n, n - 1)
            let pixelsSame = try renderer.render(frame: n) == renderer.render(frame: n - 1)
            #expect(!same || pixelsSame, "frames \(n) and \(n - 1) declared identical but render differently")
        }
        #expect(renderer.firstIdenticalFrames() == Array(0..<movie.frameCount))
    }
}
