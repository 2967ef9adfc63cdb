import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// Jumps to cells hidden in collapsed sections: the session aligns the section's header (or
/// the section without one) in the cell's place, says so (`hiddenJumpTarget`), keeps the
/// jump pending, and lands on the cell once the section expands.
@Suite struct ScrollCollapsedTests {
  /// Sections of messages; `collapsed` ones are folded, `headerless` ones have no header.
  static func model(
    sections: Int, collapsed: Set<Int>, headerless: Set<Int> = [], horizontal: Bool = false, seed: UInt64 = 1
  ) -> ListModel {
    var random = SplitMix64(seed: seed)
    var list: [Section] = []
    for s in 0..<sections {
      let count = Int(random.next() % 30) + 1
      let cells = (0..<count).map { i in
        Cell(
          id: "m\(s).\(i)", width: 100 + Double(random.next() % 200), height: 30 + Double(random.next() % 60))
      }
      var section = Section(cells: cells)
      if !headerless.contains(s) { section.header = Supplementary(height: 28 + Double(s % 3) * 6) }
      if s % 3 == 1 { section.footer = Supplementary(height: 18) }
      section.collapsed = collapsed.contains(s)
      list.append(section)
    }
    var configuration = ListConfiguration(width: 360)
    if horizontal { configuration.scrollDirection = .horizontal }
    return ListModel(configuration: configuration, sections: list)
  }

  /// The reference: the offset that puts `extent` where `alignment` says (the rule written
  /// out again), clamped to the session's range.
  static func expected(
    _ extent: (min: Double, max: Double), _ alignment: ScrollAlignment, _ session: ScrollSession,
    offset: Double
  ) -> Double {
    let o = session.options
    let h = session.viewportLength
    let y: Double =
      switch alignment {
      case .top: extent.min - o.topInset + offset
      case .center:
        (extent.min + extent.max) / 2 - (o.topInset + (h - o.topInset - o.bottomInset) / 2) + offset
      case .bottom: extent.max - (h - o.bottomInset) + offset
      }
    return min(max(y, session.minOffset), session.maxOffset)
  }

  /// The natural extent along the scroll axis of `section`'s header, found in the listing
  /// of every element (or of the whole section when it has none).
  static func standIn(_ snapshot: LayoutSnapshot, section: Int) -> (min: Double, max: Double) {
    let horizontal = snapshot.scrollAxis == .horizontal
    for element in snapshot.allAttributes()
    where element.kind == .header && element.indexPath.section == section {
      let f = element.frame
      return horizontal ? (f.minX, f.maxX) : (f.minY, f.maxY)
    }
    let f = snapshot.sectionFrame(section)!
    return horizontal ? (f.minX, f.maxX) : (f.minY, f.maxY)
  }

  @Test(arguments: [false, true])
  func aJumpToAHiddenCellAlignsItsSectionsHeaderAndStaysPending(horizontal: Bool) throws {
    let collapsed: Set<Int> = [2, 5, 7]
    let model = Self.model(sections: 10, collapsed: collapsed, headerless: [5], horizontal: horizontal)
    let options = ScrollOptions(topInset: 20, bottomInset: 30)
    var session = try ScrollSession(model: model, viewportLength: 500, options: options)
    for section in collapsed {
      for alignment in [ScrollAlignment.top, .center, .bottom] {
        let item = model.sections[section].cells.count - 1
        let jump = ScrollJump(to: .id("m\(section).\(item)"), alignment: alignment, offset: 7)
        try session.apply(.jump(jump))
        let path = ListIndexPath(item: item, section: section)
        #expect(session.snapshot.frame(of: path) == nil)
        #expect(session.hiddenJumpTarget == path)
        #expect(session.pendingJump == jump)
        let want = Self.expected(
          Self.standIn(session.snapshot, section: section), alignment, session, offset: 7)
        #expect(abs(session.offset - want) < 1e-9, "section \(section), \(alignment)")
        // By index path: the same place.
        let before = session.offset
        try session.apply(.jump(ScrollJump(to: .item(path), alignment: alignment, offset: 7)))
        #expect(session.offset == before)
        #expect(session.hiddenJumpTarget == path)
      }
    }
    // Past the cells the model keeps: refused.
    let beyond = ListIndexPath(item: model.sections[2].cells.count, section: 2)
    #expect(throws: ScrollError.self) { try session.apply(.jump(ScrollJump(to: .item(beyond)))) }
    // A jump to a cell that is laid out says nothing is hidden.
    try session.apply(.jump(ScrollJump(to: .id("m3.0"))))
    #expect(session.hiddenJumpTarget == nil)
  }

