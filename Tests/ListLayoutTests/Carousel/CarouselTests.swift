import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

@Suite struct CarouselTests {
  /// Width 300, content insets 5, a section with a 20-point header, a 10-point footer,
  /// insets (top 3, left 10, bottom 4, right 7) and cells 100×40, 150×60, 80×50, 8 apart.
  static func model(
    _ height: CarouselHeight, alignment: VerticalAlignment = .top, paging: CarouselPaging = .none,
    cells: [Cell]? = nil, direction: LayoutDirection = .ltr
  ) -> ListModel {
    var configuration = ListConfiguration(width: 300)
    configuration.layoutDirection = direction
    let attributes = SectionAttributes(
      verticalAlignment: alignment, insets: EdgeInsets(top: 3, left: 10, bottom: 4, right: 7))
    let section = Section(
      header: Supplementary(height: 20), footer: Supplementary(height: 10),
      cells: cells ?? [
        Cell(width: 100, height: 40), Cell(width: 150, height: 60), Cell(width: 80, height: 50),
      ],
      attributes: attributes,
      layout: .carousel(CarouselLayout(itemSpacing: 8, height: height, paging: paging)))
    return ListModel(configuration: configuration, sections: [section])
  }

  static func frames(_ snapshot: LayoutSnapshot, section: Int = 0) -> [Rect] {
    (0..<snapshot.numberOfItems(inSection: section)).map {
      snapshot.frame(of: ListIndexPath(item: $0, section: section))!
    }
  }

  @Test func tallestBandTopAligned() throws {
    let snapshot = try Self.model(.tallest).layout()
    // x: 5 + 10 = 15; 15 + 100 + 8 = 123; 123 + 150 + 8 = 281. y: 5 + 20 + 3 = 28.
    #expect(Self.frames(snapshot) == [rect(15, 28, 100, 40), rect(123, 28, 150, 60), rect(281, 28, 80, 50)])
    // Section: 20 + 3 + 60 + 4 + 10 = 97, as wide as the list.
    #expect(snapshot.sectionFrame(0) == rect(0, 5, 300, 97))
    #expect(snapshot.footerAttributes(inSection: 0)?.frame == rect(0, 92, 300, 10))
    #expect(snapshot.contentSize == Size(width: 300, height: 107))
    let metrics = try #require(snapshot.carouselMetrics(ofSection: 0))
    // 5 + 10 + 100 + 8 + 150 + 8 + 80 + 7 + 5.
    #expect(metrics.contentWidth == 373)
    #expect(metrics.maximumOffset == 73)
    #expect(Array(metrics.snapOffsets) == [])
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func firstCellBandCenterAligned() throws {
    let snapshot = try Self.model(.first, alignment: .center).layout()
    // Band 40: the taller cells overflow it equally above and below.
    #expect(Self.frames(snapshot) == [rect(15, 28, 100, 40), rect(123, 18, 150, 60), rect(281, 23, 80, 50)])
    #expect(snapshot.sectionFrame(0) == rect(0, 5, 300, 77))
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func fixedBandBottomAligned() throws {
    let snapshot = try Self.model(.fixed(100), alignment: .bottom).layout()
    #expect(Self.frames(snapshot) == [rect(15, 88, 100, 40), rect(123, 68, 150, 60), rect(281, 78, 80, 50)])
    #expect(snapshot.sectionFrame(0) == rect(0, 5, 300, 137))
  }

  @Test func emptyCarousels() throws {
    // A fixed band keeps its height without cells; the others are 0.
    #expect(try Self.model(.fixed(30), cells: []).layout().sectionFrame(0) == rect(0, 5, 300, 67))
    #expect(try Self.model(.tallest, cells: []).layout().sectionFrame(0) == rect(0, 5, 300, 37))
    #expect(try Self.model(.first, cells: []).layout().sectionFrame(0) == rect(0, 5, 300, 37))
    let metrics = try #require(
      try Self.model(.tallest, paging: .page, cells: []).layout().carouselMetrics(ofSection: 0))
    #expect(metrics.contentWidth == 300)
    #expect(Array(metrics.snapOffsets) == [0])
  }

  @Test func defaultSpacingIsTheSectionsItemSpacing() throws {
    var model = ListModel(configuration: ListConfiguration(width: 300))
    model.sections = [
      Section(
        cells: [Cell(width: 100, height: 10), Cell(width: 100, height: 10), Cell(width: 100, height: 10)],
        attributes: SectionAttributes(itemSpacing: 12), layout: .carousel(CarouselLayout()))
    ]
    #expect(
      Self.frames(try model.layout()) == [rect(5, 5, 100, 10), rect(117, 5, 100, 10), rect(229, 5, 100, 10)])
  }

