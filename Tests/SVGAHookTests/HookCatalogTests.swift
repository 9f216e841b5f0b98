import Foundation
import SVGAFormat
import SVGAHook
import SVGAKit
import SVGARender
import Testing

// Catalog parsing: the gift-service shape, both extensionInfo forms (object and JSON string),
// category defaults, relative resource paths, and the difference between a broken catalog
// (an error: the hook cannot start) and one broken gift (kept as that gift's failure).
struct HookCatalogTests {
    let base = URL(fileURLWithPath: "/srv/gifts")

    func parse(_ json: String) throws -> GiftCatalog {
        try GiftCatalog.parse(Data(json.utf8), baseDirectory: base)
    }

    func gift(_ catalog: GiftCatalog, _ id: String) throws -> Gift {
        let result = try #require(catalog.gift(id: id))
        return try result.get()
    }

    @Test func extensionInfoAsObject() throws {
        let catalog = try parse("""
        {"categories": [{"categoryID": 7, "name": "Hot", "giftList": [
          {"giftID": "rose", "name": "Rose", "resourceURL": "rose.svga", "level": 2, "coins": 10,
           "extensionInfo": {"svga.avatarKey": "avatar", "svga.nameKey": "nickname", "svga.countKey": "count",
                             "svga.nameStyle": {"size": 20, "color": "#FF0000", "align": "left"},
                             "svga.countFormat": "×{count}", "svga.avatarMask": "radius:6", "svga.avatarFit": "stretch"}}]}]}
        """)
        let rose = try gift(catalog, "rose")
        #expect(rose.name == "Rose")
        #expect(rose.level == 2 && rose.coins == 10)
        #expect(rose.categoryID == "7")
        #expect(rose.resourceURL == "/srv/gifts/rose.svga")
        #expect(rose.slots.avatarKey == "avatar")
        #expect(rose.slots.nameKey == "nickname")
        #expect(rose.slots.countKey == "count")
        #expect(rose.slots.nameStyle.size == 20)
        #expect(rose.slots.nameStyle.alignment == .left)
        #expect(rose.slots.nameStyle.color == Color(r: 1, g: 0, b: 0, a: 1))
        #expect(rose.slots.countText(5) == "×5")
        #expect(rose.slots.avatarMask == .roundedCorners(radius: 6))
        #expect(rose.slots.avatarFit == .stretch)
    }

    @Test func extensionInfoAsJSONString() throws {
        let catalog = try parse(#"""
        [{"categoryID": "1", "giftList": [{"giftID": 42, "resourceURL": "https://cdn.example/a.svga",
          "extensionInfo": "{\"svga.avatarKey\":\"head\",\"svga.countStyle\":\"{\\\"size\\\":12}\"}"}]}]
        """#)
        let g = try gift(catalog, "42")
        #expect(g.resourceURL == "https://cdn.example/a.svga")
        #expect(g.slots.avatarKey == "head")
        #expect(g.slots.countStyle.size == 12)
        // Defaults for everything not named.
        #expect(g.slots.nameKey == nil)
        #expect(g.slots.countText(3) == "x3")
        #expect(g.slots.avatarMask == .circle)
        #expect(g.slots.avatarFit == .aspectFill)
    }

    @Test func categoryExtensionInfoIsTheDefault() throws {
        let catalog = try parse("""
        {"data": {"categories": [{"categoryID": "c", "extensionInfo": {"svga.nameKey": "nick", "svga.countKey": "n"},
          "giftList": [{"giftID": "a", "resourceURL": "a.svga"},
                       {"giftID": "b", "resourceURL": "b.svga", "extensionInfo": {"svga.nameKey": "other"}}]}]}}
        """)
        #expect(try gift(catalog, "a").slots.nameKey == "nick")
        #expect(try gift(catalog, "b").slots.nameKey == "other")
        #expect(try gift(catalog, "b").slots.countKey == "n")
        #expect(catalog.categories.first?.giftIDs == ["a", "b"])
    }

    @Test func oneBrokenGiftDoesNotBreakTheCatalog() throws {
        let catalog = try parse("""
        {"categories": [{"giftList": [
          {"giftID": "good", "resourceURL": "g.svga"},
          {"giftID": "typo", "resourceURL": "t.svga", "extensionInfo": {"svga.nameKye": "x"}},
          {"giftID": "badmask", "resourceURL": "t.svga", "extensionInfo": {"svga.avatarMask": "square"}},
          {"giftID": "good", "resourceURL": "dup.svga"},
          {"name": "no id"}]}]}
        """)
        #expect(try gift(catalog, "good").resourceURL == "/srv/gifts/g.svga")
        let typo = try #require(catalog.gift(id: "typo"))
        #expect(throws: CatalogError.self) { try typo.get() }
        if case .failure(let e) = typo { #expect(e.description.contains("svga.nameKye")) }
        if case .failure(let e)? = catalog.gift(id: "badmask") { #expect(e.description.contains("avatarMask")) }
        #expect(catalog.gift(id: "missing") == nil)
        #expect(catalog.problems.contains { $0.contains("more than once") })
        #expect(catalog.problems.contains { $0.contains("no giftID") })
    }

    @Test(arguments: ["not json", #"{"gifts": 1}"#, "42"])
    func unusableCatalogIsAnError(_ text: String) {
        #expect(throws: CatalogError.self) { try GiftCatalog.parse(Data(text.utf8)) }
    }

    @Test func missingFileNamesThePath() {
        do {
            _ = try GiftCatalog.load(path: "/nonexistent/catalog.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/nonexistent/catalog.json"))
        }
    }

    @Test func flatGiftArrayIsOneCategory() throws {
        let catalog = try parse(#"[{"giftID": "x", "resourceURL": "file:///tmp/x.svga"}]"#)
        #expect(try gift(catalog, "x").resourceURL == "file:///tmp/x.svga")
        #expect(catalog.giftCount == 1)
    }
}
