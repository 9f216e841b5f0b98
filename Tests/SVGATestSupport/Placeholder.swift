import SVGAFormat
