import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Chrome beside carousel sections: a carousel in a horizontal list is an error; in a vertical
/// one, backgrounds and the list header and footer come back from queries with carousels
/// scrolled sideways.
@Suite struct ChromeCarouselTests {
  @Test func carouselInAHorizontalListIsALayoutErrorNamingTheSection() throws {
    var configuration = ListConfiguration(width: 100)
    configuration.scrollDirection = .horizontal
    var model = ListModel(
      configuration: configuration,
      sections: [
        Section(cells: [Cell(width: 10, height: 10)]),
        Section(cells: [Cell(width: 10, height: 10)], layout: .carousel(CarouselLayout())),
      ])
    do {
      _ = try model.layout()
      Issue.record("a carousel in a horizontal list laid out")
    } catch {
      #expect(
        error
          == .sectionLayoutFailed(
            path: "sections[1].layout", reason: "carousel sections in a horizontal list are not supported"))
    }
    // Inserted into a horizontal list by an update, likewise.
    model.sections.removeLast()
    let snapshot = try model.layout()
    var update = ListUpdate()
    update.insertSection(
      Section(cells: [Cell(width: 10, height: 10)], layout: .carousel(CarouselLayout())), at: 0)
    do {
      _ = try snapshot.applying(update)
      Issue.record("a carousel inserted into a horizontal list laid out")
    } catch {
      #expect(
        error
          == .layout(
            .sectionLayoutFailed(
              path: "sections[0].layout", reason: "carousel sections in a horizontal list are not supported"))
      )
    }
    // From JSON, the same error.
    let json = """
      {"width": 100, "scrollDirection": "horizontal",
       "sections": [{"layout": {"type": "carousel"}, "items": [{"size": {"width": 10, "height": 10}}]}]}
      """
    let decoded = try ListModel(json: Array(json.utf8))
    #expect(throws: LayoutError.self) { try decoded.layout() }
  }

  @Test func carouselWithChromeHasExactFrames() throws {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    configuration.listHeader = ListSupplementary(height: 20, id: "top", pinned: true)
    configuration.listFooter = ListSupplementary(height: 10, id: "end")
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: (0..<5).map { Cell(id: "c\($0)", width: 40, height: 30) },
          layout: .carousel(CarouselLayout(itemSpacing: 10)),
          background: SectionBackground(id: "bg"))
      ])
    let snapshot = try model.layout()
    // The carousel's row starts below the list header: cells at x 0, 50, 100, 150, 200.
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(50, 20, 40, 30))
    #expect(snapshot.contentSize == Size(width: 100, height: 60))
    var offsets = HorizontalOffsets()
    offsets[0] = 65
    let screen = snapshot.viewport(scrolledTo: 5, length: 40, pinInset: 0, horizontalOffsets: offsets)
    // The pinned list header, the background (not scrolled), cells 1 to 3 moved 65 left.
    #expect(
      screen.elements.map(\.kind) == [.listHeader, .background, .cell, .cell, .cell])
    #expect(screen.elements[0].frame == rect(0, 5, 100, 20) && screen.elements[0].isPinned)
    #expect(screen.elements[1].frame == rect(0, 20, 100, 30))
    #expect(
      screen.elements[2...].map(\.frame) == [
        rect(-15, 20, 40, 30), rect(35, 20, 40, 30), rect(85, 20, 40, 30),
      ])
    #expect(screen.elements[2...].map(\.indexPath.item) == [1, 2, 3])
    #expect(snapshot.element(at: Point(x: 40, y: 30), horizontalOffsets: offsets)?.indexPath.item == 2)
    #expect(snapshot.element(at: Point(x: 30, y: 30), horizontalOffsets: offsets)?.kind == .background)
    #expect(snapshot.element(at: Point(x: 30, y: 55), horizontalOffsets: offsets)?.kind == .listFooter)
  }

  @Test(arguments: 0..<2)
  func queriesWithCarouselsAndChromeEqualBruteForce(batch: Int) throws {
    for seed in UInt64(batch * 400)..<UInt64(batch * 400 + sweep(quick: 100, long: 400)) {
      var rng = SplitMix64(seed: 4_500_000 + seed)
      var model = CarouselGenerator.model(&rng, maxSections: 4, maxCells: 30)
      ChromeModelGenerator.addChrome(&rng, to: &model)
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      let width = model.configuration.width
      for _ in 0..<4 {
        let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
        let rect = Rect(
          x: Double(Int.random(in: -40...Int(width), using: &rng)),
          y: Double(Int.random(in: -20...Int(snapshot.contentSize.height) + 20, using: &rng)),
          width: Double(Int.random(in: 1...Int(width) + 40, using: &rng)),
          height: Double(Int.random(in: 1...300, using: &rng)))
        let pinning = PinningContext(contentOffset: rect.minY, pinInset: Bool.random(using: &rng) ? 0 : 10)
        let mirrored = model.configuration.layoutDirection == .rtl
        let reference = referencePinnedElements(snapshot, pinning).map { element in
          var moved = element
          if element.kind == .cell && snapshot.isCarousel(element.indexPath.section) {
            let offset = offsets[element.indexPath.section]
            moved.frame = element.frame.offsetBy(dx: mirrored ? offset : -offset, dy: 0)
          }
          return moved
        }
        let expected = reference.filter { $0.frame.intersects(rect) }
        let actual = snapshot.elements(in: rect, pinning: pinning, horizontalOffsets: offsets)
        #expect(actual == expected, "seed \(seed) rect \(rect) offsets \(offsets.offsets)")
        let point = Point(
          x: rect.minX + Double.random(in: 0...1, using: &rng) * rect.width,
          y: rect.minY + Double.random(in: 0...1, using: &rng) * rect.height)
        var best: LayoutAttributes?
        for element in reference where element.frame.contains(point) {
          if best == nil || element.zIndex >= best!.zIndex { best = element }
        }
        #expect(
          snapshot.element(at: point, pinning: pinning, horizontalOffsets: offsets) == best,
          "seed \(seed) point \(point)")
      }
    }
  }
}
