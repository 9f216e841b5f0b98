public enum LineCap: String, Sendable, Hashable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Sendable, Hashable, CaseIterable { case miter, round, bevel }
public enum FillRule: Sendable, Hashable { case nonZero, evenOdd }

/// A dash pattern in the path's own units: alternating on/off lengths, started `phase`
/// units into the pattern.
public struct DashPattern: Sendable, Hashable {
    public var lengths: [Double]
    public var phase: Double
    public init(lengths: [Double], phase: Double) { self.lengths = lengths; self.phase = phase }
}

/// How to stroke a path, in the path's own units (spec A.5: shape-local units).
public struct StrokeStyle: Sendable, Hashable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Miter limit as a ratio of miter length to stroke width; ≤ 1 turns every miter into a bevel.
    public var miterLimit: Double
    public var dash: DashPattern?

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter,
                miterLimit: Double = 4, dash: DashPattern? = nil) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.dash = dash
    }
}
