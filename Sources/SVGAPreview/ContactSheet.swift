import SVGAGeometry
import SVGAKit
import SVGARaster
import SVGAText

/// The contact sheet (issue 4, sheet.png): a grid of frames, each on a checkerboard so
/// transparency shows, with its frame index in a band below. The grid is as close to square as
/// the cell's aspect ratio allows, so a wide banner gets one column and a tall gift several.
struct ContactSheet {
    static let padding = 8
    static let background: UInt8 = 244

    let cellWidth: Int, cellHeight: Int
    let columns: Int, rows: Int

    init(cellWidth: Int, cellHeight: Int, count: Int) {
        self.cellWidth = cellWidth; self.cellHeight = cellHeight
        let pitchX = Double(cellWidth + ContactSheet.padding)
        let pitchY = Double(cellHeight + SheetLabel.bandHeight + ContactSheet.padding)
        // cols × pitchX ≈ rows × pitchY with rows = count / cols.
        let ideal = (Double(max(count, 1)) * pitchY / pitchX).squareRoot().rounded()
        columns = min(max(1, Int(ideal)), max(count, 1))
        rows = (max(count, 1) + columns - 1) / columns
    }

    var width: Int { ContactSheet.padding + columns * (cellWidth + ContactSheet.padding) }
    var height: Int { ContactSheet.padding + rows * (cellHeight + SheetLabel.bandHeight + ContactSheet.padding) }

    /// The cell rectangle of the i-th frame (row-major).
    func cell(_ i: Int) -> IntRect {
        let col = i % columns, row = i / columns
        return IntRect(x: ContactSheet.padding + col * (cellWidth + ContactSheet.padding),
                       y: ContactSheet.padding + row * (cellHeight + SheetLabel.bandHeight + ContactSheet.padding),
                       width: cellWidth, height: cellHeight)!
    }

    /// Draws the sheet; `label` nil leaves the bands empty (no font available).
    func render(_ frames: [(index: Int, pixmap: Pixmap)], label: SheetLabel?) -> Pixmap? {
        guard var sheet = Pixmap(width: width, height: height) else { return nil }
        Checkerboard.fill(sheet.bounds, gray: ContactSheet.background, in: &sheet)
        for (i, frame) in frames.enumerated() {
            let rect = cell(i)
            Checkerboard.paint(rect, in: &sheet)
            let mask = CoverageMask(bounds: rect, filledWith: 255)
            sheet.drawImage(frame.pixmap, imageToDevice: .translation(Double(rect.x), Double(rect.y)),
                            alpha: 1, mask: mask, clip: nil)
            if let label, let band = IntRect(x: rect.x, y: rect.maxY, width: rect.width, height: SheetLabel.bandHeight) {
                let long = "frame \(frame.index)"
                let text = label.face.layoutLine(long, size: SheetLabel.size).advance <= Double(rect.width) ? long : "\(frame.index)"
                label.draw(text, in: band, on: &sheet)
            }
        }
        return sheet
    }
}
