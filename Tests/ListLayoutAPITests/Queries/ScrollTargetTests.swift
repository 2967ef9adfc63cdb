import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Scrolling to a cell under pinned headers, and to a carousel's item.
@Suite struct ScrollTargetTests {
  /// A pinned 44-point list header; section 0: a 40-point header over ten 200 × 100 cells
  /// (line spacing 5); section 1: a 30-point header over three. No insets, no spacing.
  /// Section 0 spans 44 ... 1129 (header 44–84, cell i at 84 + 105 i), section 1 1129 ... 1469
  /// (header 1129–1159, cells from 1159).
  static func model(_ direction: LayoutDirection = .ltr, horizontal: Bool = false) -> ListModel {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero, sectionSpacing: 0)
    configuration.listHeader = ListSupplementary(height: 44, id: "bar", pinned: true)
    configuration.layoutDirection = direction
    configuration.scrollDirection = horizontal ? .horizontal : .vertical
    // A horizontal list's sizes are read transposed: 100 along x, 200 across.
    func cell(_ id: String) -> Cell {
      horizontal ? Cell(id: id, width: 100, height: 200) : Cell(id: id, width: 200, height: 100)
    }
    var model = ListModel(configuration: configuration)
    model.sections = [
      Section(header: Supplementary(height: 40, id: "h0"), cells: (0..<10).map { cell("a\($0)") }),
      Section(header: Supplementary(height: 30, id: "h1"), cells: (0..<3).map { cell("b\($0)") }),
    ]
    return model
  }

  @Test func offsetsBelowThePinnedHeaders() throws {
    for horizontal in [false, true] {
      for direction in LayoutDirection.allCases {
        let snapshot = try Self.model(direction, horizontal: horizontal).layout()
        func offset(
          _ item: Int, _ section: Int, _ alignment: ScrollAlignment, topInset: Double = 0
        ) -> Double? {
          snapshot.contentOffset(
            toShow: ListIndexPath(item: item, section: section), alignment: alignment, viewportHeight: 300,
            topInset: topInset, avoidingPinnedHeaders: true)
        }
        let context = "\(direction) horizontal \(horizontal)"
        // Cell a3 spans 399 ... 499; the list header (44) and h0 (40) cover the top.
        #expect(offset(3, 0, .top) == 315, "\(context)")
        #expect(offset(3, 0, .top, topInset: 20) == 295, "\(context)")
        // Centered in 84 ... 300 of the viewport: 449 − (300 + 84) / 2.
        #expect(offset(3, 0, .center) == 257, "\(context)")
        #expect(offset(3, 0, .bottom) == 199, "\(context)")
        // Cell b0 at 1159, under the list header and h1 (30).
        #expect(offset(0, 1, .top) == 1085, "\(context)")
        // The last cells: clamped to the end (1469 − 300).
        #expect(offset(2, 1, .top) == 1169, "\(context)")
        // Without the option, the offsets ignore the headers, as before.
        #expect(
          snapshot.contentOffset(
            toShow: ListIndexPath(item: 3, section: 0), alignment: .top, viewportHeight: 300)
            == 399, "\(context)")
        // At 315 the list header pins at 315 ... 359 and h0 at 359 ... 399: a3 starts below.
        let origin = horizontal ? Point(x: 315, y: 0) : Point(x: 0, y: 315)
        let size = horizontal ? Size(width: 300, height: 200) : Size(width: 200, height: 300)
        let screen = snapshot.viewport(at: origin, size: size)
        let along = { (rect: Rect) in horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY) }
        let bar = try #require(screen.elements.first { $0.kind == .listHeader })
        let header = try #require(screen.elements.first { $0.kind == .header })
        let cell = try #require(screen.elements.first { $0.id == "a3" })
        #expect(along(bar.frame) == (315, 359) && along(header.frame) == (359, 399), "\(context)")
        #expect(along(cell.frame).0 == 399, "\(context)")
      }
    }
  }

  /// Whatever the model, at the offset found no header or list header covers the cell
  /// (unless the offset is clamped at the content's start).
  @Test func noPinnedHeaderCoversTheCell() throws {
    var rng = SplitMix64(seed: 1134)
    for round in 0..<sweep(quick: 80, long: 800) {
      var model = ModelGenerator.model(&rng, maxSections: 5, maxCells: 12)
      if Bool.random(using: &rng) {
        model.configuration.listHeader = ListSupplementary(
          height: Double(Int.random(in: 0...50, using: &rng)), pinned: true)
      }
      model.configuration.pinSectionHeaders = Int.random(in: 0..<4, using: &rng) != 0
      if Bool.random(using: &rng) { model.configuration.scrollDirection = .horizontal }
      guard let snapshot = try? model.layout() else { continue }
      let horizontal = model.configuration.scrollDirection == .horizontal
      let length = Double(Int.random(in: 100...700, using: &rng))
      let topInset = Double(Int.random(in: 0...3, using: &rng) * 10)
      for section in 0..<snapshot.numberOfSections {
        for item in 0..<snapshot.numberOfItems(inSection: section) {
          let indexPath = ListIndexPath(item: item, section: section)
          let frame = try #require(snapshot.frame(of: indexPath))
          for alignment in ScrollAlignment.allCases {
            let y = try #require(
              snapshot.contentOffset(
                toShow: indexPath, alignment: alignment, viewportHeight: length, topInset: topInset,
                avoidingPinnedHeaders: true))
            guard y > 0, !frame.isEmpty else { continue }
            let across = model.configuration.width
            let screen = snapshot.viewport(
              at: horizontal ? Point(x: y, y: 0) : Point(x: 0, y: y),
              size: horizontal ? Size(width: length, height: across) : Size(width: across, height: length),
              pinInset: topInset)
            for element in screen.elements where element.kind == .header || element.kind == .listHeader {
              #expect(
                !element.frame.intersects(frame),
                "round \(round) \(indexPath) \(alignment) at \(y): \(element) covers \(frame)")
            }
          }
        }
      }
    }
  }

  /// Five 100-point cells 10 apart in a 250-point list with 5-point side insets: a row of
  /// 550 (cells at x 5, 115, 225, 335, 445), scrolling 0 ... 300.
  static func carousel(_ direction: LayoutDirection) -> ListModel {
    var configuration = ListConfiguration(
      width: 250, contentInsets: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
    configuration.layoutDirection = direction
    var model = ListModel(configuration: configuration)
    model.sections = [
      Section(cells: [Cell(id: "above", width: 240, height: 20)]),
      Section(
        cells: (0..<5).map { Cell(id: "c\($0)", width: 100, height: 40) },
        layout: .carousel(CarouselLayout(itemSpacing: 10))),
    ]
    return model
  }

  @Test func carouselOffsetsShowTheItem() throws {
    for direction in LayoutDirection.allCases {
      let snapshot = try Self.carousel(direction).layout()
      func x(_ item: Int, _ alignment: HorizontalAlignment) -> Double? {
        snapshot.carouselOffset(toShow: item, inSection: 1, alignment: alignment)
      }
      #expect([0, 1, 2, 3, 4].map { x($0, .left) } == [0, 110, 220, 300, 300], "\(direction)")
      #expect([0, 1, 2, 3, 4].map { x($0, .center) } == [0, 40, 150, 260, 300], "\(direction)")
      #expect([0, 1, 2, 3, 4].map { x($0, .right) } == [0, 0, 80, 190, 300], "\(direction)")
      #expect(x(5, .left) == nil && x(-1, .left) == nil, "\(direction)")
      #expect(snapshot.carouselOffset(toShow: 0, inSection: 0) == nil)
      #expect(snapshot.carouselOffset(toShow: 0, inSection: 9) == nil)
      // At 220, c2 sits where c0 sits at rest: 5 from the leading edge.
      let band = try #require(snapshot.sectionFrame(1))
      let cell = try #require(
        snapshot.elements(in: band, pinning: nil, horizontalOffsets: [1: 220]).first { $0.id == "c2" })
      #expect(cell.frame.minX == (direction == .ltr ? 5 : 145), "\(direction)")
    }
  }

  /// Over generated carousels: the offset is within the carousel's range and, when not
  /// clamped, puts the cell where the alignment says, read from the scrolled layout.
  @Test func carouselOffsetsOverGeneratedCarousels() throws {
    var rng = SplitMix64(seed: 2222)
    for round in 0..<sweep(quick: 60, long: 600) {
      guard let snapshot = try? CarouselGenerator.model(&rng).layout() else { continue }
      let width = snapshot.configuration.width
      let rtl = snapshot.configuration.layoutDirection == .rtl
      for section in 0..<snapshot.numberOfSections {
        guard let metrics = snapshot.carouselMetrics(ofSection: section) else {
          #expect(snapshot.carouselOffset(toShow: 0, inSection: section) == nil)
          continue
        }
        let count = snapshot.numberOfItems(inSection: section)
        guard count > 0, let band = snapshot.sectionFrame(section) else { continue }
        let tall = Rect(x: -1e5, y: band.minY - 1e4, width: 2e5, height: band.height + 2e4)
        func frame(_ item: Int, at offset: Double) -> Rect? {
          snapshot.elements(in: tall, pinning: nil, horizontalOffsets: [section: offset])
            .first { $0.kind == .cell && $0.indexPath == ListIndexPath(item: item, section: section) }?.frame
        }
        // Leading and trailing edges, read along the row (from the right in right-to-left).
        func leading(_ rect: Rect) -> Double { rtl ? width - rect.maxX : rect.minX }
        func trailing(_ rect: Rect) -> Double { rtl ? width - rect.minX : rect.maxX }
        guard let first = frame(0, at: 0), let last = frame(count - 1, at: metrics.maximumOffset) else {
          continue
        }
        for item in 0..<count {
          for alignment in HorizontalAlignment.allCases {
            let x = try #require(
              snapshot.carouselOffset(toShow: item, inSection: section, alignment: alignment))
            let context = "round \(round) section \(section) item \(item) \(alignment) at \(x)"
            #expect(x >= 0 && x <= metrics.maximumOffset, "\(context)")
            guard x > 0, x < metrics.maximumOffset, let shown = frame(item, at: x) else { continue }
            switch alignment {
            case .left: #expect(abs(leading(shown) - leading(first)) < 1e-6, "\(context)")
            case .center: #expect(abs(shown.midX - width / 2) < 1e-6, "\(context)")
            case .right: #expect(abs(trailing(shown) - trailing(last)) < 1e-6, "\(context)")
            }
          }
        }
      }
    }
  }
}
