import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

@Suite struct ASCIIRendererTests {
  func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

  @Test func drawsBoxesWithinTheColumns() throws {
    let text = ASCIIRenderer(columns: 60).render(try sampleSnapshot())
    for line in lines(text) {
      #expect(line.count <= 60)
      #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
    }
    #expect(text.contains("+=top"))  // a header: '=' edges, id on the top edge
    #expect(text.contains("+=bottom"))
    #expect(text.contains("+-plain"))
    #expect(text.contains("| compactWidth,"))  // traits on the second row, cut to fit
    #expect(text.contains("+-<a&\"b>"))
    #expect(text.contains("S0"))
    #expect(text.contains("S1"))
    #expect(text.contains("."))  // content insets
    #expect(!text.contains("(pinned)"))
  }

  @Test func identifiersAreCutAndSanitized() throws {
    var model = sampleModel()
    model.sections[0].cells[1].id = "\u{1B}[31mred-and-a-very-long-identifier-indeed"
    let text = ASCIIRenderer(columns: 40).render(try model.layout())
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("?[31m"))
    #expect(text.contains("~"))  // cut
  }

  @Test func viewportMarksThePinnedHeader() throws {
    let snapshot = try sampleSnapshot()
    let viewport = snapshot.viewport(at: Point(x: 0, y: 200), size: Size(width: 300, height: 150))
    let text = ASCIIRenderer(columns: 80).render(snapshot, viewport: viewport)
    let rows = lines(text)
    #expect(rows[0].contains("+#top (pinned)"))
    #expect(rows.count <= Int((150.0 * 75 / 300 / 2).rounded(.up)) + 2)  // rows, legend, final newline
    #expect(!text.contains("s1-19"))
  }

  @Test func tallDrawingsAreCut() throws {
    let text = ASCIIRenderer(columns: 40, maxRows: 10).render(try sampleSnapshot())
    let rows = lines(text)
    #expect(rows.count == 13)  // 10 rows, the legend, the note, and the final newline
    #expect(rows[10].hasPrefix("+--+ cell"))
    #expect(rows[11].hasPrefix("... cut at 10 rows"))
  }
}

@Suite struct ASCIIRendererEdgeTests {
  @Test func framesFarOffTheGridDoNotTrap() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 100),
      sections: [
        Section(cells: [Cell(id: "huge", width: 1e12, height: 1e12), Cell(id: "b", width: 10, height: 10)])
      ])
    let text = ASCIIRenderer(columns: 30, maxRows: 5).render(try model.layout())
    #expect(text.contains("cut at 5 rows"))
  }
}
