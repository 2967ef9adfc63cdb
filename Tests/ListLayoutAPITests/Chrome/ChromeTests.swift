import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Seeded models with section backgrounds, a list header and footer (pinned or not), and
/// optionally a horizontal scroll direction.
enum ChromeModelGenerator {
  static func model(
    _ rng: inout SplitMix64, horizontal: Bool? = nil, maxSections: Int = 4, maxCells: Int = 40,
    columnSections: Bool = false
  ) -> ListModel {
    var model = ModelGenerator.model(&rng, maxSections: maxSections, maxCells: maxCells)
    if columnSections { addColumnSections(&rng, to: &model) }
    addChrome(&rng, to: &model)
    let isHorizontal = horizontal ?? (Int.random(in: 0..<3, using: &rng) == 0)
    if isHorizontal { model.configuration.scrollDirection = .horizontal }
    return model
  }

  /// Turns about half of the sections into grid or masonry sections (every column
  /// specification, spacings, row alignment, packing), some cells spanning columns and some
  /// sized by a callback given their column's width.
  static func addColumnSections(_ rng: inout SplitMix64, to model: inout ListModel) {
    for s in model.sections.indices {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: model.sections[s].layout = .grid(GridModelGenerator.layout(&rng))
      case 1:
        let grid = GridModelGenerator.layout(&rng)
        model.sections[s].layout = .masonry(
          MasonryLayout(columns: grid.columns, columnSpacing: grid.columnSpacing, rowSpacing: grid.rowSpacing)
        )
      default: continue
      }
      for i in model.sections[s].cells.indices {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: model.sections[s].cells[i].span = GridModelGenerator.span(&rng)
        case 1: model.sections[s].cells[i].size = MasonryGenerator.sizedByWidth
        case 2: model.sections[s].cells[i].size = .automatic
        default: break
        }
      }
    }
  }

  static func addChrome(_ rng: inout SplitMix64, to model: inout ListModel) {
    for s in model.sections.indices where Int.random(in: 0..<3, using: &rng) != 0 {
      model.sections[s].background = SectionBackground(
        id: Bool.random(using: &rng) ? "bg\(s)" : nil, insets: ModelGenerator.randomInsets(&rng, max: 30))
    }
    if Int.random(in: 0..<3, using: &rng) != 0 {
      model.configuration.listHeader = ListSupplementary(
        height: Double(Int.random(in: 0...120, using: &rng)) / 2, id: Bool.random(using: &rng) ? "top" : nil,
        pinned: Bool.random(using: &rng))
    }
    if Bool.random(using: &rng) {
      model.configuration.listFooter = ListSupplementary(
        height: Double(Int.random(in: 0...80, using: &rng)) / 2, id: Bool.random(using: &rng) ? "end" : nil,
        pinned: Bool.random(using: &rng))
    }
    model.configuration.pinEmptySections = Int.random(in: 0..<4, using: &rng) == 0
    model.configuration.pinSectionFooters = Int.random(in: 0..<3, using: &rng) == 0
  }

  /// The horizontal model whose transposition is `model` (a vertical one): every size's
  /// width and height exchanged, insets' top and left, bottom and right, written out here
  /// independently of the engine's own transposition.
  static func horizontal(_ model: ListModel) -> ListModel {
    func swap(_ size: Size) -> Size { Size(width: size.height, height: size.width) }
    func swap(_ insets: EdgeInsets) -> EdgeInsets {
      EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
    }
    var result = model
    var configuration = model.configuration
    configuration.scrollDirection = .horizontal
    configuration.contentInsets = swap(configuration.contentInsets)
    configuration.defaultCellSize = swap(configuration.defaultCellSize)
    configuration.defaultSectionAttributes.insets = swap(configuration.defaultSectionAttributes.insets)
    configuration.defaultCellAttributes.insets = swap(configuration.defaultCellAttributes.insets)
    result.configuration = configuration
    for s in result.sections.indices {
      result.sections[s].attributes?.insets = swap(model.sections[s].attributes?.insets ?? .zero)
      if let background = model.sections[s].background {
        result.sections[s].background?.insets = swap(background.insets)
      }
      result.sections[s].cells = CellList(
        model.sections[s].cells.map { cell in
          var copy = cell
          if case .fixed(let size) = cell.size { copy.size = .fixed(swap(size)) }
          // A callback answers the real size: the horizontal model's answers it exchanged.
          if case .sizing(let callback) = cell.size {
            copy.size = .sizing {
              let size = callback($0)
              return Size(width: size.height, height: size.width)
            }
          }
          if let attributes = cell.attributes {
            copy.attributes?.insets = swap(attributes.insets)
          }
          return copy
        })
    }
    return result
  }

  /// `frame` with its axes exchanged.
  static func swapped(_ frame: Rect) -> Rect {
    Rect(x: frame.y, y: frame.x, width: frame.height, height: frame.width)
  }
}

