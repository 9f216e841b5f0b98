import SVGAFormat
typealias SVGAFormatMovie = Movie
import SVGARaster
typealias SVGARasterPixmap = Pixmap
