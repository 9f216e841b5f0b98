// SVGAWriter
