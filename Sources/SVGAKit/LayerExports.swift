// The façade's public API speaks in the layers' types: MovieLoader returns a `Movie` and takes a
// `DecodeBudget`, SequenceRenderer wraps a `MovieRenderer` with `DynamicItems` and writes
// `Pixmap`s with a `PNGCompression`, and the errors a client maps to messages are `DecodeError`,
// `RenderError` and `ImageDecodeError`. Re-exporting those modules lets a client (the CLI, the
// worker) import SVGAKit and the product modules only, never a layer below by name.
@_exported import SVGAFormat
@_exported import SVGAImageIO
@_exported import SVGARaster
@_exported import SVGARender
