import Testing

@Test func placeholder_SVGAGeometryTests() {}
