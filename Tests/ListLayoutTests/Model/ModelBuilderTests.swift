import ListLayout
import Testing

/// The model DSL is ListLayout's own: this target does not link the testing module.
@Suite struct ModelBuilderTests {
  @Test func buildsTheSameModelAsTheLongHand() {
    let showFooter = true
    let built = ListModel(width: 320, contentInsets: .zero, layoutManager: HubLayoutManager(margin: 8)) {
      Section(header: 44.5, attributes: .topCenter) {
        Cell("a", 100, 50, traits: [.fullWidth])
        Cell("b").endsLine()
        for i in 0..<3 { Cell("c\(i)", 10, Double(i)) }
        Cell(nil, 5, 5).beginsLine().indentsLines().insets(EdgeInsets(all: 2))
      }
      if showFooter {
        Section(footer: Supplementary(height: 20, id: "f")) {}
      } else {
        Section {}
      }
      [Section(), Section()]
      Section(layout: .sequential(SequentialSectionDefaults())) {
        Cell("flex", content: Layout(identifier: "x"), width: .lineWidth)
        Cell("s", 1, 2).placed(by: .topAlignedFlow, padding: EdgeInsets(all: 1))
      }
    }
    var placed = Cell(id: "s", width: 1, height: 2)
    placed.sequential = SequentialItemOptions(frameCalculator: .topAlignedFlow, padding: EdgeInsets(all: 1))
    var longHand = ListModel(
      configuration: ListConfiguration(
        width: 320, contentInsets: .zero, layoutManager: HubLayoutManager(margin: 8)))
    longHand.sections = [
      Section(
        header: Supplementary(height: 44.5),
        cells: [
          Cell(id: "a", width: 100, height: 50, traits: [.fullWidth]),
          Cell(id: "b", attributes: CellAttributes(shouldEndLine: true)),
          Cell(id: "c0", width: 10, height: 0), Cell(id: "c1", width: 10, height: 1),
          Cell(id: "c2", width: 10, height: 2),
          Cell(
            width: 5, height: 5,
            attributes: CellAttributes(
              insets: EdgeInsets(all: 2), shouldBeginLine: true, startLineIndentation: true)),
        ], attributes: .topCenter),
      Section(footer: Supplementary(height: 20, id: "f")), Section(), Section(),
      Section(
        cells: [
          Cell(id: "flex", size: .flex(FlexContent(Layout(identifier: "x"), width: .lineWidth))),
          placed,
        ], layout: .sequential(SequentialSectionDefaults())),
    ]
    #expect(built == longHand)
    #expect(built != ListModel(width: 320) {})
  }

  @Test func sectionsTakeIdentifiersAndBackgrounds() {
    let model = ListModel(width: 200) {
      Section(id: "s", background: SectionBackground(id: "bg")) { Cell("a", 10, 10) }
    }
    #expect(model.sections[0].id == "s")
    #expect(model.sections[0].background == SectionBackground(id: "bg"))
    #expect(model.sections[0].cells.map(\.id) == ["a"])
  }

  @Test func sectionsTakeTheirBehaviours() throws {
    let model = ListModel(width: 200) {
      Section(
        header: 20, footer: 10, separator: SectionSeparator(thickness: 1, id: "line"), collapsed: true,
        pinHeader: false, pinFooter: true
      ) { Cell("a", 10, 10) }
      Section { Cell("b", 10, 10) }
    }
    let first = model.sections[0]
    #expect(first.separator == SectionSeparator(thickness: 1, id: "line"))
    #expect(first.collapsed && first.pinHeader == false && first.pinFooter == true)
    let second = model.sections[1]
    #expect(
      second.separator == nil && !second.collapsed && second.pinHeader == nil && second.pinFooter == nil)
    // Collapsed as written: its header and footer only.
    #expect(try model.layout().numberOfItems(inSection: 0) == 0)
  }
}
