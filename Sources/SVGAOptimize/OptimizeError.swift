import SVGAValidation
/// Why `svga optimize` could not produce a file. The path is the input's; the CLI prints
/// `svga: PATH: optimize: <stage>: <message>`.
public struct OptimizeError: Error, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable {
        /// The input folder cannot be listed.
        case input
        /// The input does not decode (the decoder's message follows).
        case decode
        /// An image inside the file cannot be decoded or re-encoded.
        case image
        /// Rendering the original or the result for the proof failed.
        case render
    }
    public let stage: Stage
    public let message: String
    public init(_ stage: Stage, _ message: String) { self.stage = stage; self.message = message }
    public var description: String { "\(stage.rawValue): \(message)" }
}
