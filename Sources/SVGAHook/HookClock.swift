import Dispatch
import SVGAKit

/// The hook's notion of "now", in seconds on a monotonic clock. Combo windows are measured on
/// it; tests inject their own so merging is checked without sleeping.
public struct HookClock: Sendable {
    public let now: @Sendable () -> Double
    public init(now: @escaping @Sendable () -> Double) { self.now = now }

    /// `DispatchTime` uptime: monotonic, unaffected by wall-clock changes.
    public static let monotonic = HookClock { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
