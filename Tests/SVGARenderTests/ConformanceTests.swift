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
    /// reached when bitmap draws took the reference renderer's fixed point and lowp compositing
    /// (issue 8). Values are those medians rounded down, less 0.01 dB. Raise a floor when a change
    /// improves a file; lowering one needs a reason in the issue note (issue 8 lowered one:
    /// gift_receiver_select, 53.25 → 53.13, whose image edges lie on antialiased ring edges that
    /// already differ from the reference by 3–6, while 49 other files rose by up to 35 dB).
    /// A file missing here only has the thresholds.
    static let medianFloors: [String: Double] = [
        "1": 71.19, "11": .infinity, "2": 70.66, "22": 83.15, "22-text": .infinity, "3": 77.02, "33": 93.21,
        "4": 83.24, "750x80": 56.12, "Castle": 95.56, "EmptyState": 41.23, "HamburgerArrow": 77.10,
        "MerryChristmas": 90.19, "PinJump": 43.26, "Rocket": 97.70, "TwitterHeart": 52.08,
        "Walkthrough": 56.89, "alarm": 46.25, "angel": 78.26, "audio_biling": 54.41, "background": 46.97,
        "banner": .infinity, "bubble": 72.64, "clippath": 55.16, "crazy_gift_tips": .infinity,
        "custom_head_marquee": .infinity, "english3": 89.59, "explosion": 56.33, "gift_receiver_select": 53.12,
        "golds1": 79.59, "golds2": 77.57, "golds4": 72.30, "golds5": 72.50, "good_sound": 82.03,
        "halloween": 72.46, "heartbeat": 94.69, "heartbeat_android": 94.69, "hex": .infinity,
        "icon_chatroom_ani_wordgame_nor": 78.89, "jojo_audio": 68.63, "kangua_05": 86.31, "kaola": 50.39,
        "kingset": 91.50, "loading": 74.27, "loading-1": 47.18, "logo": 87.91, "match_guide": 68.07,
        "matte": 53.86, "matteBitmap": 77.39, "matteBitmap_1.x": 77.39, "matteRect": 49.18, "mutiMask": 54.76,
        "mutiMatte": 72.06, "paodonghua00": 78.43, "posche": 73.90, "posche_android": 73.90,
        "readygo": .infinity, "room_big_gift_level1": 86.79, "room_big_gift_level2": 86.79,
        "room_big_gift_level4": 78.62, "rose": 67.12, "rose_1.5.0": 67.12, "rose_2.0.0": 67.12,
        "rose_android": .infinity, "shape-path-undefined": 63.84, "show": 76.45, "soundwave": 63.37,
        "story": 95.71, "test": 67.40, "test2": .infinity, "test_zzechao": 96.30, "times1": 80.18,
        "times3": 74.93, "times4": 72.36, "times5": 72.61, "zadan": 76.55
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
