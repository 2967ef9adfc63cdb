import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

/// Pictures of carousels: SVG draws the row as the list shows it, with a marker where it goes
/// on; ASCII draws the whole row, the part past the list's width faded.
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

  @Test func svgDrawsTheRowAsTheListShowsItWithAMarkerForWhatGoesOn() throws {
    let svg = SVGRenderer().render(try Self.snapshot())
    // The cells the list's 200 points show (c0 at 0, c1 at 100); c2 and c3, past them, are
    // not drawn, and a marker at the right edge says the row goes on.
    for id in ["c0", "c1"] { #expect(svg.contains(">\(id)</text>")) }
    for id in ["c2", "c3"] { #expect(!svg.contains(">\(id)</text>")) }
    #expect(!svg.contains(#"<rect x="300""#))
    #expect(
      svg.contains(
        "<g class=\"more\"><title>section 0 goes on to the right: 2 of its 4 cells out of view</title>"))
    #expect(svg.contains(#"<rect x="186" y="0" width="14" height="40"/>"#))
    // The panel is as wide as the list.
    #expect(svg.contains(#"width="240" height="40" viewBox="-40 0 240 40""#))
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
    #expect(!SVGRenderer().render(plain).contains("class=\"more\""))
    #expect(!ASCIIRenderer().render(plain).contains("past the list's width"))
  }

  /// The page embeds each carousel's snap offsets for its script to snap to: `null` without
  /// paging (and for other sections), the list when paged by item, `{"w","n","end"}` when paged
  /// by page; and the carousels it opens scrolled (only carousels).
  @Test func pageEmbedsSnapOffsetsAndInitialScroll() throws {
    var configuration = ListConfiguration(width: 200)
    configuration.contentInsets = .zero
    func carousel(_ paging: CarouselPaging, count: Int) -> Section {
      Section(
        cells: (0..<count).map { Cell(width: Double(70 + $0 % 3 * 10), height: 40) },
        layout: .carousel(CarouselLayout(itemSpacing: 10, paging: paging)))
    }
    let snapshot = try ListModel(
      configuration: configuration,
      sections: [
        Section(cells: [Cell(width: 50, height: 20)]), carousel(.item, count: 6), carousel(.page, count: 12),
        carousel(.none, count: 5), carousel(.page, count: 2),
      ]
    ).layout()
    let page = HTMLRenderer(initialHorizontalOffsets: [0: 30, 2: 250.5, 9: 1]).render(snapshot)
    let start = try #require(page.range(of: "<script id=\"layout\" type=\"application/json\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let layout = try #require(
      try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
        as? [String: Any])
    #expect(layout["scroll"] as? [[Double]] == [[2, 250.5]])
    let snap = try #require((layout["sections"] as? [String: Any])?["snap"] as? [Any])
    #expect(snap.count == 5)
    #expect(snap[0] is NSNull && snap[3] is NSNull)
    #expect(snap[1] as? [Double] == Array(try #require(snapshot.carouselMetrics(ofSection: 1)).snapOffsets))
    // By page: n offsets, k × w below the last, which is `end`; the same list as the library's.
    for section in [2, 4] {
      let pages = try #require(snap[section] as? [String: Double])
      let offsets = Array(try #require(snapshot.carouselMetrics(ofSection: section)).snapOffsets)
      let n = Int(try #require(pages["n"]))
      let spelled = (0..<n).map { $0 == n - 1 ? pages["end"]! : Double($0) * pages["w"]! }
      #expect(spelled == offsets, "section \(section): \(pages)")
    }
    // 12 cells of 70, 80, 90 (960) and 11 gaps of 10: a row of 1,070, 870 past the list.
    #expect(snap[2] as? [String: Double] == ["w": 200, "n": 6, "end": 870])
    #expect(snap[4] as? [String: Double] == ["w": 0, "n": 1, "end": 0])
  }
}