  /// Ten 100-point cells 10 apart in a 300-point list without insets: content 1,090, end 790.
  static func tenCells(_ paging: CarouselPaging) throws -> CarouselMetrics {
    var configuration = ListConfiguration(width: 300)
    configuration.contentInsets = .zero
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: (0..<10).map { _ in Cell(width: 100, height: 10) },
          layout: .carousel(CarouselLayout(itemSpacing: 10, paging: paging)))
      ])
    return try #require(try model.layout().carouselMetrics(ofSection: 0))
  }

  @Test func snapOffsets() throws {
    #expect(try Self.tenCells(.item).contentWidth == 1090)
    #expect(Array(try Self.tenCells(.item).snapOffsets) == [0, 110, 220, 330, 440, 550, 660, 770, 790])
    #expect(Array(try Self.tenCells(.page).snapOffsets) == [0, 300, 600, 790])
    #expect(Array(try Self.tenCells(.none).snapOffsets) == [])
    // Fitting content: one resting point.
    #expect(
      Array(
        try Self.model(.tallest, paging: .page, cells: [Cell(width: 10, height: 10)]).layout()
          .carouselMetrics(ofSection: 0)!.snapOffsets) == [0])
    #expect(
      Array(try Self.model(.tallest, paging: .item).layout().carouselMetrics(ofSection: 0)!.snapOffsets) == [
        0, 73,
      ])
    // A huge row pages without materializing its offsets.
    let huge = try Self.model(.tallest, paging: .page, cells: [Cell(width: 3e14, height: 1)]).layout()
    let offsets = try #require(huge.carouselMetrics(ofSection: 0)).snapOffsets
    #expect(offsets.count > 1_000_000_000_000)
    #expect(offsets.last == huge.carouselMetrics(ofSection: 0)!.maximumOffset)
    #expect(offsets[1] == 300)
  }

  @Test func rightToLeftMirrors() throws {
    let snapshot = try Self.model(.tallest, direction: .rtl).layout()
    #expect(Self.frames(snapshot) == [rect(185, 28, 100, 40), rect(27, 28, 150, 60), rect(-61, 28, 80, 50)])
    // Scrolled by 50, the row moves right.
    let shown = snapshot.elements(in: rect(0, 0, 300, 200), pinning: nil, horizontalOffsets: [0: 50])
      .filter { $0.kind == .cell }
    #expect(shown.map(\.frame) == [rect(235, 28, 100, 40), rect(77, 28, 150, 60), rect(-11, 28, 80, 50)])
  }

  @Test func queriesScrollCarousels() throws {
    let snapshot = try Self.model(.tallest).layout()
    let screen = rect(0, 0, 300, 200)
    #expect(snapshot.elements(in: screen).filter { $0.kind == .cell }.map(\.indexPath.item) == [0, 1, 2])
    let scrolled = snapshot.elements(in: screen, pinning: nil, horizontalOffsets: [0: 120])
      .filter { $0.kind == .cell }
    // Cell 0 (15..<115) moves to −105..<−5, off screen.
    #expect(scrolled.map(\.frame) == [rect(3, 28, 150, 60), rect(161, 28, 80, 50)])
    #expect(snapshot.element(at: Point(x: 10, y: 30), horizontalOffsets: [0: 120])?.indexPath.item == 1)
    #expect(snapshot.element(at: Point(x: 10, y: 30)) == nil)
    #expect(snapshot.element(at: Point(x: 10, y: 10))?.kind == .header)
  }

  /// Offsets for sections that are not carousels are ignored by the queries, and named by
  /// the check that user-facing callers run first.
  @Test func checkHorizontalOffsetsNamesTheFirstSectionThatIsNotACarousel() throws {
    var model = Self.model(.tallest)
    model.sections.append(Section(cells: [Cell(width: 50, height: 50)]))
    let snapshot = try model.layout()
    try snapshot.checkHorizontalOffsets([:])
    try snapshot.checkHorizontalOffsets([0: 120, 0: 1e300])
    #expect(throws: HorizontalOffsetError(section: 1, numberOfSections: 2)) {
      try snapshot.checkHorizontalOffsets([0: 1, 1: 5, 9: 3])
    }
    #expect(throws: HorizontalOffsetError(section: -3, numberOfSections: 2)) {
      try snapshot.checkHorizontalOffsets([9: 3, -3: 1])
    }
    #expect(
      "\(HorizontalOffsetError(section: 9, numberOfSections: 1))"
        == "there is no section 9 to scroll (the layout has 1 section)")
    #expect(
      "\(HorizontalOffsetError(section: 1, numberOfSections: 2))"
        == "section 1 is not a carousel: only a carousel scrolls sideways")
    let screen = rect(0, 0, 300, 400)
    #expect(
      snapshot.elements(in: screen, pinning: nil, horizontalOffsets: [1: 40, 7: 2])
        == snapshot.elements(in: screen))
  }

  @Test func prefetchSideways() throws {
    let snapshot = try Self.tenCellModel()
    // A 300-point viewport at offset 330 shows cells 3 (330..<430 → 0..<100) to 5.
    let screen = snapshot.viewport(
      at: Point(x: 0, y: 0), size: Size(width: 300, height: 100), screensAhead: 1, screensBehind: 1,
      horizontalOffsets: [0: 330])
    #expect(screen.elements.map(\.indexPath.item) == [3, 4, 5])
    #expect(screen.prefetchSideways == [CarouselPrefetch(section: 0, ahead: 6...8, behind: 0...2)])
  }

  static func tenCellModel() throws -> LayoutSnapshot {
    var configuration = ListConfiguration(width: 300)
    configuration.contentInsets = .zero
    return try ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: (0..<10).map { _ in Cell(width: 100, height: 10) },
          layout: .carousel(CarouselLayout(itemSpacing: 10)))
      ]
    ).layout()
  }

  // MARK: Differential tests

  /// The brute-force answer: every cell of the full listing, a carousel's moved by its offset,
  /// that intersects `rect`.
  static func bruteCells(
    _ snapshot: LayoutSnapshot, _ rect: Rect, _ offsets: HorizontalOffsets
  ) -> [LayoutAttributes] {
    let mirrored = snapshot.configuration.layoutDirection == .rtl
    return snapshot.allAttributes().compactMap { element in
      guard element.kind == .cell else { return nil }
      var moved = element
      if snapshot.isCarousel(element.indexPath.section) {
        let offset = offsets[element.indexPath.section]
        moved.frame = element.frame.offsetBy(dx: mirrored ? offset : -offset, dy: 0)
      }
      return moved.frame.intersects(rect) ? moved : nil
    }
  }

  @Test(arguments: 0..<4)
  func queriesEqualBruteForce(chunk: Int) throws {
    for seed in UInt64(chunk * 1000)..<UInt64(chunk * 1000 + sweep(quick: 60, long: 1000)) {
      var rng = SplitMix64(seed: seed)
      let model = CarouselGenerator.model(&rng)
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      for _ in 0..<4 {
        let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
        let width = model.configuration.width
        let rect = Rect(
          x: Double(Int.random(in: -40...Int(width), using: &rng)),
          y: Double(Int.random(in: -20...Int(snapshot.contentSize.height) + 20, using: &rng)),
          width: Double(Int.random(in: 1...Int(width) + 40, using: &rng)),
          height: Double(Int.random(in: 1...300, using: &rng)))
        let expected = Self.bruteCells(snapshot, rect, offsets)
        let actual = snapshot.elements(in: rect, pinning: nil, horizontalOffsets: offsets).filter {
          $0.kind == .cell
        }
        #expect(actual == expected, "seed \(seed) rect \(rect) offsets \(offsets.offsets)")
        let screen = snapshot.viewport(at: rect.origin, size: rect.size, horizontalOffsets: offsets)
        #expect(screen.elements.filter { $0.kind == .cell } == expected, "seed \(seed) viewport")
        // Sideways prefetch: the carousels' cells within a viewport width of each side.
        var prefetch: [Int: CarouselPrefetch] = [:]
        let (visibleMin, visibleMax) =
          model.configuration.layoutDirection == .rtl
          ? (width - rect.maxX, width - rect.minX) : (rect.minX, rect.maxX)
        for element in snapshot.allAttributes()
        where element.kind == .cell && snapshot.isCarousel(element.indexPath.section) {
          let s = element.indexPath.section
          var frame = snapshot.frame(of: element.indexPath)!
          if model.configuration.layoutDirection == .rtl { frame = frame.mirrored(inWidth: width) }
          frame = frame.offsetBy(dx: -offsets[s], dy: 0)
          guard frame.maxY > rect.minY || (frame.height == 0 && frame.minY >= rect.minY),
            frame.minY < rect.maxY
          else { continue }
          var entry = prefetch[s] ?? CarouselPrefetch(section: s)
          let item = element.indexPath.item
          if frame.minX >= visibleMax && frame.minX < visibleMax + 2 * rect.width {
            entry.ahead = (entry.ahead?.lowerBound ?? item)...item
          } else if frame.maxX <= visibleMin && frame.maxX > visibleMin - rect.width {
            entry.behind = (entry.behind?.lowerBound ?? item)...item
          }
          prefetch[s] = entry
        }
        // Ahead and behind: the first and last cells in the bands below and above the
        // viewport, a carousel's only within its sideways reach.
        var below: [ListIndexPath] = []
        var above: [ListIndexPath] = []
        for element in snapshot.allAttributes() where element.kind == .cell {
          let s = element.indexPath.section
          var frame = element.frame
          if snapshot.isCarousel(s) {
            var ltr = model.configuration.layoutDirection == .rtl ? frame.mirrored(inWidth: width) : frame
            ltr = ltr.offsetBy(dx: -offsets[s], dy: 0)
            guard ltr.maxX > visibleMin - rect.width && ltr.minX < visibleMax + 2 * rect.width else {
              continue
            }
            frame = model.configuration.layoutDirection == .rtl ? ltr.mirrored(inWidth: width) : ltr
          }
          func inBand(_ minY: Double, _ maxY: Double) -> Bool {
            (frame.maxY > minY && frame.minY < maxY)
              || (frame.height == 0 && frame.minY >= minY && frame.minY < maxY)
          }
          if inBand(rect.maxY, rect.maxY + 2 * rect.height) && frame.minY >= rect.maxY {
            below.append(element.indexPath)
          }
          if inBand(rect.minY - rect.height, rect.minY) && frame.maxY <= rect.minY {
            above.append(element.indexPath)
          }
        }
        #expect(screen.prefetchAhead == below.min().map { $0...below.max()! }, "seed \(seed) ahead")
        #expect(screen.prefetchBehind == above.min().map { $0...above.max()! }, "seed \(seed) behind")
        let expectedPrefetch = prefetch.values.filter { $0.ahead != nil || $0.behind != nil }.sorted {
          $0.section < $1.section
        }
        #expect(screen.prefetchSideways == expectedPrefetch, "seed \(seed) prefetch")
      }
    }
  }

  /// Edits inside carousels (resize, insert, delete, move), applied incrementally, equal a full
  /// relayout bit for bit.
  @Test(arguments: 0..<2)
  func editsEqualFullRelayout(chunk: Int) throws {
    for seed in UInt64(chunk * 300)..<UInt64(chunk * 300 + sweep(quick: 30, long: 300)) {
      var rng = SplitMix64(seed: seed)
      var model = CarouselGenerator.model(&rng, maxSections: 3, maxCells: 30)
      for s in model.sections.indices { model.sections[s].layout = .carousel(CarouselGenerator.layout(&rng)) }
      var snapshot = try model.layout()
      var serial = 0
      for step in 0..<8 {
        let update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        guard let result = try? snapshot.applying(update) else { continue }
        snapshot = result.snapshot
        try assertEqualToFullRelayout(
          snapshot, "seed \(seed) step \(step): \(EditGenerator.describe(update))")
        for s in 0..<snapshot.numberOfSections {
          #expect(
            snapshot.carouselMetrics(ofSection: s)
              == (try snapshot.model.layout()).carouselMetrics(ofSection: s),
            "seed \(seed) step \(step)")
        }
      }
    }
  }

  @Test func resizeReLaysOutOneRow() throws {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    for _ in 0..<50 {
      var cells: [Cell] = []
      for item in 0..<100 {
        cells.append(Cell(width: Double(80 + item % 40), height: Double(100 + item % 30)))
      }
      model.sections.append(Section(cells: cells, layout: .carousel(CarouselLayout())))
    }
    let snapshot = try model.layout()
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 40, section: 25), to: Size(width: 200, height: 300))
    let result = try snapshot.applying(update)
    #expect(result.reflowedLines == 1)
    try assertEqualToFullRelayout(result.snapshot, "resize")
    #expect(result.snapshot.sectionFrame(25)!.height == 300)
  }

  // MARK: JSON

  @Test func jsonReadsAndWritesCarousels() throws {
    let json = #"""
      {"width": 300, "sections": [
        {"layout": {"type": "carousel", "itemSpacing": 8, "height": "first", "paging": "item"}, "items": []},
        {"layout": {"type": "carousel", "height": 180, "paging": "page"}},
        {"layout": {"type": "carousel"}}]}
      """#
    let model = try ListModel(json: Array(json.utf8))
    #expect(
      model.sections[0].layout == .carousel(CarouselLayout(itemSpacing: 8, height: .first, paging: .item)))
    #expect(model.sections[1].layout == .carousel(CarouselLayout(height: .fixed(180), paging: .page)))
    #expect(model.sections[2].layout == .carousel(CarouselLayout()))
    #expect(try ListModel(json: model.jsonData()) == model)
    let spelled = try model.jsonString(options: FeedWritingOptions(defaults: .spelledOut))
    #expect(spelled.contains(#""layout":{"type":"carousel","height":"tallest","paging":"none"}"#))
    #expect(try ListModel(json: Array(spelled.utf8)) == model)
  }

  @Test(arguments: [
    (#"{"type": "carousel", "height": -1}"#, "sections[0].layout.height"),
    (#"{"type": "carousel", "height": "tall"}"#, "sections[0].layout.height"),
    (#"{"type": "carousel", "height": true}"#, "sections[0].layout.height"),
    (#"{"type": "carousel", "paging": "cell"}"#, "sections[0].layout.paging"),
    (#"{"type": "carousel", "itemSpacing": "8"}"#, "sections[0].layout.itemSpacing"),
    (#"{"type": "carousel", "spacing": {"top": 1}}"#, "sections[0].layout"),
    (#"{"type": "flow", "paging": "item"}"#, "sections[0].layout"),
    (#"{"paging": "item", "type": "sequential"}"#, "sections[0].layout"),
    (#"{"type": "grid", "columns": 2, "paging": "item"}"#, "sections[0].layout"),
    (#"{"type": "masonry", "height": 40, "columns": 2}"#, "sections[0].layout"),
    (#"{"type": "carousel", "columns": 2}"#, "sections[0].layout"),
    (#"{"type": "carousel", "rowAlignment": "top"}"#, "sections[0].layout"),
  ])
  func jsonErrorsNameTheKeyPath(layout: String, path: String) throws {
    let json = #"{"width": 300, "sections": [{"layout": "# + layout + "}]}"
    #expect(throws: JSONInputError.self) { try ListModel(json: Array(json.utf8)) }
    do {
      _ = try ListModel(json: Array(json.utf8))
    } catch {
      #expect(error.path == path, "\(error)")
    }
  }

  @Test func itemLayoutRejectsCarouselKeys() throws {
    let json = #"{"width": 300, "sections": [{"items": [{"layout": {"height": "first"}}]}]}"#
    do {
      _ = try ListModel(json: Array(json.utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.path == "sections[0].items[0].layout.height")
    }
  }

  @Test func invalidNumbersInSwiftAreLayoutErrors() throws {
    var model = Self.model(.fixed(-.infinity))
    #expect(throws: LayoutError.self) { try model.layout() }
    model = Self.model(.tallest, cells: [Cell(width: .nan, height: 1)])
    do {
      _ = try model.layout()
      Issue.record("laid out")
    } catch {
      #expect(error.path == "sections[0].items[0].size")
    }
    model.sections[0].cells = []
    model.sections[0].layout = .carousel(CarouselLayout(itemSpacing: -1))
    do {
      _ = try model.layout()
      Issue.record("laid out")
    } catch {
      #expect(error.path == "sections[0].layout.itemSpacing")
    }
  }
}
