import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// The behaviours a person sees: chats, jumps through estimated cells, save and restore,
/// carousels, flings, the quick-return header, horizontal lists.
@Suite struct ScrollScenarioTests {
  static func messages(
    _ ids: some Sequence<Int>, heights: (Int) -> Double = { 40 + Double($0 % 5) * 8 }
  ) -> [Cell] {
    ids.map { Cell(id: "m\($0)", width: 300, height: heights($0)) }
  }

  static func chat(_ ids: some Sequence<Int>) -> ListModel {
    ListModel(
      configuration: ListConfiguration(width: 320, contentInsets: .zero, sectionSpacing: 0),
      sections: [Section(cells: messages(ids), attributes: SectionAttributes(lineSpacing: 4))])
  }

  /// Where each visible cell is on screen (its start minus the offset), by id.
  static func screen(_ session: ScrollSession) -> [String: Double] {
    var result: [String: Double] = [:]
    for path in session.visibleCells {
      result[session.snapshot.identifier(of: path)!] = session.snapshot.frame(of: path)!.minY - session.offset
    }
    return result
  }

  @Test func aShortChatSitsAtTheBottomAndFollowsNewMessages() throws {
    let options = ScrollOptions(topInset: 44, bottomInset: 34, gravity: .bottom, followsEnd: true)
    var chat = try ScrollSession(model: Self.chat(0..<3), viewportLength: 600, options: options, start: .end)
    // Three messages in a 600-point screen: the range is one offset, at the bottom.
    #expect(chat.minOffset == chat.maxOffset)
    #expect(chat.offset == chat.contentLength + 34 - 600)
    #expect(chat.visibleCells.count == 3)
    #expect(chat.isAtStart && chat.isAtEnd)
    // Messages arrive: the chat stays at its end, and each arrival appears.
    for n in 3..<40 {
      let step = try chat.apply(.update(Self.chat(0...n)))
      #expect(chat.offset == chat.maxOffset)
      #expect(step.appeared.contains(ListIndexPath(item: n, section: 0)))
      let last = chat.snapshot.frame(of: ListIndexPath(item: n, section: 0))!
      #expect(last.maxY - chat.offset <= 600 - 34 + 1e-9)
    }
    // Scrolled up, new messages no longer move the screen.
    try chat.apply(.scrollBy(-500))
    let before = Self.screen(chat)
    try chat.apply(.update(Self.chat(0...45)))
    #expect(Self.screen(chat) == before)
    #expect(!chat.isAtEnd)
  }

  @Test func olderMessagesLoadedAboveLeaveTheScreenStill() throws {
    let options = ScrollOptions(
      topInset: 44, bottomInset: 34, gravity: .bottom, followsEnd: true, loadThreshold: 1)
    var chat = try ScrollSession(
      model: Self.chat(100..<160), viewportLength: 700, options: options, start: .end)
    var first = 100
    var loads = 0
    // Scroll up a screen at a time; near the start, load 30 older messages above.
    for _ in 0..<40 {
      try chat.apply(.scrollBy(-350))
      if chat.isNearStart && first > 0 {
        let before = Self.screen(chat)
        first -= 30
        let step = try chat.apply(.update(Self.chat(first..<160)))
        loads += 1
        // The visible messages did not move on screen, and none appeared or disappeared.
        #expect(Self.screen(chat) == before)
        #expect(step.appeared.isEmpty && step.disappeared.isEmpty)
      }
    }
    #expect(loads >= 3)
    #expect(chat.isAtStart)
  }

