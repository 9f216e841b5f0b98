import Testing

@Test func placeholder_SVGAKitTests() {}
