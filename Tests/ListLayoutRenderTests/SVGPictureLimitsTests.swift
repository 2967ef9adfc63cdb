import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

/// What an SVG picture must not lose: captions and titles wrap to the picture's width, a
/// carousel is drawn at the list's width with markers where it goes on, a background's label
/// never shows between the cells over it, and a tall picture can be cut into pages that
/// rasterizers take.
@Suite struct SVGPictureLimitsTests {
  /// The text of every `<text class="NAME">` element, in order.
  func texts(_ svg: String, class name: String) -> [String] {
    svg.components(separatedBy: "<text class=\"\(name)\"").dropFirst().compactMap { part in
      guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>") else { return nil }
      return String(part[part.index(after: open)..<close.lowerBound])
    }
  }

  /// Every caption line: where it starts, its baseline and its text.
  func captions(_ svg: String) -> [(x: Double, y: Double, text: String)] {
    svg.components(separatedBy: "<text class=\"caption\" x=\"").dropFirst().compactMap { part in
      let fields = part.components(separatedBy: "\"")
      guard fields.count > 2, let x = Double(fields[0]), let y = Double(fields[2]),
        let open = part.firstIndex(of: ">"), let close = part.range(of: "</text>")
      else { return nil }
      return (x, y, String(part[part.index(after: open)..<close.lowerBound]))
    }
  }

  /// Checks that every caption line ends before the next panel's caption starts, and before
  /// the picture's right margin (20), at 6.2 points a character.
  func expectCaptionsFit(_ svg: String, _ sourceLocation: SourceLocation = #_sourceLocation) throws {
    let lines = captions(svg)
    let starts = Set(lines.map(\.x)).sorted()
    let width = try size(svg).width
    for line in lines {
      let limit = starts.first { $0 > line.x } ?? width - 20
      #expect(line.x + Double(line.text.count) * 6.2 <= limit, "\(line)", sourceLocation: sourceLocation)
    }
  }

  /// The width and height of the document.
  func size(_ svg: String) throws -> (width: Double, height: Double) {
    let header = try #require(svg.split(separator: "\n").first)
    func value(_ name: String) throws -> Double {
      let start = try #require(header.range(of: " \(name)=\""))
      let rest = header[start.upperBound...]
      let end = try #require(rest.firstIndex(of: "\""))
      return try #require(Double(rest[..<end]))
    }
    return (try value("width"), try value("height"))
  }

  /// The words of `text`, separators (`·`) left out.
  func words(_ text: String) -> [Substring] {
    text.split(separator: " ").filter { $0 != "·" }
  }

  /// The list: a pinned list header and two sections with headers, 200 points wide.
  static func narrowList() throws -> LayoutSnapshot {
    try ListModel(
      json: """
        {"width":200,"contentInsets":{"top":0,"left":0,"bottom":0,"right":0},"pinSectionHeaders":true,
         "header":{"height":44,"id":"bar","pinned":true},
         "sections":[{"header":{"height":40,"id":"h0"},"items":[{"id":"a","size":{"width":200,"height":100}}]},
                     {"header":{"height":40,"id":"h1"},"items":[{"id":"b","size":{"width":200,"height":400}}]}]}
        """
    ).layout()
  }

