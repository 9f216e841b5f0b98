#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers so geometry code needs no Foundation.
extension Double {
    @inlinable public static func cosine(_ x: Double) -> Double { cos(x) }
    @inlinable public static func sine(_ x: Double) -> Double { sin(x) }
    @inlinable public static func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
    @inlinable public static func arcCosine(_ x: Double) -> Double { acos(x) }
    @inlinable public static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
}
