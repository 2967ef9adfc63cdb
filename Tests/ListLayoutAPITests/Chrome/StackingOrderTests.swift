import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// The stacking order of the Queries article's table (issue 34, bug 1): a pinned list header
/// or footer above pinned section headers and footers, badges above cells and natural
/// headers; point queries answer the element drawn on top.
@Suite struct StackingOrderTests {
  /// Issue 34's example: a section header pushed up under the pinned list header.
  static let feed = """
    {"width":200,"contentInsets":{"top":0,"left":0,"bottom":0,"right":0},
    "header":{"height":44,"id":"bar","pinned":true},"sections":[{"header":{"height":40,
    "id":"h0"},"items":[{"id":"a","size":{"width":200,"height":100}}]},{"header":{"height":40,
    "id":"h1"},"items":[{"id":"b","size":{"width":200,"height":400}}]}]}
    """

  @Test func aPinnedListHeaderIsAboveAPushedUpSectionHeader() throws {
    let snapshot = try ListModel(json: Self.feed).layout()
    let pinning = PinningContext(contentOffset: 120, viewportHeight: 200)
    let viewport = snapshot.viewport(at: Point(x: 0, y: 120), size: Size(width: 200, height: 200))
    let bar = try #require(viewport.elements.first { $0.kind == .listHeader })
    let h0 = try #require(viewport.elements.first { $0.kind == .header && $0.indexPath.section == 0 })
    #expect(bar.frame == Rect(x: 0, y: 120, width: 200, height: 44))
    #expect(h0.frame == Rect(x: 0, y: 144, width: 200, height: 40))
    #expect(bar.zIndex > h0.zIndex)
    #expect(bar.zIndex == LayoutAttributes.pinnedListZIndex)
    let hit = snapshot.element(at: Point(x: 100, y: 150), pinning: pinning)
    #expect(hit?.kind == .listHeader)
    // Below the bar, the header is hit.
    #expect(snapshot.element(at: Point(x: 100, y: 170), pinning: pinning)?.kind == .header)
  }

  @Test func aPinnedListFooterIsAbovePinnedSectionFooters() throws {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero, pinSectionFooters: true)
    configuration.listFooter = ListSupplementary(height: 30, id: "tabs", pinned: true)
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(footer: Supplementary(height: 40), cells: [Cell(width: 200, height: 300)]),
        Section(cells: [Cell(width: 200, height: 300)]),
      ])
    let snapshot = try model.layout()
    // At offset 0 with a 300-point viewport, the footer pins above the bar, 230–270, and the
    // bar 270–300; a footer pushed down by its section's end may meet the bar: the bar wins.
    let pinning = PinningContext(contentOffset: 0, viewportHeight: 300)
    let footer = try #require(snapshot.supplementaryAttributes(.footer, inSection: 0, pinning: pinning))
    let bar = try #require(
      snapshot.viewport(at: .zero, size: Size(width: 200, height: 300)).elements.first {
        $0.kind == .listFooter
      })
    #expect(bar.zIndex > footer.zIndex)
    #expect(snapshot.element(at: Point(x: 10, y: 280), pinning: pinning)?.kind == .listFooter)
  }

  /// Seeded lists with pinned chrome and badges: the element at a point is the one of the
  /// highest z-index among those containing it (the later in listing order on a tie), and
  /// the z-indexes are the table's.
  @Test func pointQueriesFollowTheTable() throws {
    var rng = SplitMix64(seed: 34_001)
    for round in 0..<sweep(quick: 150, long: 1500) {
      var model = ModelGenerator.model(&rng, maxSections: 4, maxCells: 20)
      model.configuration.listHeader = ListSupplementary(
        height: Double(Int.random(in: 0...120, using: &rng)) / 2, pinned: Bool.random(using: &rng))
      model.configuration.listFooter = ListSupplementary(
        height: Double(Int.random(in: 0...60, using: &rng)) / 2, pinned: Bool.random(using: &rng))
      model.configuration.pinSectionFooters = Bool.random(using: &rng)
      for s in model.sections.indices {
        for i in model.sections[s].cells.indices where Int.random(in: 0..<4, using: &rng) == 0 {
          model.sections[s].cells[i].badges = [
            Badge(size: Size(width: 16, height: 16), anchor: .topTrailing, offset: Point(x: 0.5, y: -0.5))
          ]
        }
      }
      let snapshot = try model.layout()
      let offset = Double(Int.random(in: 0...max(1, Int(snapshot.contentLength)), using: &rng))
      let height = Double(Int.random(in: 50...500, using: &rng))
      let pinning = PinningContext(contentOffset: offset, viewportHeight: height)
      let viewport = snapshot.viewport(
        at: Point(x: 0, y: offset), size: Size(width: model.configuration.width, height: height))
      for element in viewport.elements {
        let expected: Int
        switch element.kind {
        case .background: expected = -1
        case .cell: expected = 0
        case .badge: expected = 2
        case .header, .footer: expected = element.isPinned ? 1024 : 1
        case .listHeader, .listFooter: expected = element.isPinned ? 1025 : 1
        default: continue
        }
        #expect(element.zIndex == expected, "round \(round): \(element)")
      }
      for _ in 0..<8 {
        let point = Point(
          x: Double(Int.random(in: 0..<Int(max(1, model.configuration.width)), using: &rng)),
          y: offset + Double(Int.random(in: 0..<Int(height), using: &rng)))
        let best = viewport.elements.filter { $0.frame.contains(point) }.reduce(nil as LayoutAttributes?) {
          $0 == nil || $1.zIndex >= $0!.zIndex ? $1 : $0
        }
        let hit = snapshot.element(at: point, pinning: pinning)
        #expect(hit == best, "round \(round) at \(point)")
      }
    }
  }
}
