import Foundation
import Testing
@testable import SVGAFormat

// Every file of the shared corpus decodes to what `manifest.json` says: container, version,
// viewBox, fps, frames, sprite / bitmap / audio counts and the feature flags; the corrupt one is
// rejected with an error naming its stage. The corpus is test data only and is never copied into
// the repository; without `../shared` next to the checkout these tests are skipped, visibly.

struct CorpusEntry: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let corrupt: Bool
    let container: String?
    let version: String?
    let viewBox: (Double, Double)?
    let fps: Int?
    let frames: Int?
    let sprites: Int?
    let bitmapImages: Int?
    let audios: Int?
    let audioBlobs: Int?
    let features: MovieFeatures?

    var testDescription: String { name }
}

enum Corpus {
    /// `<repo>/../shared/corpus`, found from this file (symlinks resolved, so a private package
    /// that links the test directory finds the same place).
    static let directory: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()   // SVGAFormatTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // repo
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path)
    }

    static let entries: [CorpusEntry] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("manifest.json")),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [[String: Any]] else { return [] }
        return files.map { f in
            let vb = f["viewBox"] as? [String: Any]
            let feats = f["features"] as? [String: Bool]
            return CorpusEntry(
                name: f["name"] as? String ?? "?", file: f["file"] as? String ?? "?",
                corrupt: f["corrupt"] as? Bool ?? false, container: f["container"] as? String,
                version: f["version"] as? String,
                viewBox: vb.map { (($0["width"] as? NSNumber)?.doubleValue ?? -1, ($0["height"] as? NSNumber)?.doubleValue ?? -1) },
                fps: (f["fps"] as? NSNumber)?.intValue, frames: (f["frames"] as? NSNumber)?.intValue,
                sprites: (f["sprites"] as? NSNumber)?.intValue, bitmapImages: (f["bitmapImages"] as? NSNumber)?.intValue,
                audios: (f["audios"] as? NSNumber)?.intValue, audioBlobs: (f["audioBlobs"] as? NSNumber)?.intValue,
                features: feats.map {
                    MovieFeatures(bitmaps: $0["bitmaps"] ?? false, shapes: $0["shapes"] ?? false, keep: $0["keep"] ?? false,
                                  clipPath: $0["clipPath"] ?? false, matte: $0["matte"] ?? false, audio: $0["audio"] ?? false)
                })
        }
    }()

    static func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
    }
}

@Suite(.enabled(if: Corpus.isAvailable, "the shared corpus (<repo>/../shared/corpus) is not present"))
struct CorpusTests {
    @Test func manifestListsTheWholeCorpus() {
        #expect(Corpus.entries.count == 77)
        #expect(Corpus.entries.filter(\.corrupt).map(\.name) == ["wear1"])
    }

    @Test(arguments: Corpus.entries)
    func decodesAsTheManifestSays(_ entry: CorpusEntry) throws {
        let bytes = try Corpus.bytes(entry.file)
        if entry.corrupt {
            #expect {
                _ = try SVGADecoder.decode(bytes)
            } throws: { error in
                guard let e = error as? DecodeError else { return false }
                return e.description.hasPrefix("\(e.stage.rawValue): ") && !e.message.isEmpty
            }
            return
        }
        let movie = try SVGADecoder.decode(bytes)
        #expect(movie.container.rawValue == entry.container)
        #expect(movie.version == entry.version)
        #expect(movie.viewBox.width == entry.viewBox?.0)
        #expect(movie.viewBox.height == entry.viewBox?.1)
        #expect(movie.fps == entry.fps)
        #expect(movie.frameCount == entry.frames)
        #expect(movie.sprites.count == entry.sprites)
        #expect(movie.images.count == entry.bitmapImages)
        #expect(movie.audios.count == entry.audios)
        #expect(movie.audioKeys.count == entry.audioBlobs)
        #expect(movie.features == entry.features)
        // The raw form agrees with the resolved one.
        let (raw, kind) = try SVGADecoder.decodeRaw(bytes)
        #expect(kind == movie.container)
        #expect(raw.sprites.count == movie.sprites.count)
    }

    /// wear1.svga is text-mangled (UTF-8 replacement characters where binary bytes were): it must
    /// fail in the zlib stage at its header, with the offset named.
    @Test func corruptFileNamesTheZlibHeader() throws {
        let bytes = try Corpus.bytes("wear1.svga")
        do {
            _ = try SVGADecoder.decode(bytes)
            Issue.record("wear1.svga decoded")
        } catch {
            #expect(error.stage == .zlib)
            #expect(error.description == "zlib: incorrect header check at offset 0")
        }
    }

    /// Performance budget from the brief: the largest files decode well under a second, even in a
    /// debug build.
    @Test func largestFileDecodesQuickly() throws {
        let largest = Corpus.entries.filter { !$0.corrupt }
            .max { (try? Corpus.bytes($0.file).count) ?? 0 < (try? Corpus.bytes($1.file).count) ?? 0 }
        let bytes = try Corpus.bytes(try #require(largest).file)
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try SVGADecoder.decode(bytes) }
        #expect(elapsed < .seconds(1), "decoding \(largest!.file) took \(elapsed)")
    }
}
