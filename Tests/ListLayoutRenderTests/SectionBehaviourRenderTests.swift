import LayoutGeometry
import ListLayout
import ListLayoutRender
import ListLayoutTesting
import Testing

/// Separators, collapsed sections and per-section pinning in every renderer and in the
/// testing module's layout text.
@Suite struct SectionBehaviourRenderTests {
  /// Three 20-point rows 10 apart with 2-point separators inset 10 and 20; a collapsed
  /// section (header and footer) below; no insets, so frames read plainly.
  static func model(horizontal: Bool = false) -> ListModel {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    if horizontal { configuration.scrollDirection = .horizontal }
    return ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: [
            Cell(id: "a", width: 100, height: 20), Cell(id: "b", width: 100, height: 20),
            Cell(id: "c", width: 100, height: 20),
          ],
          attributes: SectionAttributes(lineSpacing: 10),
          separator: SectionSeparator(thickness: 2, leftInset: 10, rightInset: 20, id: "rule")),
        Section(
          header: Supplementary(height: 10, id: "more"), footer: Supplementary(height: 10, id: "end"),
          cells: [Cell(id: "hidden", width: 10, height: 10)], collapsed: true, pinHeader: false),
      ])
  }

  @Test func layoutTextListsSeparatorsWithTheirIdentifiers() throws {
    let text = try Self.model().layout().layoutText()
    #expect(text.contains("separator [0, 0] \"rule\" (10, 24, 70, 2)"), "\(text)")
    #expect(text.contains("separator [0, 1] \"rule\" (10, 54, 70, 2)"), "\(text)")
    #expect(!text.contains("hidden"))
    #expect(text.contains("footer [1, 0] \"end\" (0, 90, 100, 10)"), "\(text)")
  }

  @Test func asciiDrawsSeparatorsAsRules() throws {
    let snapshot = try Self.model().layout()
    let text = ASCIIRenderer(columns: 45).render(snapshot)
    // Rows of 5 points: the separators at 24–26 and 54–56 fall on rows 5 and 11.
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[5].contains("______"), "\(text)")
    #expect(rows[11].contains("______"), "\(text)")
    #expect(ASCIIRenderer(columns: 140).render(snapshot).contains("____ separator"))
    // A horizontal list's separators are columns of `|` between its columns of cells.
    var horizontal = Self.model(horizontal: true)
    horizontal.sections[0].cells = [Cell(width: 40, height: 100), Cell(width: 40, height: 100)]
    let drawn = ASCIIRenderer(columns: 140).render(try horizontal.layout())
    #expect(drawn.contains("____ separator"), "\(drawn)")
    #expect(drawn.split(separator: "\n").filter { $0.contains("|      |     |") }.count >= 3, "\(drawn)")
  }

  @Test func svgDrawsSeparatorsWithALegendEntry() throws {
    let snapshot = try Self.model().layout()
    let svg = SVGRenderer().render(snapshot)
    #expect(svg.components(separatedBy: "<g class=\"separator\"><title>").count - 1 == 2)
    #expect(svg.contains(".separator>rect{"))
    #expect(svg.contains(">separator</text>"), "the legend names separators")
    #expect(svg.contains("x=\"10\" y=\"24\" width=\"70\" height=\"2\""))
  }

  @Test func htmlEmbedsSeparatorsCollapsedSectionsAndPinning() throws {
    let snapshot = try Self.model().layout()
    let json = HTMLRenderer().layoutJSON(snapshot)
    #expect(json.contains("\"sep\":[[10,70,2,\"rule\",[24,54]],null]"), "\(json)")
    #expect(json.contains("\"kept\":[0,1]"), "\(json)")
    #expect(json.contains("\"pinHeader\":[null,false]"), "\(json)")
    #expect(json.contains("\"pinFooter\":[null,null]"), "\(json)")
    // A list without the new keys embeds none of them.
    var plain = Self.model()
    plain.sections[0].separator = nil
    plain.sections[1].collapsed = false
    plain.sections[1].pinHeader = nil
    let bare = HTMLRenderer().layoutJSON(try plain.layout())
    for key in ["\"sep\"", "\"kept\"", "\"pinHeader\"", "\"pinFooter\""] { #expect(!bare.contains(key)) }
  }
}
