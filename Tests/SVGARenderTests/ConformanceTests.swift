import Foundation
import SVGAFormat
import SVGAImageIO
import SVGARaster
import SVGARender
import Testing

/// Every folder of `../shared/conformance/` (reference frames from the Skia renderer that
/// implements spec Part A): render the listed frames of its corpus file and compare.
/// Thresholds (issue 3): every frame ≥ 30 dB, the median frame of every file ≥ 40 dB.
/// Skia's edge antialiasing is within a few /255 of exact area coverage, so vector content that is
/// right lands at 45–80 dB and bitmap-only frames near infinity (skiaref README).
struct ConformanceTests {
    static let minimumFramePSNR = 30.0
    static let minimumMedianPSNR = 40.0

    /// A ratchet on top of the thresholds: each file's median may not drop below what the renderer
    /// reached when the image sampler took the reference renderer's fixed point (issue 8; every
    /// median was then at or above the first landing's). Values are those medians rounded down,
    /// less 0.01 dB. Raise a floor when a change improves a file; lowering one needs a reason
    /// in the issue note. A file missing here only has the thresholds.
    static let medianFloors: [String: Double] = [
        "1": 58.61, "11": .infinity, "2": 59.80, "22": 72.26, "22-text": .infinity, "3": 59.57, "33": 76.77,
        "4": 63.04, "750x80": 56.12, "Castle": 69.62, "EmptyState": 41.23, "HamburgerArrow": 77.10,
        "MerryChristmas": 75.26, "PinJump": 43.26, "Rocket": 69.92, "TwitterHeart": 52.08,
        "Walkthrough": 56.89, "alarm": 46.23, "angel": 66.42, "audio_biling": 54.41, "background": 46.97,
        "banner": .infinity, "bubble": 56.39, "clippath": 55.13, "crazy_gift_tips": 72.75,
        "custom_head_marquee": .infinity, "english3": 63.97, "explosion": 56.33, "gift_receiver_select": 53.24,
        "golds1": 60.45, "golds2": 60.10, "golds4": 60.34, "golds5": 60.47, "good_sound": 66.61,
        "halloween": 61.78, "heartbeat": 87.50, "heartbeat_android": 87.50, "hex": .infinity,
        "icon_chatroom_ani_wordgame_nor": 60.08, "jojo_audio": 67.78, "kangua_05": 70.30, "kaola": 50.39,
        "kingset": 63.43, "loading": 70.30, "loading-1": 47.18, "logo": 65.29, "match_guide": 66.89,
        "matte": 53.86, "matteBitmap": 77.39, "matteBitmap_1.x": 77.39, "matteRect": 49.18, "mutiMask": 54.76,
        "mutiMatte": 72.05, "paodonghua00": 64.93, "posche": 65.58, "posche_android": 65.58,
        "readygo": .infinity, "room_big_gift_level1": 66.07, "room_big_gift_level2": 65.35,
        "room_big_gift_level4": 59.17, "rose": 57.95, "rose_1.5.0": 57.95, "rose_2.0.0": 57.95,
        "rose_android": .infinity, "shape-path-undefined": 55.05, "show": 69.07, "soundwave": 63.37,
        "story": 60.34, "test": 57.27, "test2": .infinity, "test_zzechao": 80.94, "times1": 60.47,
        "times3": 59.99, "times4": 60.35, "times5": 60.46, "zadan": 64.30
    ]

    static let cases: [String] = {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: ReferenceFrames.conformance.path) else { return [] }
        return names.filter {
            FileManager.default.fileExists(atPath: ReferenceFrames.conformance.appendingPathComponent($0 + "/meta.json").path)
        }.sorted()
    }()

    @Test("../shared/conformance is present (the conformance cases below need it)")
    func sharedFolderPresent() {
        if !ReferenceFrames.sharedIsPresent {
            print("SKIPPED conformance: \(ReferenceFrames.conformance.path) is absent; these tests need ../shared beside the checkout")
        }
        #expect(ReferenceFrames.sharedIsPresent || ProcessInfo.processInfo.environment["CI"] == nil,
                "../shared must be present in CI")
    }

    @Test("conformance", .enabled(if: ReferenceFrames.sharedIsPresent, "needs ../shared/conformance"), arguments: cases)
    func conformance(_ name: String) throws {
        let folder = ReferenceFrames.conformance.appendingPathComponent(name)
        let meta = try JSONDecoder().decode(ReferenceFrames.Meta.self, from: Data(contentsOf: folder.appendingPathComponent("meta.json")))
        let bytes = try ReferenceFrames.bytes(ReferenceFrames.corpus.appendingPathComponent(meta.file))
        let (psnrs, failures) = try ReferenceFrames.compareFolder(folder, movieBytes: bytes, caseName: "conformance-" + name,
                                                                  framePSNR: Self.minimumFramePSNR)
        let median = ReferenceFrames.median(psnrs)
        let minimum = psnrs.min() ?? .nan
        print("conformance \(name): \(psnrs.count) frames, min \(String(format: "%.2f", minimum)) dB, median \(String(format: "%.2f", median)) dB")
        #expect(!psnrs.isEmpty)
        #expect(failures.isEmpty, "\(name): frames below \(Self.minimumFramePSNR) dB:\n\(failures.joined(separator: "\n"))")
        #expect(median >= Self.minimumMedianPSNR, "\(name): median PSNR \(median) dB < \(Self.minimumMedianPSNR) dB")
        if let floor = Self.medianFloors[name] {
            #expect(median >= floor, "\(name): median PSNR \(median) dB fell below its floor \(floor) dB")
        }
    }
}
