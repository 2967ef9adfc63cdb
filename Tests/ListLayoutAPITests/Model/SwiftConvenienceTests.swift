import Foundation
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

// Foundation has an `ListIndexPath` too.
private typealias ListIndexPath = ListLayout.ListIndexPath

/// What Swift users expect of the model's values: identities, literals, strings, readable
/// descriptions.
@Suite struct SwiftConvenienceTests {
  @Test func cellsAndSectionsAreIdentifiable() {
    func identity<T: Identifiable>(_ value: T) -> T.ID { value.id }
    #expect(identity(Cell(id: "a")) == "a")
    #expect(identity(Cell(width: 1, height: 1)) == nil)
    #expect(identity(Section(id: "s")) == "s")
    let ids = [Cell(id: "x"), Cell(id: "y")].map(\.id)
    #expect(ids == ["x", "y"])
  }

  @Test func gridSpanTakesAnIntegerLiteral() throws {
    let span: GridSpan = 2
    #expect(span == .columns(2))
    var cell = Cell(id: "wide", width: 10, height: 30)
    cell.span = 3
    #expect(cell.span == .columns(3))
    // Laid out as the spelled-out case.
    let grid = SectionLayout.grid(GridLayout(columns: .count(4)))
    var literal = ListModel(configuration: ListConfiguration(width: 400))
    literal.sections = [Section(cells: [cell, Cell(id: "b", width: 10, height: 30)], layout: grid)]
    var spelled = literal
    spelled.sections[0].cells[0].span = .columns(3)
    #expect(try literal.layout().allAttributes() == spelled.layout().allAttributes())
  }

  @Test func jsonTakesAString() throws {
    let text = #"{"width": 300, "sections": [{"items": [{"id": "a", "size": {"width": 10, "height": 20}}]}]}"#
    let model = try ListModel(json: text)
    #expect(model == (try ListModel(json: Array(text.utf8))))
    #expect(try ListModel(json: text[...]) == model)
    #expect(try ListModel(json: text, width: 120).configuration.width == 120)
    #expect(throws: JSONInputError.self) { try ListModel(json: "nope") }
  }

  @Test func carouselMetricsAndMovesReadWell() throws {
    // Five 100-point cells, 10 apart, in a 250-point list without insets: a row of 540.
    var configuration = ListConfiguration(width: 250, contentInsets: .zero)
    configuration.pinSectionHeaders = false
    var model = ListModel(configuration: configuration)
    model.sections = [
      Section(
        cells: (0..<5).map { Cell(id: "c\($0)", width: 100, height: 40) },
        layout: .carousel(CarouselLayout(itemSpacing: 10, paging: .item)))
    ]
    let metrics = try #require(try model.layout().carouselMetrics(ofSection: 0))
    #expect(metrics.description == "contentWidth 540, maximumOffset 290, snapOffsets [0, 110, 220, 290]")
    #expect(
      ListDifference.Move(from: ListIndexPath(item: 2, section: 0), to: ListIndexPath(item: 0, section: 1))
        .description
        == "[0, 2] → [1, 0]")
    #expect(ListDifference.Move(from: 3, to: 1).description == "3 → 1")
  }

  /// `indexPaths(in:)` lists exactly the cells a plain walk over every index path finds
  /// between the bounds.
  @Test func rangesAcrossSectionsIterate() throws {
    var rng = SplitMix64(seed: 934)
    for round in 0..<sweep(quick: 200, long: 2000) {
      let model = ModelGenerator.model(&rng, maxSections: 6, maxCells: 8)
      let snapshot = try model.layout()
      var all: [ListIndexPath] = []
      for s in 0..<snapshot.numberOfSections {
        for i in 0..<snapshot.numberOfItems(inSection: s) { all.append(ListIndexPath(item: i, section: s)) }
      }
      func random() -> ListIndexPath {
        ListIndexPath(item: Int.random(in: -2...9, using: &rng), section: Int.random(in: -1...7, using: &rng))
      }
      for _ in 0..<5 {
        let (a, b) = (random(), random())
        let range = min(a, b)...max(a, b)
        #expect(
          Array(snapshot.indexPaths(in: range)) == all.filter(range.contains), "round \(round) \(range)")
      }
      let screen = snapshot.viewport(at: Point(x: 0, y: 0), size: Size(width: 100, height: 50))
      if let ahead = screen.prefetchAhead {
        let listed = Array(snapshot.indexPaths(in: ahead))
        #expect(listed.first == ahead.lowerBound && listed.last == ahead.upperBound, "round \(round)")
      }
    }
  }
}

