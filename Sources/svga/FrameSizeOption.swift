import SVGAFormat

// `--scale S | --width W | --height H` for `render` and `export`: the output size. Width or
// height alone keeps the aspect; both together fit the frame inside W×H (the smaller of the two
// scales, so one side is exact and the other no larger), as a thumbnail box does. `--scale`
// with either is a usage error: two answers to one question.
enum FrameSizeOption {
    static let optionNames: Set<String> = ["scale", "width", "height"]

    static func scale(_ a: Arguments, viewBox: Size) throws(CLIError) -> Double {
        let box = (width: try a.int("width", min: 1), height: try a.int("height", min: 1))
        if a.value("scale") != nil && (box.width != nil || box.height != nil) {
            throw .usage("use --scale or --width/--height, not both")
        }
        if let s = try a.double("scale") { return s }
        var scales: [Double] = []
        if let w = box.width { scales.append(try scale(fitting: w, into: viewBox.width, option: "width")) }
        if let h = box.height { scales.append(try scale(fitting: h, into: viewBox.height, option: "height")) }
        return scales.min() ?? 1
    }

    /// The largest scale whose canvas side, ceil(extent × scale), is at most `target` pixels.
    static func scale(fitting target: Int, into extent: Double, option: String) throws(CLIError) -> Double {
        guard extent > 0, extent.isFinite else { throw .usage("the canvas has no \(option): --\(option) cannot scale it") }
        var s = Double(target) / extent
        // Step down past any rounding that overshoots.
        while (extent * s).rounded(.up) > Double(target) { s = s.nextDown }
        return s
    }
}