  @Test func aCaptionWrapsToItsPanelInsteadOfBeingCutOff() throws {
    let snapshot = try Self.narrowList()
    let viewport = snapshot.viewport(scrolledTo: 120, length: 200)
    let svg = SVGRenderer().render(snapshot, viewports: [viewport])
    let lines = texts(svg, class: "caption")
    // The whole caption is there, word for word …
    let expected = "viewport at y = 120 · 200 × 200 · 5 elements, 2 pinned"
    #expect(lines.flatMap(words) == words(expected), "\(lines)")
    // … in lines that fit the picture …
    #expect(lines.count > 1)
    try expectCaptionsFit(svg)
    // … above the panel, which starts below the last line.
    let panelTop = try #require(
      svg.components(separatedBy: "<svg x=\"20\" y=\"").dropFirst().first.flatMap {
        Double($0.prefix { $0 != "\"" })
      })
    let baselines = svg.components(separatedBy: "<text class=\"caption\" x=\"20\" y=\"").dropFirst()
      .compactMap {
        Double($0.prefix { $0 != "\"" })
      }
    #expect(baselines.count == lines.count)
    #expect(baselines.allSatisfy { $0 < panelTop })
    #expect(zip(baselines, baselines.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test(arguments: [40.0, 120, 200, 375])
  func captionsAndTitlesFitAtEveryWidth(width: Double) throws {
    var configuration = ListConfiguration(width: width, contentInsets: .zero)
    configuration.pinSectionHeaders = true
    let snapshot = try ListModel(
      configuration: configuration,
      sections: (0..<3).map { section in
        Section(
          header: Supplementary(height: 30, id: "header-\(section)"),
          cells: (0..<4).map { Cell(id: "c\(section)-\($0)", width: width, height: 50) })
      }
    ).layout()
    let title = "a long title naming a feed file in a deeply nested folder: feeds/2026/november/home.json"
    let viewports = [
      snapshot.viewport(scrolledTo: 90, length: 150), snapshot.viewport(scrolledTo: 400, length: 150),
    ]
    for svg in [
      SVGRenderer(title: title).render(snapshot, viewports: viewports),
      SVGRenderer(title: title).render(snapshot),
    ] {
      let pictureWidth = try size(svg).width
      try expectCaptionsFit(svg)
      let titleLines = texts(svg, class: "title")
      #expect(titleLines.flatMap(words) == words(title))
      for line in titleLines { #expect(Double(line.count) * 9 <= pictureWidth - 40, "\(line)") }
    }
  }

  /// A 375-point list: a carousel of thirty 140-point cards 8 apart, then a section of rows.
  static func carouselList() throws -> LayoutSnapshot {
    try ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [
        Section(
          cells: (0..<30).map { Cell(id: "card-\($0)", width: 140, height: 100) },
          layout: .carousel(CarouselLayout(itemSpacing: 8))),
        Section(cells: (0..<5).map { Cell(id: "row-\($0)", width: 375, height: 44) }),
      ]
    ).layout()
  }

  /// The markers' tooltips.
  func markers(_ svg: String) -> [String] {
    svg.components(separatedBy: "<g class=\"more\"><title>").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
  }

