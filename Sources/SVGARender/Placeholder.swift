// SVGARender
