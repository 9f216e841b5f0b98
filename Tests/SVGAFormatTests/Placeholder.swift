import Testing

@Test func placeholder_SVGAFormatTests() {}