/// The elements of `snapshot` at their positions for `pinning`, worked out from the public
/// natural frames and the pinning rules (a reference for the queries, written apart from them).
func referencePinnedElements(_ snapshot: LayoutSnapshot, _ pinning: PinningContext) -> [LayoutAttributes] {
  let configuration = snapshot.configuration
  let horizontal = configuration.scrollDirection == .horizontal
  func start(_ rect: Rect) -> Double { horizontal ? rect.minX : rect.minY }
  func length(_ rect: Rect) -> Double { horizontal ? rect.width : rect.height }
  func moved(_ element: LayoutAttributes, to position: Double) -> LayoutAttributes {
    guard position != start(element.frame) else { return element }
    var copy = element
    if horizontal { copy.frame.origin.x = position } else { copy.frame.origin.y = position }
    copy.isPinned = true
    // The stacking order: pinned list chrome above pinned section headers and footers.
    copy.zIndex = element.kind.isOutsideSections ? 1025 : 1024
    return copy
  }
  let headerPin = configuration.listHeader.map { $0.pinned ? $0.height : 0 } ?? 0
  let footerPin = configuration.listFooter.map { $0.pinned ? $0.height : 0 } ?? 0
  return snapshot.allAttributes().map { element in
    switch element.kind {
    case .listHeader:
      guard configuration.listHeader!.pinned else { return element }
      let target = pinning.contentOffset + pinning.pinInset
      return target > start(element.frame) ? moved(element, to: target) : element
    case .listFooter:
      guard configuration.listFooter!.pinned, let viewport = pinning.viewportHeight else { return element }
      let target = pinning.contentOffset + viewport - pinning.bottomPinInset - length(element.frame)
      return target < start(element.frame) ? moved(element, to: target) : element
    case .header, .footer:
      let section = element.indexPath.section
      guard snapshot.numberOfItems(inSection: section) > 0 || configuration.pinEmptySections else {
        return element
      }
      let band = snapshot.sectionFrame(section)!
      let target: Double
      if element.kind == .header {
        guard configuration.pinSectionHeaders else { return element }
        target = pinning.contentOffset + pinning.pinInset + headerPin
      } else {
        guard configuration.pinSectionFooters, let viewport = pinning.viewportHeight else { return element }
        target = pinning.contentOffset + viewport - pinning.bottomPinInset - footerPin - length(element.frame)
      }
      let position = min(max(target, start(band)), start(band) + length(band) - length(element.frame))
      return moved(element, to: position)
    default:
      return element
    }
  }
}

@Suite struct ChromeTests {
  // MARK: Exact frames

