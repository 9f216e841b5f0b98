// SVGAKit
