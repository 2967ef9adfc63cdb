import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The carousel query paths against plain references over the full layout: the nearest cell
/// and band ranges (rows searched outwards and from their ends), the viewport's one walk with
/// random sideways offsets (elements, ahead, behind and sideways prefetch), and snap offsets
/// read from a row's sums against the list a row's cells make.
@Suite struct CarouselQueryTests {
  /// Carousel models with long rows (up to 300 cells: rows of several chunks) and cells of
  /// uneven heights, so that rows are searched across chunks and bands cut through them.
  static func model(_ rng: inout SplitMix64) -> ListModel {
    CarouselGenerator.model(&rng, maxSections: 5, maxCells: Bool.random(using: &rng) ? 40 : 300)
  }

  /// The nearest cell by brute force: (distance along, distance across, index path), least.
  static func nearest(_ cells: [LayoutAttributes], _ point: Point) -> ListIndexPath? {
    func key(_ f: Rect) -> (Double, Double) {
      (max(0, f.minY - point.y, point.y - f.maxY), max(0, f.minX - point.x, point.x - f.maxX))
    }
    return cells.min { a, b in
      (key(a.frame).0, key(a.frame).1, a.indexPath) < (key(b.frame).0, key(b.frame).1, b.indexPath)
    }?.indexPath
  }

  @Test(arguments: 0..<4)
  func nearestCellEqualsBruteForce(chunk: Int) throws {
    for seed in UInt64(chunk * 500)..<UInt64(chunk * 500 + sweep(quick: 40, long: 500)) {
      var rng = SplitMix64(seed: 61_000 + seed)
      let snapshot = try Self.model(&rng).layout()
      let cells = snapshot.allAttributes().filter { $0.kind == .cell }
      for _ in 0..<6 {
        // Points over the content and around it, often level with a carousel's band, and on
        // cell edges (integers and halves, as the generator's sizes).
        let point = Point(
          x: Double(Int.random(in: -200...Int(snapshot.contentSize.width) * 3, using: &rng)) / 2,
          y: Double(Int.random(in: -200...Int(snapshot.contentSize.height) * 2 + 200, using: &rng)) / 2)
        #expect(snapshot.indexPath(nearestTo: point) == Self.nearest(cells, point), "seed \(seed) \(point)")
      }
    }
  }

