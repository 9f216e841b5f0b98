import Testing

@Test func placeholder_SVGARasterTests() {}
