import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

/// Every renderer draws in the stacking order of the Queries article's table: issue 34's
/// pinned list header over a pushed-up section header, badges over cells, a shrinking header
/// at its current height.
@Suite struct StackingRenderTests {
  static func snapshot() throws -> LayoutSnapshot {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero)
    configuration.listHeader = ListSupplementary(height: 44, id: "bar", pinned: true)
    return try ListModel(
      configuration: configuration,
      sections: [
        Section(header: Supplementary(height: 40, id: "h0"), cells: [Cell(id: "a", width: 200, height: 100)]),
        Section(header: Supplementary(height: 40, id: "h1"), cells: [Cell(id: "b", width: 200, height: 400)]),
      ]
    ).layout()
  }

  @Test func svgDrawsThePinnedListHeaderAfterThePushedUpSectionHeader() throws {
    let snapshot = try Self.snapshot()
    let viewport = snapshot.viewport(at: Point(x: 0, y: 120), size: Size(width: 200, height: 200))
    let svg = SVGRenderer().render(snapshot, viewports: [viewport])
    let bar = try #require(svg.range(of: "<title>bar"))
    let h0 = try #require(svg.range(of: "<title>h0"))
    #expect(h0.lowerBound < bar.lowerBound)
  }

  @Test func asciiDrawsThePinnedListHeaderOverThePushedUpSectionHeader() throws {
    let snapshot = try Self.snapshot()
    let viewport = snapshot.viewport(at: Point(x: 0, y: 120), size: Size(width: 200, height: 200))
    let text = ASCIIRenderer(columns: 45).render(snapshot, viewport: viewport)
    // The bar (120–164) covers h0's top (144), where h0's title would be: drawn after h0,
    // the bar hides it.
    #expect(text.contains("bar (pinned)"))
    #expect(!text.contains("h0"))
  }

  @Test func htmlPageStacksPinnedListChromeAbovePinnedSectionHeaders() throws {
    let page = HTMLRenderer().render(try Self.snapshot())
    #expect(page.contains("z: pinned ? 1025 : 1"))
  }

  @Test func badgesAreDrawnOverTheirCells() throws {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero)
    configuration.pinSectionHeaders = false
    let snapshot = try ListModel(
      configuration: configuration,
      sections: [
        Section(cells: [
          Cell(
            id: "a", width: 100, height: 40,
            badges: [Badge(id: "dot", size: Size(width: 20, height: 20), anchor: .center)])
        ])
      ]
    ).layout()
    let svg = SVGRenderer().render(snapshot)
    let cell = try #require(svg.range(of: "<title>a"))
    let badge = try #require(svg.range(of: "<title>dot"))
    #expect(cell.lowerBound < badge.lowerBound)
    #expect(svg.contains("<g class=\"badge\"><title>dot"))
    let ascii = ASCIIRenderer(columns: 120).render(snapshot)
    #expect(ascii.contains("+**+ badge"))
    #expect(ascii.contains("*"))
    let page = HTMLRenderer().render(snapshot)
    #expect(page.contains("\"badges\":{\"x\":[40],\"y\":[10],\"w\":[20],\"h\":[20],\"c\":[0],\"b\":[0]"))
    // A list without badges embeds none.
    #expect(!HTMLRenderer().render(try Self.snapshot()).contains("\"badges\":{"))
  }
}
