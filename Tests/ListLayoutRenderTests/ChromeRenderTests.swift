import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

/// Section backgrounds, the list header and footer, and horizontal lists in every renderer.
@Suite struct ChromeRenderTests {
  /// A list header (pinned) and footer around one section with a header, a background and
  /// two cells; no insets or spacing, so frames read plainly.
  static func model(horizontal: Bool = false) -> ListModel {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    configuration.listHeader = ListSupplementary(height: 20, id: "top", pinned: true)
    configuration.listFooter = ListSupplementary(height: 10, id: "end")
    if horizontal { configuration.scrollDirection = .horizontal }
    return ListModel(
      configuration: configuration,
      sections: [
        Section(
          header: Supplementary(height: 10, id: "h"),
          cells: [Cell(id: "a", width: 50, height: 30), Cell(id: "b", width: 45, height: 30)],
          background: SectionBackground(id: "bg"))
      ])
  }

  @Test func asciiDrawsTheListHeaderFooterAndBackgroundAtTheirPlaces() throws {
    let snapshot = try Self.model().layout()
    // Rows of 5 points: the list header 0–20, the section header 20–30, cells 30–60 (the
    // background, 20–60, shows only between and beside them), the list footer 60–70.
    let text = ASCIIRenderer(columns: 45).render(snapshot)
    #expect(
      text.split(separator: "\n").prefix(14).joined(separator: "\n") == """
             +=top==================================+
             |                                      |
             |                                      |
             +======================================+
        S0 : +=h====================================+
           : +======================================+
           : +-a----------------+  +-b--------------+
           : |                  |  |                |
           : |                  |  |                |
           : |                  |  |                |
           : |                  |  |                |
           : +------------------+~~+----------------+
             +=end==================================+
             +======================================+
        """)
    #expect(ASCIIRenderer(columns: 120).render(snapshot).contains("+~~+ background  +==+ list header/footer"))
    // Scrolled to 30: the list header pinned at the top, the section header below it.
    let frame = snapshot.viewport(scrolledTo: 30, length: 40)
    let scrolled = ASCIIRenderer(columns: 45).render(snapshot, viewport: frame)
    #expect(scrolled.contains("S0 : +#top (pinned)####"))
    #expect(scrolled.contains("   : +#h (pinned)####"))
  }

  @Test func asciiDrawsAHorizontalListAlongX() throws {
    let text = ASCIIRenderer(columns: 45).render(try Self.model(horizontal: true).layout())
    // Columns: the list header (0–20), the section header (20–30), cells a over b (30–80),
    // the list footer (80–90); 40 characters for 90 points.
    let first = text.split(separator: "\n")[0]
    #expect(first == "     +=top===++==++-a-------------------++==+")
    #expect(!text.contains("S0"))
  }

  @Test func svgDrawsChromeBelowCellsWithItsStyle() throws {
    let snapshot = try Self.model().layout()
    let svg = SVGRenderer().render(snapshot)
    #expect(svg.contains(".background>rect{"))
    #expect(svg.contains(".listHeader>rect{"))
    let background = try #require(svg.range(of: "<g class=\"background\">"))
    let cell = try #require(svg.range(of: "<g class=\"cell"))
    #expect(background.lowerBound < cell.lowerBound)  // z-index −1: drawn first
    #expect(svg.contains("<g class=\"listHeader\"><title>top (0, 0, 100, 20)</title>"))
    #expect(svg.contains("<g class=\"listFooter\"><title>end (0, 60, 100, 10)</title>"))
    // A pinned list header in a viewport.
    let pinned = SVGRenderer().render(snapshot, viewports: [snapshot.viewport(scrolledTo: 30, length: 40)])
    #expect(pinned.contains("<g class=\"listHeader pinned\">"))
    // Pictures without chrome keep their style sheet as it was.
    let plain = try ListModel(
      configuration: ListConfiguration(width: 100), sections: [Section(cells: [Cell(width: 10, height: 10)])]
    ).layout()
    #expect(!SVGRenderer().render(plain).contains(".background>rect{"))
  }

  @Test func svgDrawsAHorizontalList() throws {
    let snapshot = try Self.model(horizontal: true).layout()
    let svg = SVGRenderer().render(snapshot, viewports: [snapshot.viewport(scrolledTo: 25, length: 50)])
    #expect(svg.contains("viewport at x = 25 · 50 × 100"))
    // The list header pinned at the leading edge, a column.
    #expect(svg.contains("<g class=\"listHeader pinned\"><title>top (25, 0, 20, 100) pinned</title>"))
  }

  @Test func htmlPageEmbedsChromeInLayoutSpace() throws {
    let json = HTMLRenderer().layoutJSON(try Self.model(horizontal: true).layout())
    // A horizontal list's frames are written transposed: the page scrolls them along x.
    #expect(json.contains(#""width":100,"height":90,"horizontal":true,"#))
    #expect(json.contains(#""list":[[0,0,100,20,0,"top",true],[0,80,100,10,0,"end",false]]"#))
    #expect(json.contains(#""background":[[0,20,100,60,0,"bg"]]"#))
    #expect(json.contains(#""header":[[0,20,100,10,0,"h"]]"#))
    let vertical = HTMLRenderer().layoutJSON(try Self.model().layout())
    #expect(vertical.contains(#""width":100,"height":70,"horizontal":false,"#))
    #expect(vertical.contains(#""background":[[0,20,100,40,0,"bg"]]"#))
  }
}