  /// The model of the exact-frame tests: a list header and footer around two sections with
  /// backgrounds.
  static func framedModel() -> ListModel {
    var configuration = ListConfiguration(
      width: 200, contentInsets: EdgeInsets(top: 5, left: 10, bottom: 5, right: 20), sectionSpacing: 10)
    configuration.listHeader = ListSupplementary(height: 30, id: "lh")
    configuration.listFooter = ListSupplementary(height: 15, id: "lf")
    return ListModel(
      configuration: configuration,
      sections: [
        Section(
          header: Supplementary(height: 20, id: "h0"), footer: Supplementary(height: 10),
          cells: [Cell(id: "a", width: 50, height: 40), Cell(id: "b", width: 50, height: 40)],
          background: SectionBackground(id: "bg0", insets: EdgeInsets(top: 2, left: 3, bottom: 4, right: 1))),
        Section(cells: [Cell(id: "c", width: 30, height: 30)], background: SectionBackground()),
      ])
  }

  @Test func backgroundsAndListHeaderAndFooterHaveExactFrames() throws {
    let snapshot = try Self.framedModel().layout()
    // List header 0–30; top inset to 35; section 0: header 35–55, cells 55–95, footer 95–105
    // (height 70); spacing 10; section 1: 115–145; bottom inset to 150; list footer 150–165.
    let all = snapshot.allAttributes()
    let listed = all.map { "\($0.kind) \(snapshot.identifier(of: $0) ?? "-") \($0.frame) z\($0.zIndex)" }
    #expect(
      listed == [
        "listHeader lh \(rect(0, 0, 200, 30)) z1",
        "background bg0 \(rect(13, 37, 166, 64)) z-1",
        "header h0 \(rect(0, 35, 200, 20)) z1",
        "cell a \(rect(10, 55, 50, 40)) z0",
        "cell b \(rect(65, 55, 50, 40)) z0",
        "footer - \(rect(0, 95, 200, 10)) z1",
        "background - \(rect(10, 115, 170, 30)) z-1",
        "cell c \(rect(10, 115, 30, 30)) z0",
        "listFooter lf \(rect(0, 150, 200, 15)) z1",
      ])
    #expect(snapshot.contentSize == Size(width: 200, height: 165))
    #expect(snapshot.elementCount == 9)
    #expect(snapshot.invariantViolations() == [])
    #expect(snapshot.backgroundAttributes(inSection: 1)?.indexPath == ListIndexPath(item: 0, section: 1))
    #expect(snapshot.backgroundAttributes(inSection: 2) == nil)
    #expect(snapshot.listHeaderAttributes()?.indexPath == ListIndexPath(item: 0, section: -1))
    // Listing order sorts the list header first and the footer last.
    #expect(all.shuffled().sorted(by: LayoutAttributes.listingOrder) == all)
    // The section frame starts below the list header.
    #expect(snapshot.sectionFrame(0) == rect(0, 35, 200, 70))
    // JSON output: the list header and footer name no section; backgrounds do.
    let json = snapshot.jsonString()
    #expect(
      json.contains(
        #"{"kind":"listHeader","id":"lh","frame":{"x":0,"y":0,"width":200,"height":30},"zIndex":1}"#))
    #expect(
      json.contains(
        #"{"kind":"background","section":0,"id":"bg0","frame":{"x":13,"y":37,"width":166,"height":64},"zIndex":-1}"#
      ))
    #expect(
      json.contains(
        #"{"kind":"listFooter","id":"lf","frame":{"x":0,"y":150,"width":200,"height":15},"zIndex":1}"#))
  }