  @Test func measuringCellsAboveTheAnchorKeepsTheScreenStill() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 320, contentInsets: .zero),
      sections: [Section(cells: Self.messages(0..<200, heights: { _ in 50 }))])
    var session = try ScrollSession(model: model, viewportLength: 600, options: ScrollOptions(topInset: 20))
    try session.apply(.scrollTo(3000))
    let before = Self.screen(session)
    // Cells above the screen and the first visible one grow as they are measured.
    let visible = session.visibleCells.map { session.snapshot.identifier(of: $0)! }
    var sizes: [String: Size] = [:]
    for n in 40..<57 { sizes["m\(n)"] = Size(width: 300, height: 80) }
    sizes[visible[0]] = Size(width: 300, height: 90)
    try session.apply(.measure(sizes))
    let after = Self.screen(session)
    // The anchor (the first cell in the band below the top inset) kept its place on screen.
    let anchor = session.snapshot.identifier(of: session.anchor!)!
    #expect(after[anchor] == before[anchor])
    #expect(session.measuredSizes.count == sizes.count)
  }

  /// A jump to the last cell of 10,000 whose estimates are off by up to ±50%, measuring what
  /// is visible after every event: the cell sits exactly where asked after the first
  /// measurement of its screen, and stays there.
  @Test(arguments: ScrollAlignment.allCases)
  func aJumpThroughEstimatedCellsConverges(alignment: ScrollAlignment) throws {
    var random = SplitMix64(seed: 36)
    var truth: [String: Size] = [:]
    var cells: [Cell] = []
    for n in 0..<10_000 {
      let height = Double(30 + random.below(120))
      truth["c\(n)"] = Size(width: 320, height: height)
      let estimate = (height * (0.5 + Double(random.below(1001)) / 1000)).rounded()
      cells.append(Cell(id: "c\(n)", width: 320, height: estimate))
    }
    let model = ListModel(
      configuration: ListConfiguration(width: 320, contentInsets: .zero), sections: [Section(cells: cells)])
    let options = ScrollOptions(topInset: 50, bottomInset: 30)
    let jump = ScrollJump(to: .id("c9999"), alignment: alignment, offset: alignment == .top ? 0 : -10)
    var session = try ScrollSession(model: model, viewportLength: 700, options: options)
    try session.apply(.jump(jump))
    var rounds = 0
    while true {
      let unmeasured = session.visibleCells.map { session.snapshot.identifier(of: $0)! }.filter {
        session.measuredSizes[$0] == nil
      }
      if unmeasured.isEmpty { break }
      try session.apply(.measure(Dictionary(uniqueKeysWithValues: unmeasured.map { ($0, truth[$0]!) })))
      rounds += 1
      // Where asked, clamped, after every measurement.
      let target = ListIndexPath(item: 9_999, section: 0)
      let frame = session.snapshot.frame(of: target)!
      let asked: Double =
        switch alignment {
        case .top: frame.minY - 50
        case .center: frame.midY - (50 + (700 - 80) / 2) - 10
        case .bottom: frame.maxY - (700 - 30) - 10
        }
      #expect(abs(session.offset - min(max(asked, session.minOffset), session.maxOffset)) <= 1e-9)
      #expect(session.pendingJump != nil)
    }
    #expect(rounds >= 1 && rounds <= 3, "\(rounds) rounds")
    // A scroll ends the jump; a measurement then anchors instead.
    try session.apply(.scrollBy(-100))
    #expect(session.pendingJump == nil)
  }

  @Test func aPendingJumpFollowsItsCellAndEndsWhenItIsDeleted() throws {
    var session = try ScrollSession(
      model: Self.chat(0..<100), viewportLength: 400,
      start: .jump(ScrollJump(to: .item(ListIndexPath(item: 50, section: 0)), alignment: .center)))
    #expect(session.pendingJump?.target == .item(ListIndexPath(item: 50, section: 0)))
    // Ten messages inserted above: the jump follows its cell, now item 60, and re-aligns it.
    try session.apply(.update(Self.chat(-10..<100)))
    #expect(session.pendingJump?.target == .item(ListIndexPath(item: 60, section: 0)))
    let frame = session.snapshot.frame(of: ListIndexPath(item: 60, section: 0))!
    #expect(abs(session.offset - (frame.midY - 200)) < 1e-9)
    // A carousel event leaves it; deleting its cell ends it.
    #expect(throws: ScrollError.self) { try session.apply(.scrollCarousel(section: 0, to: 10)) }
    try session.apply(.update(Self.chat(Array(-10..<50) + Array(51..<100))))
    #expect(session.pendingJump == nil)
  }

  @Test func saveAndRestoreAcrossAnUpdate() throws {
    let options = ScrollOptions(topInset: 64)
    var session = try ScrollSession(model: Self.chat(0..<300), viewportLength: 700, options: options)
    try session.apply(.scrollTo(5000))
    let visible = session.visibleCells.map { session.snapshot.identifier(of: $0)! }
    try session.apply(
      .measure(Dictionary(uniqueKeysWithValues: visible.map { ($0, Size(width: 300, height: 77)) })))
    let state = try #require(try session.apply(.save).state)
    let anchorID = try #require(state.anchorID)
    #expect(state.measuredSizes.count == visible.count)
    let screenBefore = Self.screen(session)
    // Navigate away: a fresh session on an updated feed (older messages above, one deleted
    // below), then restore.
    var back = try ScrollSession(
      model: Self.chat(Array(-40..<250) + Array(251..<310)), viewportLength: 700, options: options)
    let step = try back.apply(.restore(state))
    #expect(back.measuredSizes == state.measuredSizes)
    let path = back.visibleCells.first { back.snapshot.identifier(of: $0) == anchorID }!
    #expect(back.snapshot.frame(of: path)!.minY - back.offset == screenBefore[anchorID])
    #expect(Self.screen(back) == screenBefore)
    #expect(!step.appeared.isEmpty)
    // The restored state saves as it was.
    let again = try #require(try back.apply(.save).state)
    #expect(again.anchorID == anchorID && again.anchorDistance == state.anchorDistance)
    // A state whose anchor is gone rests at the start (or the end with gravity bottom).
    var gone = state
    gone.anchorID = "nowhere"
    try back.apply(.restore(gone))
    #expect(back.offset == back.minOffset)
  }

  @Test func measuredSizesSurviveAnUpdateWhileTheirEstimatesDo() throws {
    var session = try ScrollSession(model: Self.chat(0..<10), viewportLength: 400)
    try session.apply(.measure(["m1": Size(width: 300, height: 100), "m2": Size(width: 300, height: 120)]))
    try session.apply(.measure(["m1": Size(width: 300, height: 110)]))
    // m1's estimate stays; m2's feed size changes: its measurement is dropped.
    var model = Self.chat(0..<10)
    model.sections[0].cells[2].size = .fixed(Size(width: 300, height: 33))
    try session.apply(.update(model))
    #expect(session.measuredSizes == ["m1": Size(width: 300, height: 110)])
    #expect(session.snapshot.frame(of: ListIndexPath(item: 1, section: 0))!.height == 110)
    #expect(session.snapshot.frame(of: ListIndexPath(item: 2, section: 0))!.height == 33)
    #expect(throws: ScrollError.unknownIdentifier("nope")) {
      try session.apply(.measure(["nope": Size(width: 1, height: 1)]))
    }
  }

  @Test func flingsSnapToCellsAndCarouselsPage() throws {
    let shelf = Section(
      cells: (0..<20).map { Cell(id: "card\($0)", width: 140, height: 180) },
      layout: .carousel(CarouselLayout(itemSpacing: 10, paging: .page)))
    let items = Section(
      cells: (0..<20).map { Cell(id: "tile\($0)", width: 100, height: 100) },
      layout: .carousel(CarouselLayout(itemSpacing: 10, paging: .item)))
    let model = ListModel(
      configuration: ListConfiguration(width: 375, contentInsets: .zero, sectionSpacing: 0),
      sections: [shelf, items, Section(cells: Self.messages(0..<100, heights: { _ in 60 }))])
    var session = try ScrollSession(model: model, viewportLength: 667, options: ScrollOptions(snap: .cells))
    // 0.998: a fling travels 0.499 × v; with cells snapping it rests on a cell's start.
    try session.apply(.fling(velocity: 2000))
    let starts = session.snapshot.allAttributes().filter { $0.kind == .cell }.map(\.frame.minY)
    #expect(starts.contains(session.offset))
    #expect(abs(session.offset - 998) <= 40)
    // Page by page: one flick moves one page at most, whatever its speed.
    let pages = session.snapshot.carouselMetrics(ofSection: 0)!.snapOffsets
    try session.apply(.flingCarousel(section: 0, velocity: 50_000))
    #expect(session.carouselOffsets[0] == pages[1])
    try session.apply(.flingCarousel(section: 0, velocity: 50_000))
    #expect(session.carouselOffsets[0] == pages[2])
    // By item: the nearest card to where it would stop.
    try session.apply(.flingCarousel(section: 1, velocity: 1000))
    #expect(session.carouselOffsets[1] == 550)
    // Carousel offsets are clamped, and survive list events.
    try session.apply(.scrollCarousel(section: 1, to: 1e6))
    #expect(session.carouselOffsets[1] == session.snapshot.carouselMetrics(ofSection: 1)!.maximumOffset)
    try session.apply(.scrollBy(10))
    #expect(session.carouselOffsets[1] > 0)
    #expect(throws: ScrollError.notACarousel(section: 2, numberOfSections: 3)) {
      try session.apply(.scrollCarousel(section: 2, to: 1))
    }
  }

  @Test func theQuickReturnHeaderSlidesAwayAndBack() throws {
    var configuration = ListConfiguration(width: 320, contentInsets: .zero)
    configuration.listHeader = ListSupplementary(height: 50, id: "search")
    let model = ListModel(configuration: configuration, sections: [Section(cells: Self.messages(0..<100))])
    var session = try ScrollSession(
      model: model, viewportLength: 600, options: ScrollOptions(topInset: 20, listHeaderMode: .quickReturn))
    #expect(session.listHeaderFrame == Rect(x: 0, y: 0, width: 320, height: 50))
    try session.apply(.scrollBy(1000))
    #expect(session.revealedHeaderLength == 0)
    #expect(session.listHeaderFrame!.maxY == session.offset + 20)
    try session.apply(.scrollBy(-30))
    #expect(session.revealedHeaderLength == 30)
    #expect(session.listHeaderFrame!.maxY == session.offset + 20 + 30)
    try session.apply(.scrollBy(-300))
    #expect(session.listHeaderFrame!.minY == session.offset + 20)
  }

  @Test func aHorizontalListScrollsAlongX() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 200, contentInsets: .zero, scrollDirection: .horizontal),
      sections: [Section(cells: (0..<50).map { Cell(id: "c\($0)", width: 90, height: 180) })])
    var session = try ScrollSession(model: model, viewportLength: 375, options: ScrollOptions(topInset: 10))
    #expect(session.contentLength == model.layoutContentLength)
    try session.apply(.scrollTo(1000))
    let frames = session.visibleCells.map { session.snapshot.frame(of: $0)! }
    #expect(frames.allSatisfy { $0.maxX > 1000 && $0.minX < 1375 })
    try session.apply(.jump(ScrollJump(to: .id("c20"), alignment: .top)))
    #expect(session.offset == session.snapshot.frame(of: ListIndexPath(item: 20, section: 0))!.minX - 10)
  }
}

extension ListModel {
  fileprivate var layoutContentLength: Double { (try? layout().contentLength) ?? -1 }
}
