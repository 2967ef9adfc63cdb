import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

/// Pictures of carousels: the whole row drawn, the part past the list's width faded.
@Suite struct CarouselRenderTests {
  /// A 200-point list without insets: a carousel of four 90 × 40 cells 10 apart (content 390).
  static func snapshot() throws -> LayoutSnapshot {
    var configuration = ListConfiguration(width: 200)
    configuration.contentInsets = .zero
    return try ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: (0..<4).map { Cell(id: "c\($0)", width: 90, height: 40) },
          layout: .carousel(CarouselLayout(itemSpacing: 10)))
      ]
    ).layout()
  }

  @Test func svgDrawsTheWholeRowFadedPastTheListWidth() throws {
    let svg = SVGRenderer().render(try Self.snapshot())
    // Every cell, the last two past the list's width (x = 200 ..< 390).
    for id in ["c0", "c1", "c2", "c3"] { #expect(svg.contains(">\(id)</text>")) }
    #expect(svg.contains(#"<rect x="300" y="0" width="90" height="40""#))
    #expect(
      svg.contains(
        ##"<g class="beyond" fill="#f8fafc" fill-opacity=".65"><rect x="200" y="0" width="190" height="40"/>"##
      ))
    // The panel is as wide as the row.
    #expect(svg.contains(#"width="430" height="40" viewBox="-40 0 430 40""#))
  }

  @Test func asciiFadesThePartPastTheListWidth() throws {
    let text = ASCIIRenderer(columns: 44).render(try Self.snapshot())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // 39 drawing columns for 390 points: 10 points a column; the list's edge is column 5 + 20,
    // past it box edges are dots.
    #expect(lines[0] == "S0 : +-c0----+ +-c1----+ ..c2..... ..c3.....", "\(text)")
    #expect(lines[1] == "   : +-------+ +-------+ ......... .........", "\(text)")
    #expect(text.contains("+..+ past the list's width"))
  }

  @Test func picturesWithoutCarouselsAreUnchanged() throws {
    let plain = try sampleSnapshot()
    #expect(!SVGRenderer().render(plain).contains("beyond"))
    #expect(!ASCIIRenderer().render(plain).contains("past the list's width"))
  }
}
