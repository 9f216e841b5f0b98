import Testing

@Test func placeholder_SVGARenderTests() {}
