import Testing

@Test func placeholder_SVGAImageIOTests() {}
