import Foundation
import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// A plain CSS Grid auto-placement, written from the spec's words (an occupancy matrix, a
/// cursor for sparse packing, a scan from the grid's start for dense packing), to check the
/// engine's grid against.
enum ReferenceGrid {
  /// Cell frames relative to the body's top (left to right) and the body's height.
  static func layout(
    _ section: Section, _ grid: GridLayout, _ configuration: ListConfiguration
  ) -> (frames: [Rect], height: Double) {
    let attributes = section.attributes ?? configuration.defaultSectionAttributes
    let width = max(
      0,
      configuration.width - configuration.contentInsets.left - configuration.contentInsets.right
        - attributes.insets.left - attributes.insets.right)
    let gap = grid.columnSpacing ?? attributes.itemSpacing
    let rowGap = grid.rowSpacing ?? attributes.lineSpacing
    let n: Int
    switch grid.columns {
    case .count(let count): n = min(count, 1024)
    case .adaptive(let minimum): n = min(1024, max(1, Int(((width + gap) / (minimum + gap)).rounded(.down))))
    }
    let columnWidth = max(0, (width - Double(n - 1) * gap) / Double(n))
    var occupied: [[Bool]] = []
    var placed: [(row: Int, column: Int, span: Int, height: Double)] = []
    var cursor = (row: 0, column: 0)
    func free(_ row: Int, _ column: Int, _ span: Int) -> Bool {
      while occupied.count <= row { occupied.append(Array(repeating: false, count: n)) }
      return (column..<(column + span)).allSatisfy { !occupied[row][$0] }
    }
    for cell in section.cells {
      let span: Int
      switch cell.span {
      case nil: span = 1
      case .columns(let k): span = min(k, n)
      case .fullRow: span = n
      }
      var position: (row: Int, column: Int)
      if grid.packing == .dense {
        position = (0, 0)
        while !(position.column + span <= n && free(position.row, position.column, span)) {
          position.column += 1
          if position.column + span > n { position = (position.row + 1, 0) }
        }
      } else {
        position = cursor
        while !(position.column + span <= n && free(position.row, position.column, span)) {
          position.column += 1
          if position.column + span > n { position = (position.row + 1, 0) }
        }
        cursor = (position.row, position.column + span)
      }
      for c in position.column..<(position.column + span) { occupied[position.row][c] = true }
      let height = cell.size.fixedValue?.height ?? configuration.defaultCellSize.height
      placed.append((position.row, position.column, span, height))
    }
    let rowCount = (placed.map(\.row).max() ?? -1) + 1
    var rowHeights = Array(repeating: 0.0, count: rowCount)
    for p in placed { rowHeights[p.row] = max(rowHeights[p.row], p.height) }
    var rowTops: [Double] = []
    var y = 0.0
    for h in rowHeights {
      rowTops.append(y)
      y += h + rowGap
    }
    let frames = placed.map { p -> Rect in
      let x =
        configuration.contentInsets.left + attributes.insets.left + Double(p.column) * (columnWidth + gap)
      let w = Double(p.span) * columnWidth + Double(p.span - 1) * gap
      let rowHeight = rowHeights[p.row]
      switch grid.rowAlignment {
      case .top: return Rect(x: x, y: rowTops[p.row], width: w, height: p.height)
      case .center:
        return Rect(x: x, y: rowTops[p.row] + (rowHeight - p.height) / 2, width: w, height: p.height)
      case .bottom: return Rect(x: x, y: rowTops[p.row] + rowHeight - p.height, width: w, height: p.height)
      case .stretch: return Rect(x: x, y: rowTops[p.row], width: w, height: rowHeight)
      }
    }
    let height = rowCount == 0 ? 0 : rowHeights.reduce(0, +) + Double(rowCount - 1) * rowGap
    return (frames, height)
  }
}

@Suite struct GridSectionTests {
  // MARK: Worked by hand