  @Test func backgroundsBelowEveryCellAndEmptyWhenInsetsLeaveNoRoom() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 100, contentInsets: .zero),
      sections: [
        Section(
          cells: [Cell(width: 100, height: 20)],
          background: SectionBackground(insets: EdgeInsets(top: 15, left: 60, bottom: 15, right: 60)))
      ])
    let snapshot = try model.layout()
    #expect(snapshot.backgroundAttributes(inSection: 0)?.frame == rect(60, 15, 0, 0))
    // The point query finds the cell above the background.
    let full = try ListModel(
      configuration: ListConfiguration(width: 100, contentInsets: .zero),
      sections: [Section(cells: [Cell(width: 100, height: 20)], background: SectionBackground())]
    ).layout()
    #expect(full.element(at: Point(x: 50, y: 10))?.kind == .cell)
    #expect(full.elements(in: rect(0, 0, 100, 20)).map(\.kind) == [.background, .cell])
  }

  @Test func anEmptyListHasOnlyItsHeaderAndFooter() throws {
    var configuration = ListConfiguration(width: 100)
    configuration.listHeader = ListSupplementary(height: 40)
    configuration.listFooter = ListSupplementary(height: 10)
    let snapshot = try ListModel(configuration: configuration).layout()
    // Nothing between them has extent, so no content insets (FSQ's empty list is 0 high).
    #expect(snapshot.allAttributes().map(\.frame) == [rect(0, 0, 100, 40), rect(0, 40, 100, 10)])
    #expect(snapshot.contentSize == Size(width: 100, height: 50))
  }

  @Test func pinnedListHeaderKeepsSectionHeadersBelowIt() throws {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    configuration.listHeader = ListSupplementary(height: 30, id: "bar", pinned: true)
    configuration.listFooter = ListSupplementary(height: 20, pinned: true)
    configuration.pinSectionFooters = true
    let cells = (0..<10).map { Cell(id: "c\($0)", width: 100, height: 50) }
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(header: Supplementary(height: 10), footer: Supplementary(height: 5), cells: cells),
        Section(header: Supplementary(height: 10), cells: cells),
      ])
    let snapshot = try model.layout()
    // Section 0: 30–590 (header 30–40, ten cells 50 high 5 apart 40–585, footer 585–590);
    // section 1 from 590.
    let frame = snapshot.viewport(at: Point(x: 0, y: 200), size: Size(width: 100, height: 300))
    let pinned = frame.elements.filter(\.isPinned).map { "\($0.kind) \($0.indexPath.section) \($0.frame)" }
    #expect(
      pinned == [
        "listHeader -1 \(rect(0, 200, 100, 30))",
        "header 0 \(rect(0, 230, 100, 10))",
        "footer 0 \(rect(0, 475, 100, 5))",
        "listFooter -1 \(rect(0, 480, 100, 20))",
      ])
    // Near the end of section 0 its header is pushed up by section 1 (at 590) below the bar.
    let late = snapshot.elements(
      in: rect(0, 555, 100, 300), pinning: PinningContext(contentOffset: 555, viewportHeight: 300))
    #expect(late.first { $0.kind == .header && $0.indexPath.section == 0 }?.frame == rect(0, 580, 100, 10))
    #expect(late.first { $0.kind == .header && $0.indexPath.section == 1 }?.frame == rect(0, 590, 100, 10))
    #expect(snapshot.pinnedHeaderSection(for: PinningContext(contentOffset: 555)) == 0)
    #expect(snapshot.pinnedHeaderSection(for: PinningContext(contentOffset: 565)) == 1)
    // At the top the header sits at its natural place, unpinned.
    let top = snapshot.viewport(at: .zero, size: Size(width: 100, height: 300))
    #expect(top.elements.first?.kind == .listHeader && top.elements.first?.isPinned == false)
  }

  @Test func horizontalListHasExactFrames() throws {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    configuration.scrollDirection = .horizontal
    configuration.defaultSectionAttributes.lineSpacing = 10
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(
          header: Supplementary(height: 20, id: "h"),
          cells: (0..<3).map { Cell(id: "c\($0)", width: 30, height: 40) })
      ])
    let snapshot = try model.layout()
    // Columns of cells down the list (100 high), the header a 20-wide column at the left.
    #expect(
      snapshot.allAttributes().map(\.frame) == [
        rect(0, 0, 20, 100), rect(20, 0, 30, 40), rect(20, 45, 30, 40), rect(60, 0, 30, 40),
      ])
    #expect(snapshot.contentSize == Size(width: 90, height: 100))
    #expect(snapshot.contentLength == 90)
    // The header pins to the leading edge; queries and the viewport take x offsets.
    let frame = snapshot.viewport(at: Point(x: 50, y: 0), size: Size(width: 40, height: 100))
    #expect(frame.elements.map(\.frame) == [rect(50, 0, 20, 100), rect(60, 0, 30, 40)])
    #expect(frame.elements[0].isPinned)
    #expect(snapshot.element(at: Point(x: 25, y: 50))?.indexPath == ListIndexPath(item: 1, section: 0))
    #expect(snapshot.indexPath(nearestTo: Point(x: 95, y: 70)) == ListIndexPath(item: 2, section: 0))
    #expect(
      snapshot.contentOffset(toShow: ListIndexPath(item: 2, section: 0), alignment: .top, viewportHeight: 20)
        == 60)
    #expect(
      snapshot.cellRange(overlappingY: 55, 70) == ListIndexPath(
        item: 2, section: 0)...ListIndexPath(item: 2, section: 0))
  }

  @Test func horizontalSizingCallbacksAreAskedInTransposedTerms() throws {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    configuration.scrollDirection = .horizontal
    let seen = TransposedProposalLog()
    let cell = Cell(
      size: .sizing { proposal in
        seen.append(proposal)
        return Size(width: 25, height: proposal.remainingLineSpace)
      })
    let model = ListModel(
      configuration: configuration, sections: [Section(cells: [Cell(width: 10, height: 30), cell])])
    let snapshot = try model.layout()
    // The line runs down the list: 100 high, 30 taken by the first cell and 5 of spacing.
    #expect(seen.proposals.map(\.remainingLineSpace) == [65])
    #expect(seen.proposals.map(\.lineWidth) == [100])
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(0, 35, 25, 65))
  }

  // MARK: Seeded properties

  @Test(arguments: 0..<4)
  func horizontalLayoutIsTheTransposedVerticalOne(batch: Int) throws {
    for seed in UInt64(batch * 500)..<UInt64(batch * 500 + sweep(quick: 40, long: 500)) {
      var rng = SplitMix64(seed: 4_100_000 + seed)
      let vertical = ChromeModelGenerator.model(&rng, horizontal: false)
      try expectTransposition(vertical, &rng, "seed \(seed)")
    }
  }

  /// The same property over models whose sections are also grids and masonry (about half of
  /// them), with spans and cells sized by a callback, beside backgrounds and the list header
  /// and footer: 2,000 models, seeds 4,600,000 to 4,601,999.
  @Test(arguments: 0..<4)
  func horizontalGridAndMasonryAreTheTransposedVerticalOnes(batch: Int) throws {
    var columnSections = 0
    let seeds = sweep(quick: 50, long: 500)
    for seed in UInt64(batch * 500)..<UInt64(batch * 500 + seeds) {
      var rng = SplitMix64(seed: 4_600_000 + seed)
      let vertical = ChromeModelGenerator.model(&rng, horizontal: false, columnSections: true)
      columnSections += vertical.sections.count {
        switch $0.layout {
        case .grid, .masonry: true
        default: false
        }
      }
      try expectTransposition(vertical, &rng, "seed \(seed)")
    }
    // The generator really draws them: about a quarter of some 1,000 sections each way.
    #expect(columnSections > seeds * 3 / 5)
  }

  /// Lays out `vertical` and its horizontal counterpart and expects every frame, query and
  /// viewport of the horizontal one to be the vertical one's, transposed.
  func expectTransposition(_ vertical: ListModel, _ rng: inout SplitMix64, _ seed: String) throws {
    do {
      let horizontal = ChromeModelGenerator.horizontal(vertical)
      let v = try vertical.layout()
      let h = try horizontal.layout()
      #expect(h.contentSize == Size(width: v.contentSize.height, height: v.contentSize.width), "\(seed)")
      let expected = v.allAttributes().map {
        var copy = $0
        copy.frame = ChromeModelGenerator.swapped($0.frame)
        return copy
      }
      guard h.allAttributes() == expected else {
        let got = h.allAttributes()
        let k = got.indices.first { $0 >= expected.count || got[$0] != expected[$0] }
        let difference = k.map { ": \(got[$0]) != \($0 < expected.count ? "\(expected[$0])" : "none")" }
        let message: String =
          "\(seed): horizontal layout is not the transposed vertical one"
          + (difference ?? " (\(got.count) != \(expected.count) elements)")
        Issue.record("\(message)")
        return
      }
      #expect(h.invariantViolations() == [], "\(seed)")
      // Queries and viewports agree through the transposition too.
      for _ in 0..<4 {
        let query = ModelGenerator.randomRect(&rng, v)
        let swapped = v.elements(in: query).map { ChromeModelGenerator.swapped($0.frame) }
        #expect(
          h.elements(in: ChromeModelGenerator.swapped(query)).map(\.frame) == swapped, "\(seed) \(query)"
        )
        let offset = (Double.random(in: -50...v.contentSize.height + 50, using: &rng) * 2).rounded() / 2
        let pinInset = Bool.random(using: &rng) ? 0.0 : 12
        let vv = v.viewport(
          at: Point(x: 0, y: offset), size: Size(width: v.contentSize.width, height: 300), pinInset: pinInset)
        let hv = h.viewport(
          at: Point(x: offset, y: 0), size: Size(width: 300, height: h.contentSize.height), pinInset: pinInset
        )
        #expect(
          hv.elements.map(\.frame) == vv.elements.map { ChromeModelGenerator.swapped($0.frame) },
          "\(seed)")
        #expect(hv.elements.map(\.isPinned) == vv.elements.map(\.isPinned), "\(seed)")
        #expect(
          hv.prefetchAhead == vv.prefetchAhead && hv.prefetchBehind == vv.prefetchBehind, "\(seed)")
      }
    }
  }

  @Test(arguments: 0..<4)
  func queriesEqualBruteForceWithChrome(batch: Int) throws {
    for seed in UInt64(batch * 400)..<UInt64(batch * 400 + sweep(quick: 30, long: 400)) {
      var rng = SplitMix64(seed: 4_200_000 + seed)
      let model = ChromeModelGenerator.model(&rng)
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      let all = snapshot.allAttributes()
      #expect(all.count == snapshot.elementCount, "seed \(seed)")
      let horizontal = model.configuration.scrollDirection == .horizontal
      for _ in 0..<6 {
        // Natural positions.
        let length = snapshot.contentLength
        let along = (Double.random(in: -60...length + 60, using: &rng) * 2).rounded() / 2
        let extent = (Double.random(in: 0...500, using: &rng) * 2).rounded() / 2
        let across = model.configuration.width
        let side = (Double.random(in: -across / 2...across, using: &rng) * 2).rounded() / 2
        let breadth = (Double.random(in: 0...across * 1.5, using: &rng) * 2).rounded() / 2
        let band = Rect(x: side, y: along, width: breadth, height: extent)
        let rect = horizontal ? ChromeModelGenerator.swapped(band) : band
        let expected = all.filter { $0.frame.intersects(rect) }
        let actual = snapshot.elements(in: rect)
        #expect(actual == expected, "seed \(seed) rect \(rect)")
        if actual != expected { return }
        // Pinned positions, against the reference pinning.
        let pinning = PinningContext(
          contentOffset: along, pinInset: Bool.random(using: &rng) ? 0 : 10,
          viewportHeight: Bool.random(using: &rng) ? extent : nil,
          bottomPinInset: Bool.random(using: &rng) ? 0 : 7)
        let reference = referencePinnedElements(snapshot, pinning)
        let pinnedExpected = reference.filter { $0.frame.intersects(rect) }
        #expect(snapshot.elements(in: rect, pinning: pinning) == pinnedExpected, "seed \(seed) \(pinning)")
        // The element at a point: the topmost, the later on a tie.
        let point = Point(
          x: rect.minX + Double.random(in: 0...1, using: &rng) * rect.width,
          y: rect.minY + Double.random(in: 0...1, using: &rng) * rect.height)
        var best: LayoutAttributes?
        for element in reference where element.frame.contains(point) {
          if best == nil || element.zIndex >= best!.zIndex { best = element }
        }
        #expect(snapshot.element(at: point, pinning: pinning) == best, "seed \(seed) point \(point)")
        // A viewport along the scroll axis shows what the reference shows in its rect.
        let size = horizontal ? Size(width: extent, height: across) : Size(width: across, height: extent)
        let origin = horizontal ? Point(x: along, y: 0) : Point(x: 0, y: along)
        let viewport = snapshot.viewport(at: origin, size: size, pinInset: pinning.pinInset)
        let viewRect = Rect(origin: origin, size: size)
        let viewPinning = PinningContext(
          contentOffset: along, pinInset: pinning.pinInset, viewportHeight: extent)
        #expect(
          viewport.elements
            == referencePinnedElements(snapshot, viewPinning).filter { $0.frame.intersects(viewRect) },
          "seed \(seed) viewport at \(along)")
      }
    }
  }

  @Test(arguments: 0..<3)
  func editsKeepChromeAndEqualFullRelayout(batch: Int) throws {
    var serial = 0
    for seed in UInt64(batch * 200)..<UInt64(batch * 200 + sweep(quick: 15, long: 200)) {
      var rng = SplitMix64(seed: 4_300_000 + seed)
      var snapshot = try ChromeModelGenerator.model(&rng, maxSections: 3, maxCells: 60).layout()
      for step in 0..<6 {
        let update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        let result = try snapshot.applying(
          update, anchor: ScrollAnchor(contentOffset: 40, viewportHeight: 300))
        #expect(result.snapshot.configuration.listHeader == snapshot.configuration.listHeader)
        #expect(result.snapshot.configuration.scrollDirection == snapshot.configuration.scrollDirection)
        try assertEqualToFullRelayout(
          result.snapshot, "seed \(seed) step \(step) \(EditGenerator.describe(update))")
        snapshot = result.snapshot
      }
    }
  }

  @Test func differencesWithChromeEqualFullRelayout() throws {
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: 4_400_000 + seed)
      let old = ChromeModelGenerator.model(&rng, maxSections: 3, maxCells: 20)
      var new = old
      ChromeModelGenerator.addChrome(&rng, to: &new)
      if !new.sections.isEmpty, Bool.random(using: &rng) { new.sections[0].cells.removeAll() }
      let result = try old.layout().applying(ListDifference(from: old, to: new))
      try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)")
    }
  }

  @Test func badChromeValuesInAModelAreLayoutErrors() {
    var model = ListModel(configuration: ListConfiguration(width: 100))
    model.configuration.listHeader = ListSupplementary(height: .nan)
    #expect(throws: LayoutError.self) { try model.layout() }
    do {
      _ = try model.layout()
    } catch {
      #expect(error.path == "header.height")
      #expect(error.modelPath == "configuration.listHeader.height")
    }
    model.configuration.listHeader = nil
    model.sections = [Section(background: SectionBackground(insets: EdgeInsets(top: -1)))]
    do {
      _ = try model.layout()
      Issue.record("a negative background inset laid out")
    } catch {
      #expect(error.path == "sections[0].background.insets")
    }
  }
}

/// Records sizing proposals (sizing closures are `@Sendable`).
final class TransposedProposalLog: @unchecked Sendable {
  private(set) var proposals: [SizingProposal] = []
  func append(_ proposal: SizingProposal) { proposals.append(proposal) }
}