  @Test func expandingTheSectionLandsThePendingJumpOnItsCell() throws {
    var model = Self.model(sections: 8, collapsed: [4], seed: 3)
    let options = ScrollOptions(topInset: 10)
    var session = try ScrollSession(
      model: model, viewportLength: 600, options: options,
      start: .jump(ScrollJump(to: .id("m4.5"), alignment: .center)))
    let path = ListIndexPath(item: 5, section: 4)
    #expect(session.hiddenJumpTarget == path)
    #expect(
      abs(
        session.offset
          - Self.expected(Self.standIn(session.snapshot, section: 4), .center, session, offset: 0))
        < 1e-9)
    // A measurement elsewhere: still aligned on the header.
    try session.apply(.measure(["m1.0": Size(width: 120, height: 90)]))
    #expect(session.hiddenJumpTarget == path)
    #expect(
      abs(
        session.offset
          - Self.expected(Self.standIn(session.snapshot, section: 4), .center, session, offset: 0))
        < 1e-9)
    // The app expands the section: the jump lands on its cell, and stays pending.
    model.sections[4].collapsed = false
    model.sections[1].cells[0] = Cell(id: "m1.0", width: 120, height: 90)
    try session.apply(.update(model))
    #expect(session.hiddenJumpTarget == nil)
    #expect(session.pendingJump?.target == .id("m4.5"))
    let frame = try #require(session.snapshot.frame(of: path))
    #expect(abs(session.offset - Self.expected((frame.minY, frame.maxY), .center, session, offset: 0)) < 1e-9)
    // Collapsing it again: back on the header, the jump still pending.
    model.sections[4].collapsed = true
    try session.apply(.update(model))
    #expect(session.hiddenJumpTarget == path)
    #expect(
      abs(
        session.offset
          - Self.expected(Self.standIn(session.snapshot, section: 4), .center, session, offset: 0))
        < 1e-9)
    // A scroll ends it.
    try session.apply(.scrollBy(5))
    #expect(session.hiddenJumpTarget == nil)
    #expect(session.pendingJump == nil)
  }

  @Test func aJumpByItemFollowsItsHiddenCellAcrossAnExpandingEdit() throws {
    var model = Self.model(sections: 6, collapsed: [3], seed: 9)
    var session = try ScrollSession(model: model, viewportLength: 400)
    let path = ListIndexPath(item: 2, section: 3)
    try session.apply(.jump(ScrollJump(to: .item(path))))
    #expect(session.hiddenJumpTarget == path)
    // Sections inserted before it and the section expanded: the jump follows its cell.
    model.sections[3].collapsed = false
    model.sections.insert(Section(cells: [Cell(id: "new", width: 50, height: 50)]), at: 0)
    try session.apply(.update(model))
    let moved = ListIndexPath(item: 2, section: 4)
    #expect(session.pendingJump?.target == .item(moved))
    let frame = try #require(session.snapshot.frame(of: moved))
    #expect(abs(session.offset - Self.expected((frame.minY, frame.maxY), .top, session, offset: 0)) < 1e-9)
  }

  @Test func aSavedJumpToAHiddenCellIsRestored() throws {
    let model = Self.model(sections: 6, collapsed: [4], seed: 5)
    var session = try ScrollSession(model: model, viewportLength: 400)
    try session.apply(.jump(ScrollJump(to: .id("m4.0"), alignment: .bottom)))
    let state = session.savedState()
    var back = try ScrollSession(model: model, viewportLength: 400)
    try back.apply(.restore(state))
    #expect(back.offset == session.offset)
    #expect(back.hiddenJumpTarget == ListIndexPath(item: 0, section: 4))
  }

  @Test func theJSONAnswerNamesTheHiddenCell() throws {
    let model = Self.model(sections: 5, collapsed: [2], seed: 2)
    var session = try ScrollSession(model: model, viewportLength: 400)
    let hidden = session.respond(toJSON: Array(#"{"jump": {"id": "m2.0"}}"#.utf8))
    #expect(hidden.contains(#""hiddenJump":[2,0]"#), "\(hidden)")
    let shown = session.respond(toJSON: Array(#"{"jump": {"id": "m1.0"}}"#.utf8))
    #expect(!shown.contains("hiddenJump"), "\(shown)")
  }

  /// Every snapshot query about a cell of a collapsed section answers as for no cell, and
  /// no answer lands on one: frames, offsets to show, focus, reading order, accessibility,
  /// drop targets.
  @Test func snapshotQueriesSkipHiddenCells() throws {
    let collapsed: Set<Int> = [1, 4, 6]
    for horizontal in [false, true] {
      let snapshot = try Self.model(sections: 9, collapsed: collapsed, horizontal: horizontal, seed: 4)
        .layout()
      for section in collapsed {
        let path = ListIndexPath(item: 0, section: section)
        #expect(snapshot.numberOfItems(inSection: section) == 0)
        #expect(snapshot.frame(of: path) == nil)
        #expect(snapshot.contentOffset(toShow: path, alignment: .top, viewportHeight: 500) == nil)
        #expect(snapshot.nextFocus(from: path, direction: .down) == nil)
        #expect(snapshot.accessibility(of: path) == nil)
        #expect(snapshot.moveTarget(dragging: path, at: Point(x: 10, y: 10)) == nil)
      }
      // Focus and reading order from every laid-out cell never land in a collapsed section's cells.
      var element: ElementReference? = nil
      var visited = 0
      repeat {
        element = snapshot.nextInReadingOrder(after: element)
        if let element, element.kind == .cell {
          #expect(!collapsed.contains(element.indexPath.section))
          for direction in [FocusDirection.up, .down, .left, .right, .forward, .backward] {
            if let to = snapshot.nextFocus(from: element.indexPath, direction: direction)?.indexPath {
              #expect(!collapsed.contains(to.section))
            }
          }
        }
        visited += 1
      } while element != nil && visited < 10_000
    }
  }
}