  @Test(arguments: 0..<4)
  func bandRangeEqualsBruteForce(chunk: Int) throws {
    for seed in UInt64(chunk * 500)..<UInt64(chunk * 500 + sweep(quick: 40, long: 500)) {
      var rng = SplitMix64(seed: 62_000 + seed)
      let snapshot = try Self.model(&rng).layout()
      let cells = snapshot.allAttributes().filter { $0.kind == .cell }
      let width = snapshot.configuration.width
      for _ in 0..<6 {
        let minY = Double(Int.random(in: -40...Int(snapshot.contentSize.height) + 40, using: &rng))
        let maxY = minY + Double(Int.random(in: 1...400, using: &rng))
        // Filters that keep every cell, cells left of a line (so the first and last matches
        // sit anywhere in a row), and cells starting below a line.
        let cut = Double(Int.random(in: 0...Int(width) * 4, using: &rng))
        let filters: [(String, (Rect) -> Bool)] = [
          ("all", { _ in true }), ("left of \(cut)", { $0.maxX <= cut }), ("below", { $0.minY >= minY }),
        ]
        for (name, filter) in filters {
          let matching = cells.filter { element in
            let f = element.frame
            let inBand =
              (f.maxY > minY && f.minY < maxY) || (f.height == 0 && f.minY >= minY && f.minY < maxY)
            return inBand && filter(f)
          }.map(\.indexPath)
          let expected = matching.min().map { $0...matching.max()! }
          #expect(
            snapshot.cellRange(overlappingY: minY, maxY, where: filter) == expected,
            "seed \(seed) band \(minY)..<\(maxY) \(name)")
        }
      }
    }
  }

  /// Viewports over feeds of long rows, each carousel scrolled by a random offset (often past
  /// either end), against brute force: the elements, and every prefetch range.
  @Test(arguments: 0..<4)
  func viewportEqualsBruteForce(chunk: Int) throws {
    for seed in UInt64(chunk * 400)..<UInt64(chunk * 400 + sweep(quick: 30, long: 400)) {
      var rng = SplitMix64(seed: 63_000 + seed)
      let model = Self.model(&rng)
      let snapshot = try model.layout()
      let width = model.configuration.width
      let mirrored = model.configuration.layoutDirection == .rtl
      for _ in 0..<3 {
        let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
        let rect = Rect(
          x: Double(Int.random(in: -40...Int(width), using: &rng)),
          y: Double(Int.random(in: -20...Int(snapshot.contentSize.height) + 20, using: &rng)),
          width: Double(Int.random(in: 1...Int(width) + 40, using: &rng)),
          height: Double(Int.random(in: 1...600, using: &rng)))
        let ahead = Double(Int.random(in: 0...3, using: &rng))
        let behind = Double(Int.random(in: 0...2, using: &rng))
        let direction: ScrollMotion = Bool.random(using: &rng) ? .forward : .backward
        let screen = snapshot.viewport(
          at: rect.origin, size: rect.size, direction: direction, screensAhead: ahead, screensBehind: behind,
          horizontalOffsets: offsets)
        let context = "seed \(seed) rect \(rect) offsets \(offsets.offsets) \(direction) \(ahead)/\(behind)"
        #expect(
          screen.elements.filter { $0.kind == .cell } == CarouselTests.bruteCells(snapshot, rect, offsets),
          "\(context)")
        // Every cell where the viewport would show it (a carousel's moved by its offset), left
        // to right as bodies see it, and in the snapshot's direction.
        let (visibleMin, visibleMax) =
          mirrored ? (width - rect.maxX, width - rect.minX) : (rect.minX, rect.maxX)
        let (reachMin, reachMax) = (visibleMin - behind * rect.width, visibleMax + ahead * rect.width)
        var below: [ListIndexPath] = []
        var above: [ListIndexPath] = []
        let (belowEnd, aboveStart) =
          direction == .forward
          ? (rect.maxY + ahead * rect.height, rect.minY - behind * rect.height)
          : (rect.maxY + behind * rect.height, rect.minY - ahead * rect.height)
        for element in snapshot.allAttributes() where element.kind == .cell {
          let s = element.indexPath.section
          var frame = element.frame
          if snapshot.isCarousel(s) {
            var ltr = mirrored ? frame.mirrored(inWidth: width) : frame
            ltr = ltr.offsetBy(dx: -offsets[s], dy: 0)
            guard ltr.maxX > reachMin && ltr.minX < reachMax else { continue }
            frame = mirrored ? ltr.mirrored(inWidth: width) : ltr
          }
          func inBand(_ minY: Double, _ maxY: Double) -> Bool {
            (frame.maxY > minY && frame.minY < maxY)
              || (frame.height == 0 && frame.minY >= minY && frame.minY < maxY)
          }
          if rect.maxY < belowEnd, inBand(rect.maxY, belowEnd), frame.minY >= rect.maxY {
            below.append(element.indexPath)
          }
          if aboveStart < rect.minY, inBand(aboveStart, rect.minY), frame.maxY <= rect.minY {
            above.append(element.indexPath)
          }
        }
        let belowRange = below.min().map { $0...below.max()! }
        let aboveRange = above.min().map { $0...above.max()! }
        #expect(screen.prefetchAhead == (direction == .forward ? belowRange : aboveRange), "\(context) ahead")
        #expect(
          screen.prefetchBehind == (direction == .forward ? aboveRange : belowRange), "\(context) behind")
        #expect(
          screen.prefetchSideways
            == Self.bruteSideways(snapshot, rect, offsets, ahead: ahead, behind: behind),
          "\(context) sideways")
      }
    }
  }

  /// Every cell of the layout (by brute force over every section's body), its frame in layout
  /// space (left to right) scrolled by its section's offset when the section is a carousel,
  /// and whether it is.
  static func scrolledCells(
    _ snapshot: LayoutSnapshot, _ offsets: HorizontalOffsets
  ) -> [(indexPath: ListIndexPath, ltr: Rect, carousel: Bool)] {
    var cells: [(indexPath: ListIndexPath, ltr: Rect, carousel: Bool)] = []
    for s in 0..<snapshot.numberOfSections {
      let carousel = snapshot.isCarousel(s)
      let offset = carousel ? offsets[s] : 0
      snapshot.geometries[s].body.forEachItem(at: snapshot.bodyOrigin(s)) { item, frame in
        cells.append((ListIndexPath(item: item, section: s), frame.offsetBy(dx: -offset, dy: 0), carousel))
      }
    }
    return cells
  }

  /// The sideways prefetch of a viewport by brute force over every cell of the layout: per
  /// carousel section, the first and last cells level with the viewport (`rect`) that lie,
  /// scrolled by the section's offset, wholly past the visible x extent's trailing edge within
  /// `ahead` viewport widths, or wholly before its leading edge within `behind` widths.
  static func bruteSideways(
    _ snapshot: LayoutSnapshot, _ rect: Rect, _ offsets: HorizontalOffsets, ahead: Double, behind: Double
  ) -> [CarouselPrefetch] {
    let width = snapshot.configuration.width
    let mirrored = snapshot.configuration.layoutDirection == .rtl
    let (visibleMin, visibleMax) = mirrored ? (width - rect.maxX, width - rect.minX) : (rect.minX, rect.maxX)
    let (reachMin, reachMax) = (visibleMin - behind * rect.width, visibleMax + ahead * rect.width)
    var sideways: [Int: CarouselPrefetch] = [:]
    for (indexPath, ltr, carousel) in scrolledCells(snapshot, offsets) where carousel {
      guard ltr.maxY > rect.minY || (ltr.height == 0 && ltr.minY >= rect.minY), ltr.minY < rect.maxY else {
        continue
      }
      let s = indexPath.section
      var entry = sideways[s] ?? CarouselPrefetch(section: s)
      let item = indexPath.item
      if ltr.minX >= visibleMax && ltr.minX < reachMax {
        entry.ahead = (entry.ahead?.lowerBound ?? item)...item
      } else if ltr.maxX <= visibleMin && ltr.maxX > reachMin {
        entry.behind = (entry.behind?.lowerBound ?? item)...item
      }
      sideways[s] = entry
    }
    return sideways.values.filter { $0.ahead != nil || $0.behind != nil }.sorted { $0.section < $1.section }
  }

  /// Feeds of many carousels (over a block of 64 sections) with sizes, offsets and viewports in
  /// thirds (sums that round), viewports often cutting through bands: the cells on screen and
  /// the sideways prefetch (counted in the same visit of each row as its cells on screen)
  /// equal brute force.
  @Test(arguments: 0..<4)
  func sidewaysPrefetchEqualsBruteForce(chunk: Int) throws {
    for seed in UInt64(chunk * 250)..<UInt64(chunk * 250 + sweep(quick: 15, long: 250)) {
      var rng = SplitMix64(seed: 64_000 + seed)
      var configuration = ListConfiguration(width: Double(Int.random(in: 150...1_200, using: &rng)) / 3)
      configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
      configuration.sectionSpacing = Double(Int.random(in: 0...3, using: &rng)) / 3
      var model = ListModel(configuration: configuration)
      let alignments = VerticalAlignment.allCases
      for _ in 0..<Int.random(in: 1...90, using: &rng) {
        var cells: [Cell] = []
        for _ in 0..<Int.random(in: 0...(Bool.random(using: &rng) ? 12 : 200), using: &rng) {
          cells.append(
            Cell(
              width: Double(Int.random(in: 0...600, using: &rng)) / 3,
              height: Double(Int.random(in: 0...300, using: &rng)) / 3))
        }
        let spacing = [nil, 0, 1.0 / 3, 8].randomElement(using: &rng)!
        let carousel = Int.random(in: 0..<5, using: &rng) > 0
        model.sections.append(
          Section(
            header: Bool.random(using: &rng) ? Supplementary(height: 30) : nil, cells: cells,
            attributes: SectionAttributes(verticalAlignment: alignments.randomElement(using: &rng)!),
            layout: carousel
              ? .carousel(
                CarouselLayout(
                  itemSpacing: spacing, height: [CarouselHeight.tallest, .first, .fixed(40)][Int(seed % 3)]))
              : nil))
      }
      let snapshot = try model.layout()
      let width = configuration.width
      for _ in 0..<4 {
        var offsets = HorizontalOffsets()
        for s in 0..<snapshot.numberOfSections where Int.random(in: 0..<3, using: &rng) > 0 {
          let end = snapshot.carouselMetrics(ofSection: s)?.maximumOffset ?? 100
          offsets[s] = Double(Int.random(in: -60...Int(end * 3) + 60, using: &rng)) / 3
        }
        let rect = Rect(
          x: Double(Int.random(in: -60...Int(width * 3), using: &rng)) / 3,
          y: Double(Int.random(in: -60...Int(snapshot.contentSize.height * 3) + 60, using: &rng)) / 3,
          width: Double(Int.random(in: 1...Int(width * 3) + 60, using: &rng)) / 3,
          height: Double(Int.random(in: 1...900, using: &rng)) / 3)
        let ahead = Double(Int.random(in: 0...9, using: &rng)) / 3
        let behind = Double(Int.random(in: 0...6, using: &rng)) / 3
        let screen = snapshot.viewport(
          at: rect.origin, size: rect.size, screensAhead: ahead, screensBehind: behind,
          horizontalOffsets: offsets)
        let context = "seed \(seed) rect \(rect) \(ahead)/\(behind)"
        // The cells on screen: their frames scrolled in layout space, then mirrored (as the
        // snapshot turns every frame), where they meet the viewport.
        let onScreen = Self.scrolledCells(snapshot, offsets).compactMap { cell -> LayoutAttributes? in
          let frame = configuration.layoutDirection == .rtl ? cell.ltr.mirrored(inWidth: width) : cell.ltr
          guard frame.intersects(rect) else { return nil }
          return LayoutAttributes(
            kind: .cell, indexPath: cell.indexPath, frame: frame, zIndex: LayoutAttributes.cellZIndex)
        }
        #expect(screen.elements.filter { $0.kind == .cell } == onScreen, "\(context)")
        #expect(
          screen.prefetchSideways
            == Self.bruteSideways(snapshot, rect, offsets, ahead: ahead, behind: behind), "\(context)")
      }
    }
  }

  /// The snap offsets a carousel paged by item lists: every cell's x relative to the first
  /// cell's, clamped to 0 ... maximumOffset, without repeats, as the row's own cells give
  /// them (the reference reads each cell's frame).
  static func referenceSnapOffsets(_ snapshot: LayoutSnapshot, section: Int) -> [Double] {
    let count = snapshot.numberOfItems(inSection: section)
    guard count > 0, let metrics = snapshot.carouselMetrics(ofSection: section) else { return [] }
    let body = snapshot.geometries[section].body as! CarouselBody
    var offsets: [Double] = []
    for item in 0..<count {
      let snap = min(max(body.cells.prefix(item) + Double(item) * body.row.spacing, 0), metrics.maximumOffset)
      if offsets.last != snap { offsets.append(snap) }
    }
    return offsets
  }

  @Test func snapOffsetsPerItemEqualTheRowsList() throws {
    var checked = 0
    let seeds = sweep(quick: 300, long: 1_500)
    for seed in UInt64(0)..<UInt64(seeds) {
      var rng = SplitMix64(seed: 64_000 + seed)
      let count = Int.random(in: 0...400, using: &rng)
      // Spacings from none (neighbours may share an x) to tiny and ordinary; widths from 0 to
      // huge (where the row's sums round).
      let spacing = [0, 1e-12, 0.5, 8, 1e9].randomElement(using: &rng)!
      let scale = [0, 1, 100, 1e12, 1e300].randomElement(using: &rng)!
      let cells = (0..<count).map { _ in
        Cell(width: Double(Int.random(in: 0...3, using: &rng)) * scale / 3, height: 10)
      }
      var configuration = ListConfiguration(width: [0.5, 375, 1e13].randomElement(using: &rng)!)
      configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
      let model = ListModel(
        configuration: configuration,
        sections: [
          Section(cells: cells, layout: .carousel(CarouselLayout(itemSpacing: spacing, paging: .item)))
        ])
      guard let snapshot = try? model.layout() else { continue }
      let offsets = try #require(snapshot.carouselMetrics(ofSection: 0)).snapOffsets
      let expected = Self.referenceSnapOffsets(snapshot, section: 0)
      #expect(
        Array(offsets) == (count == 0 ? [] : expected), "seed \(seed) spacing \(spacing) scale \(scale)")
      #expect(offsets.count == (count == 0 ? 0 : expected.count), "seed \(seed)")
      checked += 1
    }
    #expect(checked > seeds * 2 / 3)
  }
}
