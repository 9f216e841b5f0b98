/// A flattened subpath as the stroker and dasher see it: a `Polyline` plus, per vertex, whether
/// the vertex lies *inside* a flattened curve.
///
/// Why the flag: the stroke of a chord polyline with round joins is within the flattening
/// tolerance of the stroke of the curve (a Minkowski sum with a disc moves by at most the
/// Hausdorff distance of its operand), whatever the pen width. So vertices inside a curve get a
/// round join (which degenerates to a bevel for the tiny turns of a smooth curve), and only the
/// ends of path segments get the user's join, as Skia strokes curves.
struct FlatContour: Sendable {
    var points: [Point]
    /// `smooth[i]` is true when `points[i]` is interior to a flattened curve. Either empty (not
    /// tracked: every vertex is a corner) or exactly `points.count` long.
    var smooth: [Bool]
    var isClosed: Bool

    @inline(__always) func isSmooth(_ i: Int) -> Bool { smooth.isEmpty ? false : smooth[i] }
}