  /// 320 wide, no insets, three columns with gaps 10: columns 100 wide at x 0, 110, 220.
  func model(_ grid: GridLayout, _ cells: [Cell], width: Double = 320) -> ListModel {
    ListModel(
      configuration: ListConfiguration(width: width, contentInsets: .zero),
      sections: [
        Section(
          cells: cells, attributes: SectionAttributes(itemSpacing: 10, lineSpacing: 10), layout: .grid(grid))
      ])
  }

  func cell(_ height: Double, _ span: GridSpan? = nil) -> Cell {
    var cell = Cell(width: 999, height: height)
    cell.span = span
    return cell
  }

  func frames(_ model: ListModel) throws -> [Rect] {
    let snapshot = try model.layout()
    return (0..<model.sections[0].cells.count).map {
      snapshot.frame(of: ListIndexPath(item: $0, section: 0))!
    }
  }

  @Test func sparseSpansLeaveHoles() throws {
    // Row 0: a (col 0), b spans 2 (cols 1-2). Row 1: c spans 2 (cols 0-1), d does not fit in
    // col 2? it does (span 1). Row 2: e spans 3. Row 3: f.
    let cells = [
      cell(20), cell(30, .columns(2)), cell(40, .columns(2)), cell(25), cell(35, .fullRow), cell(15),
    ]
    let result = try frames(model(GridLayout(columns: .count(3)), cells))
    #expect(
      result == [
        rect(0, 0, 100, 20), rect(110, 0, 210, 30),
        rect(0, 40, 210, 40), rect(220, 40, 100, 25),
        rect(0, 90, 320, 35),
        rect(0, 135, 100, 15),
      ])
    // A cell that does not fit in the rest of the row leaves a hole: c (span 2) after a.
    let holes = try frames(
      model(GridLayout(columns: .count(3)), [cell(10, .columns(2)), cell(10, .columns(2))]))
    #expect(holes == [rect(0, 0, 210, 10), rect(0, 20, 210, 10)])
  }

  @Test func densePackingFillsTheFirstHole() throws {
    // a spans 2 (row 0, cols 0-1); b spans 2: row 1; c (span 1) fills row 0 col 2; d fills
    // row 1 col 2; e full row: row 2.
    let cells = [cell(10, .columns(2)), cell(20, .columns(2)), cell(30), cell(5), cell(8, .fullRow), cell(9)]
    let result = try frames(model(GridLayout(columns: .count(3), packing: .dense), cells))
    #expect(
      result == [
        rect(0, 0, 210, 10), rect(0, 40, 210, 20), rect(220, 0, 100, 30), rect(220, 40, 100, 5),
        rect(0, 70, 320, 8), rect(0, 88, 100, 9),
      ])
    // A full-row cell is no barrier: a later cell fills a hole above it.
    let noBarrier = try frames(
      model(
        GridLayout(columns: .count(3), packing: .dense),
        [cell(10, .columns(2)), cell(10, .fullRow), cell(10)]))
    #expect(noBarrier == [rect(0, 0, 210, 10), rect(0, 20, 320, 10), rect(220, 0, 100, 10)])
  }

  @Test func rowAlignments() throws {
    let cells = [cell(20), cell(60), cell(30)]
    let expected: [GridRowAlignment: [Rect]] = [
      .top: [rect(0, 0, 100, 20), rect(110, 0, 100, 60), rect(220, 0, 100, 30)],
      .center: [rect(0, 20, 100, 20), rect(110, 0, 100, 60), rect(220, 15, 100, 30)],
      .bottom: [rect(0, 40, 100, 20), rect(110, 0, 100, 60), rect(220, 30, 100, 30)],
      .stretch: [rect(0, 0, 100, 60), rect(110, 0, 100, 60), rect(220, 0, 100, 60)],
    ]
    for (alignment, frames) in expected {
      #expect(
        try self.frames(model(GridLayout(columns: .count(3), rowAlignment: alignment), cells)) == frames)
    }
  }

  @Test func adaptiveColumnsInsetsAndOwnSpacings() throws {
    // 375 − content insets 5 + 5 − section insets 10 + 20 = 335; (335 + 5) / (100 + 5) = 3.2:
    // three columns of (335 − 10) / 3 = 108.33…
    var model = ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [
        Section(
          header: Supplementary(height: 30), cells: [cell(10), cell(20), cell(30), cell(40)],
          attributes: SectionAttributes(insets: EdgeInsets(top: 7, left: 10, bottom: 3, right: 20)),
          layout: .grid(GridLayout(columns: .adaptive(minimumWidth: 100), columnSpacing: 5, rowSpacing: 2)))
      ])
    let width = (335.0 - 10) / 3
    let snapshot = try model.layout()
    let top = 5.0 + 30 + 7
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(15, top, width, 10))
    #expect(
      snapshot.frame(of: ListIndexPath(item: 2, section: 0)) == rect(15 + 2 * (width + 5), top, width, 30))
    #expect(snapshot.frame(of: ListIndexPath(item: 3, section: 0)) == rect(15, top + 30 + 2, width, 40))
    #expect(snapshot.contentSize.height == 5 + 30 + 7 + 30 + 2 + 40 + 3 + 5)
    // Right to left: column 0 is the rightmost, mirrored in the list's width.
    model.configuration.layoutDirection = .rtl
    let mirrored = try model.layout()
    #expect(mirrored.frame(of: ListIndexPath(item: 0, section: 0)) == rect(375 - 15 - width, top, width, 10))
  }

  @Test func sizingCallbacksGetTheSpannedWidth() throws {
    let seen = ProposalLog()
    var sized = Cell(
      size: .sizing { proposal in
        seen.append(proposal)
        return Size(width: 1, height: proposal.lineWidth / 10)
      })
    sized.span = .columns(2)
    let snapshot = try model(GridLayout(columns: .count(3)), [cell(5), sized]).layout()
    #expect(seen.values.map(\.lineWidth) == [210])
    #expect(seen.values.map(\.remainingLineSpace) == [210])
    #expect(seen.values.map(\.indexPath) == [ListIndexPath(item: 1, section: 0)])
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(110, 0, 210, 21))
  }

  @Test func gridHeadersPinAsFlowHeadersDo() throws {
    let cells = (0..<30).map { _ in cell(50) }
    var model = model(GridLayout(columns: .count(3)), cells)
    model.sections[0].header = Supplementary(height: 40)
    model.sections.append(Section(header: Supplementary(height: 40), cells: [Cell(width: 10, height: 10)]))
    let snapshot = try model.layout()
    let section = try #require(snapshot.sectionFrame(0))
    // Ten rows of 50 and nine gaps of 10 under the 40-point header.
    #expect(section.height == 40 + 10 * 50 + 9 * 10)
    let inside = PinningContext(contentOffset: 100)
    let pinned = try #require(snapshot.supplementaryAttributes(.header, inSection: 0, pinning: inside))
    #expect(pinned.frame.minY == 100 && pinned.isPinned)
    let late = PinningContext(contentOffset: section.maxY - 10)
    #expect(
      snapshot.supplementaryAttributes(.header, inSection: 0, pinning: late)?.frame.maxY == section.maxY)
    // The rows under the pinned header are what a rect query finds there.
    let visible = snapshot.elements(in: Rect(x: 0, y: 100, width: 320, height: 100), pinning: inside)
    let rows = Set(visible.filter { $0.kind == .cell }.map { $0.indexPath.item / 3 })
    #expect(rows == [1, 2], "\(visible)")
  }

  @Test func badValuesAreTypedErrorsNamingTheirPath() {
    func path(_ model: ListModel) -> String? {
      do {
        _ = try model.layout()
        return nil
      } catch { return error.path }
    }
    #expect(path(model(GridLayout(columns: .count(0)), [cell(1)])) == "sections[0].layout.columns")
    #expect(
      path(model(GridLayout(columns: .adaptive(minimumWidth: .nan)), [cell(1)]))
        == "sections[0].layout.minColumnWidth")
    #expect(
      path(model(GridLayout(columns: .adaptive(minimumWidth: 0)), [cell(1)]))
        == "sections[0].layout.minColumnWidth")
    #expect(
      path(model(GridLayout(columns: .count(2), columnSpacing: -1), [cell(1)]))
        == "sections[0].layout.columnSpacing")
    #expect(
      path(model(GridLayout(columns: .count(2), rowSpacing: .infinity), [cell(1)]))
        == "sections[0].layout.rowSpacing")
    #expect(
      path(model(GridLayout(columns: .count(2)), [cell(1), cell(1, .columns(0))]))
        == "sections[0].items[1].span")
    #expect(path(model(GridLayout(columns: .count(2)), [cell(.nan)])) == "sections[0].items[0].size")
    let nanSizing = Cell(size: .sizing { _ in Size(width: 1, height: -1) })
    #expect(path(model(GridLayout(columns: .count(2)), [nanSizing])) == "sections[0].items[0].size")
  }

  // MARK: Seeded

  /// Thousands of seeded grids: frames equal the plain reference, the snapshot's invariants
  /// hold, and rect queries answer what a scan of every element finds.
  @Test(arguments: 0..<4)
  func seededGridsMatchTheReference(batch: Int) throws {
    var sections = 0
    var dense = 0
    let seeds = sweep(quick: 80, long: 800)
    for seed in UInt64(batch * 800)..<UInt64(batch * 800 + seeds) {
      var rng = SplitMix64(seed: 160_000 + seed)
      let model = GridModelGenerator.model(&rng)
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      for (s, section) in model.sections.enumerated() {
        guard case .grid(let grid) = section.layout else { continue }
        sections += 1
        if grid.packing == .dense { dense += 1 }
        let reference = ReferenceGrid.layout(section, grid, model.configuration)
        let attributes = section.attributes ?? model.configuration.defaultSectionAttributes
        let bodyTop = snapshot.sectionTop(s) + (section.header?.height ?? 0) + attributes.insets.top
        let sectionHeight =
          (section.header?.height ?? 0) + attributes.insets.top + reference.height + attributes.insets.bottom
          + (section.footer?.height ?? 0)
        #expect(abs(snapshot.sectionFrame(s)!.height - sectionHeight) < 1e-9, "seed \(seed) section \(s)")
        for (item, expected) in reference.frames.enumerated() {
          var wanted = expected.offsetBy(dx: 0, dy: bodyTop)
          if model.configuration.layoutDirection == .rtl {
            wanted = wanted.mirrored(inWidth: model.configuration.width)
          }
          let actual = snapshot.frame(of: ListIndexPath(item: item, section: s))!
          guard actual.isClose(to: wanted) else {
            Issue.record("seed \(seed) section \(s) item \(item): \(actual) != \(wanted) (\(grid))")
            return
          }
        }
      }
      // Rect queries against a scan.
      let all = snapshot.allAttributes()
      for _ in 0..<4 {
        let y = Double.random(in: -20...(snapshot.contentSize.height + 20), using: &rng)
        let query = Rect(
          x: Double.random(in: -10...model.configuration.width, using: &rng), y: y,
          width: Double.random(in: 0...model.configuration.width, using: &rng),
          height: Double.random(in: 0...300, using: &rng))
        let found = snapshot.elements(in: query)
        let expected = all.filter { $0.frame.intersects(query) }
        #expect(
          found.map(\.indexPath) == expected.map(\.indexPath) && found.map(\.kind) == expected.map(\.kind),
          "seed \(seed) query \(query)")
      }
    }
    #expect(sections > seeds * 5 / 4 && dense > seeds * 5 / 16)
  }

  // MARK: Edits

  /// Random batches on grid models, applied incrementally, equal a full relayout bit for bit.
  @Test(arguments: 0..<4)
  func randomEditsEqualFullRelayout(batch: Int) throws {
    var serial = 0
    for seed in UInt64(batch * 200)..<UInt64(batch * 200 + sweep(quick: 20, long: 200)) {
      var rng = SplitMix64(seed: 170_000 + seed)
      var snapshot = try GridModelGenerator.model(&rng, maxCells: 80).layout()
      for step in 0..<6 {
        var update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        // Some edits change a span (a reload of the cell).
        if let s = snapshot.model.sections.indices.randomElement(using: &rng),
          !snapshot.model.sections[s].cells.isEmpty, update.changedItems.isEmpty, update.deletedItems.isEmpty,
          update.insertedItems.isEmpty, update.movedItems.isEmpty, update.width == nil,
          update.deletedSections.isEmpty, update.insertedSections.isEmpty, update.movedSections.isEmpty
        {
          let item = Int.random(in: 0..<snapshot.model.sections[s].cells.count, using: &rng)
          var cell = snapshot.model.sections[s].cells[item]
          cell.span = GridModelGenerator.span(&rng)
          update.reloadItem(at: ListIndexPath(item: item, section: s), with: cell)
        }
        let result = try snapshot.applying(update)
        try assertEqualToFullRelayout(
          result.snapshot, "seed \(seed) step \(step) \(EditGenerator.describe(update))")
        snapshot = result.snapshot
      }
    }
  }

  /// A 200,000-cell sparse grid: resizing one cell re-places one page of rows (its row and the
  /// rows of its page), and the result equals a full relayout; appending and inserting too.
  @Test func editsAtScaleTouchAPage() throws {
    var rng = SplitMix64(seed: 42)
    let cells = (0..<200_000).map { i in
      var cell = Cell(id: "c\(i)", width: 1, height: Double(Int.random(in: 10...80, using: &rng)))
      if i % 97 == 0 { cell.span = .columns(2) }
      return cell
    }
    let model = ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [Section(cells: cells, layout: .grid(GridLayout(columns: .count(3), columnSpacing: 4)))])
    let snapshot = try model.layout()
    let pageRows = GridPage.targetItemCount  // a page holds at most this many rows
    for item in [0, 1234, 100_001, 199_999] {
      var update = ListUpdate()
      update.resizeItem(at: ListIndexPath(item: item, section: 0), to: Size(width: 1, height: 200))
      let result = try snapshot.applying(update)
      #expect(result.reflowedLines <= pageRows, "item \(item): \(result.reflowedLines) rows")
      try expectSameLayout(result.snapshot, try result.snapshot.model.layout(), "resize \(item)")
    }
    var insert = ListUpdate()
    insert.insertItem(Cell(id: "new", width: 1, height: 33), at: ListIndexPath(item: 150_000, section: 0))
    let inserted = try snapshot.applying(insert)
    try expectSameLayout(inserted.snapshot, try inserted.snapshot.model.layout(), "insert")
    var append = ListUpdate()
    append.insertItem(Cell(id: "last", width: 1, height: 33), at: ListIndexPath(item: 200_000, section: 0))
    let appended = try snapshot.applying(append)
    #expect(appended.reflowedLines <= pageRows)
    try expectSameLayout(appended.snapshot, try appended.snapshot.model.layout(), "append")
  }

  /// Dense grids are laid out whole after an edit (documented): still equal to a full relayout.
  @Test func denseEditsLayOutTheSectionWhole() throws {
    let cells = (0..<3000).map { Cell(id: "c\($0)", width: 1, height: Double($0 % 7 * 10)) }
    let model = ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [Section(cells: cells, layout: .grid(GridLayout(columns: .count(3), packing: .dense)))])
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 1500, section: 0), to: Size(width: 1, height: 5))
    let result = try model.layout().applying(update)
    #expect(result.reflowedLines == 1000)
    try expectSameLayout(result.snapshot, try result.snapshot.model.layout(), "dense resize")
  }
}

/// Records sizing proposals (sizing closures are `@Sendable`).
final class ProposalLog: @unchecked Sendable {
  private var log: [SizingProposal] = []
  private let lock = NSLock()
  func append(_ proposal: SizingProposal) { lock.withLock { log.append(proposal) } }
  var values: [SizingProposal] { lock.withLock { log } }
}