  @Test func aWholePictureDrawsACarouselAtTheListsWidthWithAMarker() throws {
    let snapshot = try Self.carouselList()
    let svg = SVGRenderer().render(snapshot)
    // As wide as the list (margins, gutter, 375), not as the 30 cards' row.
    #expect(try size(svg).width == 20 + 40 + 375 + 20)
    // The cards the list's width shows are drawn, the others not.
    let shown = (0..<30).filter { item in
      (snapshot.frame(of: ListIndexPath(item: item, section: 0))?.minX ?? .infinity) < 375
    }
    #expect(shown.count < 30 && shown.count >= 2)
    for item in 0..<30 {
      #expect(svg.contains(">card-\(item)</text>") == shown.contains(item), "card-\(item)")
    }
    #expect(
      markers(svg) == ["section 0 goes on to the right: \(30 - shown.count) of its 30 cells out of view"])
  }

  @Test func aViewportMarksEachSideACarouselGoesOnPast() throws {
    let snapshot = try Self.carouselList()
    let row = try #require(snapshot.carouselMetrics(ofSection: 0))
    let size = Size(width: 375, height: 300)
    func picture(_ offset: Double) -> String {
      SVGRenderer().render(
        snapshot,
        viewports: [snapshot.viewport(at: Point(x: 0, y: 0), size: size, horizontalOffsets: [0: offset])])
    }
    let middle = markers(picture(1000))
    #expect(middle.count == 2)
    #expect(middle.contains { $0.hasPrefix("section 0 goes on to the right: ") })
    #expect(middle.contains { $0.hasPrefix("section 0 goes on to the left: ") })
    let end = markers(picture(row.maximumOffset))
    #expect(end.count == 1)
    #expect(end.first?.hasPrefix("section 0 goes on to the left: ") == true)
    #expect(markers(picture(0)).count == 1)
  }

  @Test func aBackgroundsLabelNeverShowsBetweenItsCells() throws {
    var configuration = ListConfiguration(width: 375)
    configuration.contentInsets = .zero
    let snapshot = try ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: (0..<6).map { Cell(id: "card-\($0)", width: 100, height: 200) },
          layout: .carousel(CarouselLayout(itemSpacing: 30)),
          background: SectionBackground(id: "shelf-background", insets: EdgeInsets(all: 10)))
      ]
    ).layout()
    for svg in [
      SVGRenderer().render(snapshot),
      SVGRenderer().render(
        snapshot,
        viewports: [
          snapshot.viewport(
            at: Point(x: 0, y: 0), size: Size(width: 375, height: 300), horizontalOffsets: [0: 50])
        ]),
    ] {
      // Named in its tooltip, not in a label drawn across it.
      #expect(svg.contains("<g class=\"background\"><title>shelf-background"))
      #expect(!svg.contains(">shelf-background</text>"))
      #expect(!svg.contains("\">shelf-backgro"))
    }
  }

  /// A 300-point list 2,000 rows of 40 points tall (about 80,000 points).
  static func tallList() throws -> LayoutSnapshot {
    try ListModel(
      configuration: ListConfiguration(width: 300, contentInsets: .zero),
      sections: (0..<4).map { section in
        Section(
          header: Supplementary(height: 30, id: "h\(section)"),
          cells: (0..<500).map { Cell(id: "r\(section)-\($0)", width: 300, height: 40) })
      }
    ).layout()
  }

  /// The element identifiers a picture names in its tooltips.
  func titles(_ svg: String) -> [String] {
    svg.components(separatedBy: "><title>").dropFirst().map { String($0.prefix { $0 != " " && $0 != "<" }) }
  }

  @Test(arguments: [SVGRenderer.maximumPictureHeight, 5000, 1234.5])
  func pagesAreNoTallerThanAskedAndDrawEveryElementWhereItLies(maximumHeight: Double) throws {
    let snapshot = try Self.tallList()
    let renderer = SVGRenderer(title: "tall")
    // The one picture is too tall for a rasterizer.
    #expect(try size(renderer.render(snapshot)).height > SVGRenderer.maximumPictureHeight)
    let pages = try #require(renderer.pages(of: snapshot, maximumHeight: maximumHeight))
    #expect(pages.count >= 3)
    // The pages tile the content, top to bottom.
    var expectedTop = 0.0
    for page in 0..<pages.count {
      let rect = pages.contentRect(ofPage: page)
      #expect(rect.minY == expectedTop)
      #expect(rect.width == 300 && rect.height > 0)
      expectedTop = rect.maxY
    }
    #expect(expectedTop == snapshot.contentSize.height)
    // Each page fits, and draws exactly the elements whose frames meet its part.
    let all = snapshot.allAttributes()
    for page in 0..<pages.count {
      let svg = pages.render(page: page)
      #expect(try size(svg).height <= maximumHeight, "page \(page)")
      let rect = pages.contentRect(ofPage: page)
      let expected = all.filter { $0.frame.maxY > rect.minY && $0.frame.minY < rect.maxY }.compactMap {
        snapshot.identifier(of: $0)
      }
      // (Drawn back to front: cells, then the headers over them.)
      #expect(titles(svg).sorted() == expected.sorted(), "page \(page)")
      #expect(
        texts(svg, class: "caption").joined(separator: " ").hasPrefix("page \(page + 1) of \(pages.count)"))
    }
  }

  @Test func aPictureThatFitsIsOnePageAndTooLittleRoomIsNone() throws {
    let snapshot = try sampleSnapshot()
    let pages = try #require(SVGRenderer().pages(of: snapshot))
    #expect(pages.count == 1)
    #expect(pages.render(page: 0) == SVGRenderer().render(snapshot))
    #expect(SVGRenderer().pages(of: snapshot, maximumHeight: 150) == nil)
    #expect(SVGRenderer().pages(of: snapshot, maximumHeight: .nan) == nil)
    // A single row taller than 10,000 pages of content has none.
    let huge = try ListModel(
      configuration: ListConfiguration(width: 100),
      sections: [Section(cells: [Cell(width: 100, height: 1e9)])]
    ).layout()
    #expect(SVGRenderer().pages(of: huge) == nil)
  }

  @Test func aListThatScrollsSidewaysIsCutAlongX() throws {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero)
    configuration.scrollDirection = .horizontal
    let snapshot = try ListModel(
      configuration: configuration,
      sections: [Section(cells: (0..<100).map { Cell(id: "c\($0)", width: 100, height: 100) })]
    ).layout()
    let pages = try #require(SVGRenderer().pages(of: snapshot, maximumHeight: 3000))
    #expect(pages.count > 1)
    // A picture is never narrower than 320: no page fits in 300.
    #expect(SVGRenderer().pages(of: snapshot, maximumHeight: 300) == nil)
    for page in 0..<pages.count {
      #expect(try size(pages.render(page: page)).width <= 3000)
      #expect(pages.contentRect(ofPage: page).height == snapshot.contentSize.height)
    }
  }
}
