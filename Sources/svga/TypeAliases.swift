import SVGAKit
typealias SVGAFormatMovie = Movie
typealias SVGARasterPixmap = Pixmap
