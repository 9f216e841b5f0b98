import Testing

@Test func placeholder_SVGACLITests() {}
