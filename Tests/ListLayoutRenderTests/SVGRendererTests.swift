import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct SVGRendererTests {
  /// Whether `text` is well-formed XML.
  func isWellFormed(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse()
  }

  @Test func wholeContentDrawsEveryElementWithLabels() throws {
    let snapshot = try sampleSnapshot()
    let svg = SVGRenderer(title: "sample").render(snapshot)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(isWellFormed(svg))
    #expect(occurrences(of: "<g class=\"cell ", in: svg) == 23)
    // Two headers and the legend's header swatch (nothing is pinned, so no "pinned header" swatch).
    #expect(occurrences(of: "<g class=\"header", in: svg) == 2 + 1)
    #expect(occurrences(of: "<g class=\"footer\"><title>", in: svg) == 1)
    #expect(svg.contains(">plain</text>"))
    #expect(svg.contains(">s1-19</text>"))
    #expect(svg.contains(">0.2</text>"))  // a cell without an id is labelled by its index path
    #expect(svg.contains("[compactWidth, stackable]"))  // the tooltip
    #expect(svg.contains(">compactWidth · stack…</text>"))  // the label, cut to fit
    #expect(svg.contains(">top</text>"))
    #expect(svg.contains(">bottom</text>"))
    #expect(!svg.contains("pinned</text>"))
    // Content insets (four bands) and two section bands.
    #expect(occurrences(of: "<rect class=\"inset\" x=", in: svg) == 4)
    #expect(occurrences(of: "<rect class=\"band", in: svg) == 2 + 1)  // and the legend's swatch
    #expect(svg.contains(">S0</text>") && svg.contains(">S1</text>"))
  }

  @Test func identifiersAreEscaped() throws {
    let svg = SVGRenderer(title: "<title & \"quotes\">").render(try sampleSnapshot())
    #expect(svg.contains("&lt;a&amp;&quot;b&gt;"))
    #expect(!svg.contains("<a&\"b>"))
    #expect(svg.contains("&lt;title &amp; &quot;quotes&quot;&gt;"))
    #expect(isWellFormed(svg))
  }

  @Test func controlCharactersCannotBreakTheDocument() throws {
    var model = sampleModel()
    model.sections[0].cells[1].id = "bell\u{7}\u{0}end"
    let svg = SVGRenderer().render(try model.layout())
    #expect(svg.contains("bell\u{FFFD}\u{FFFD}end"))
    #expect(isWellFormed(svg))
  }

  @Test func viewportShowsOnlyVisibleElementsAndMarksThePinnedHeader() throws {
    let snapshot = try sampleSnapshot()
    let viewport = snapshot.viewport(at: Point(x: 0, y: 200), size: Size(width: 300, height: 150))
    let visibleCells = viewport.elements.filter { $0.kind == .cell }
    #expect(viewport.elements.contains { $0.isPinned })
    let svg = SVGRenderer().render(snapshot, viewports: [viewport])
    #expect(isWellFormed(svg))
    #expect(occurrences(of: "<g class=\"cell ", in: svg) == visibleCells.count)
    #expect(visibleCells.count < 23)
    #expect(!svg.contains(">s1-19</text>"))
    #expect(svg.contains("<g class=\"header pinned\"><title>top [fullWidth]"))
    #expect(svg.contains("pinned</text>"))
    #expect(svg.contains("viewport at y = 200"))
    #expect(svg.contains("viewBox=\"-40 200 340 150\""))  // the panel shows the viewport's rect
  }

  @Test func severalViewportsSideBySide() throws {
    let snapshot = try sampleSnapshot()
    let viewports = [0.0, 300, 600].map {
      snapshot.viewport(at: Point(x: 0, y: $0), size: Size(width: 300, height: 200))
    }
    let svg = SVGRenderer().render(snapshot, viewports: viewports)
    #expect(occurrences(of: "viewport at y = ", in: svg) == 3)
    #expect(occurrences(of: "<rect class=\"frame\"", in: svg) == 3)
    #expect(isWellFormed(svg))
  }

  @Test func emptyListRenders() throws {
    let snapshot = try ListModel(configuration: ListConfiguration(width: 200)).layout()
    let svg = SVGRenderer().render(snapshot)
    #expect(isWellFormed(svg))
    #expect(occurrences(of: "<g class=\"cell ", in: svg) == 0)
  }
}

/// The legend lists only what the picture shows.
@Suite struct SVGLegendTests {
  /// The legend's entries, in order.
  func legend(_ svg: String) -> [String] {
    svg.components(separatedBy: "<text class=\"legend\" x=\"20\" y=\"9.5\">").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
  }

  @Test func theWholeContentListsEveryKind() throws {
    let entries = legend(SVGRenderer().render(try sampleSnapshot()))
    for kind in ["header", "footer", "content inset", "section"] {
      #expect(entries.contains(kind), "\(kind)")
    }
    #expect(!entries.contains("pinned header"))
  }

  @Test func aViewportListsOnlyWhatItShows() throws {
    let snapshot = try sampleSnapshot()
    // Scrolled into the second section: its header pinned, no footer, only s1-* cells (no traits).
    let frame = snapshot.viewport(at: Point(x: 0, y: 600), size: Size(width: 300, height: 200))
    #expect(frame.elements.allSatisfy { $0.kind != .footer })
    let entries = legend(SVGRenderer().render(snapshot, viewports: [frame]))
    #expect(entries.contains("pinned header"))
    #expect(!entries.contains("footer"))
    #expect(!entries.contains("compactWidth + stackable"))
    #expect(!entries.contains("centered"))
    #expect(entries.contains("cell"))
  }
}