/// The `Codable` forms of the values users store and send: each written with its documented
/// keys and read back equal.
@Suite struct CodableFormTests {
  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
  }

  @Test func keyForms() throws {
    #expect(try Self.json(ListIndexPath(item: 3, section: 1)) == #"{"item":3,"section":1}"#)
    #expect(try Self.json(Point(x: 1, y: 2)) == #"{"x":1,"y":2}"#)
    #expect(try Self.json(Size(width: 3, height: 4)) == #"{"height":4,"width":3}"#)
    #expect(try Self.json(Rect(x: 1, y: 2, width: 3, height: 4)) == #"{"height":4,"width":3,"x":1,"y":2}"#)
    #expect(
      try Self.json(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        == #"{"bottom":3,"left":2,"right":4,"top":1}"#)
    #expect(try Self.json(ElementKind.listHeader) == #""listHeader""#)
    #expect(
      try Self.json(
        LayoutAttributes(
          kind: .cell, indexPath: ListIndexPath(item: 1, section: 0),
          frame: Rect(x: 110, y: 49, width: 120, height: 50),
          zIndex: 0, id: "b"))
        == #"{"frame":{"height":50,"width":120,"x":110,"y":49},"id":"b","item":1,"kind":"cell","section":0,"zIndex":0}"#
    )
    #expect(
      try Self.json(
        LayoutAttributes(
          kind: .header, indexPath: ListIndexPath(item: 0, section: 2), frame: .zero, zIndex: 1024,
          isPinned: true
        ))
        == #"{"frame":{"height":0,"width":0,"x":0,"y":0},"item":0,"kind":"header","pinned":true,"section":2,"zIndex":1024}"#
    )
    #expect(
      try Self.json(SectionAttributes(horizontalAlignment: .center, itemSpacing: 2))
        == #"{"horizontalAlignment":"center","insets":{"bottom":0,"left":0,"right":0,"top":0},"itemSpacing":2,"lineSpacing":5,"verticalAlignment":"top"}"#
    )
    #expect(
      try Self.json(CellAttributes(shouldEndLine: true))
        == #"{"insets":{"bottom":0,"left":0,"right":0,"top":0},"shouldBeginLine":false,"shouldEndLine":true,"startLineIndentation":false}"#
    )
  }

  @Test func roundTripsOfGeneratedLayouts() throws {
    var rng = SplitMix64(seed: 77)
    for round in 0..<sweep(quick: 60, long: 600) {
      var model = ModelGenerator.model(&rng)
      model.configuration.listHeader = ListSupplementary(height: 12, id: "top \"quoted\"", pinned: true)
      for s in model.sections.indices {
        for i in model.sections[s].cells.indices where Bool.random(using: &rng) {
          model.sections[s].cells[i].id = "cell \(s)/\(i) ✓"
          if i % 3 == 0 {
            model.sections[s].cells[i].badges = [
              Badge(id: "b\(i)", size: Size(width: 8, height: 8), anchor: .topTrailing),
              Badge(size: Size(width: 4, height: 4), anchor: .bottomLeading),
            ]
          }
        }
        if Bool.random(using: &rng) {
          model.sections[s].separator = SectionSeparator(thickness: 1, id: "line")
        }
      }
      let snapshot = try model.layout()
      let pinned = snapshot.elements(
        in: Rect(x: 0, y: 30, width: model.configuration.width, height: 300),
        pinning: PinningContext(contentOffset: 30))
      for element in snapshot.allAttributes() + pinned {
        #expect(try Self.roundTrip(element) == element, "round \(round) \(element)")
        #expect(try Self.roundTrip(element.frame) == element.frame)
        #expect(try Self.roundTrip(element.indexPath) == element.indexPath)
      }
      for section in model.sections {
        if let attributes = section.attributes { #expect(try Self.roundTrip(attributes) == attributes) }
        for cell in section.cells {
          if let attributes = cell.attributes { #expect(try Self.roundTrip(attributes) == attributes) }
        }
      }
    }
  }

  @Test func readsTheLayoutOutputAndOlderForms() throws {
    // An element of `listlayout layout`'s output: a header has no `item`, the list header no
    // `section`.
    let header = try JSONDecoder().decode(
      LayoutAttributes.self,
      from: Data(
        #"{"kind":"header","section":0,"frame":{"x":0,"y":5,"width":375,"height":40},"zIndex":1}"#.utf8))
    #expect(
      header
        == LayoutAttributes(
          kind: .header, indexPath: ListIndexPath(item: 0, section: 0),
          frame: Rect(x: 0, y: 5, width: 375, height: 40),
          zIndex: 1))
    let top = try JSONDecoder().decode(
      LayoutAttributes.self,
      from: Data(
        #"{"kind":"listHeader","id":"bar","frame":{"x":0,"y":0,"width":9,"height":4},"zIndex":1}"#.utf8))
    #expect(top.indexPath == ListIndexPath(item: 0, section: -1) && top.id == "bar" && !top.isPinned)
    // The nested rectangle earlier versions wrote.
    let nested = #"{"origin":{"x":1,"y":2},"size":{"width":3,"height":4}}"#
    #expect(
      try JSONDecoder().decode(Rect.self, from: Data(nested.utf8)) == Rect(x: 1, y: 2, width: 3, height: 4))
    // Attributes take their defaults for missing keys; a wrong type is an error.
    #expect(try JSONDecoder().decode(SectionAttributes.self, from: Data("{}".utf8)) == SectionAttributes())
    #expect(try JSONDecoder().decode(CellAttributes.self, from: Data("{}".utf8)) == CellAttributes())
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ListIndexPath.self, from: Data(#"{"section":0}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SectionAttributes.self, from: Data(#"{"itemSpacing":"wide"}"#.utf8))
    }
  }
}
