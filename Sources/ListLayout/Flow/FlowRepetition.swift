import LayoutGeometry

// A run of identical cells (or a cycle of k cells) in a flow section lays out in lines that
// repeat: once a line starts at a run cell in the same state as an earlier one (the same
// position in the cycle, the same indentation, the same line above), every line from there
// on repeats the lines since that one, moved down by their extent, until the run ends. The
// typesetter finds the first repetition, lays one period of lines out as a page of its own,
// and stores the rest of the repetition as one ``LinePage`` standing for copies of it
// (``LinePage/Repetition``): a run costs its period, not its count, and every read answers
// inside it by division.

extension LinePage.Repetition {
  /// Line `line` of the repetition: the base's line moved down by its copy.
  @inline(__always)
  func line(_ line: Int) -> LineRecord {
    let (copy, local) = line.quotientAndRemainder(dividingBy: base.lineCount)
    var record = base.line(local)
    record.firstItem += copy * base.itemCount
    record.y = offset(copy) + record.y
    return record
  }

  /// How far copy `copy` sits below the first: the base's height times `copy`, the one
  /// product every path computes.
  @inline(__always)
  func offset(_ copy: Int) -> Double { base.height * Double(copy) }

  func items(ofLine line: Int) -> Range<Int> {
    let (copy, local) = line.quotientAndRemainder(dividingBy: base.lineCount)
    let items = base.items(ofLine: local)
    let shift = copy * base.itemCount
    return (items.lowerBound + shift)..<(items.upperBound + shift)
  }

  func frame(ofItem item: Int) -> Rect {
    let (copy, local) = item.quotientAndRemainder(dividingBy: base.itemCount)
    var frame = base.frame(ofItem: local)
    frame.origin.y = offset(copy) + frame.origin.y
    return frame
  }

  func line(containing item: Int) -> Int {
    let (copy, local) = item.quotientAndRemainder(dividingBy: base.itemCount)
    return copy * base.lineCount + base.line(containing: local)
  }

  /// The first line whose bottom lies below `y` (page-relative), or `lineCount`: the copy
  /// one before the one `y` falls in is searched first, so that rounding in the division
  /// can only start the answer early (callers visit lines from it while they overlap).
  func firstLine(endingBelow y: Double) -> Int {
    let height = base.height
    var copy = 0
    if height > 0, y > 0 {
      let estimate = (y / height).rounded(.down)
      copy = estimate >= Double(copies) ? copies - 1 : max(0, Int(estimate) - 1)
    }
    while copy < copies {
      let local = base.firstLine(endingBelow: y - offset(copy))
      if local < base.lineCount { return copy * base.lineCount + local }
      // A page of no extent: every copy's lines end where the first copy's do.
      if height <= 0 { return copies * base.lineCount }
      copy += 1
    }
    return copies * base.lineCount
  }
}

extension LinePage {
  /// Whether two pages of which at least one is a repetition hold the same lines, read line
  /// by line (linear in their lines: only tests compare such pages).
  static func equalLineByLine(_ lhs: LinePage, _ rhs: LinePage) -> Bool {
    for line in 0..<lhs.lineCount
    where lhs.line(line) != rhs.line(line) || lhs.indent(beforeLine: line) != rhs.indent(beforeLine: line) {
      return false
    }
    for item in 0..<lhs.itemCount where lhs.frame(ofItem: item) != rhs.frame(ofItem: item) {
      return false
    }
    return true
  }

  /// The page standing for `copies` copies of this one (itself for one copy).
  func repeated(_ copies: Int) -> LinePage {
    copies == 1 ? self : LinePage(repeating: self, copies: copies)
  }

  /// A repetition cut at copy `copy`: the copies before it (if any), the copy itself (the
  /// base page), and the copies after it (if any). O(1): the pieces share the base.
  func split(atCopy copy: Int) -> [LinePage] {
    guard let repetition else { return [self] }
    var pieces: [LinePage] = []
    if copy > 0 { pieces.append(repetition.base.repeated(copy)) }
    pieces.append(repetition.base)
    if copy + 1 < repetition.copies { pieces.append(repetition.base.repeated(repetition.copies - copy - 1)) }
    return pieces
  }
}

/// The runs of a flow section whose lines may repeat, and the cells its storage plan counts:
/// the written-out cells and at most ``LayoutTuning/flowRunPlannedItems`` of each such run.
struct FlowRuns {
  /// The run leaves laid out by repetition, and the section index of each one's first cell.
  var runs: [(leaf: CellList.Node, first: Int)] = []
  /// The cells the section's pages are planned for.
  var plannedCount = 0

  /// No runs (a section laid out in halves, or an edit).
  init() {}

  /// Finds the runs of `cells` whose lines may repeat: runs of at least
  /// ``LayoutTuning/flowRepetitionMinimumItems`` cells none of which is sized by a callback
  /// (a callback is asked for every cell), when the manager's answers are repeatable.
  ///
  /// - Complexity: O(l) for l leaves of the list.
  init(_ cells: CellList, answersAreRepeatable: Bool) {
    guard answersAreRepeatable else {
      plannedCount = cells.count
      return
    }
    cells.forEachLeaf { leaf, first in
      if let run = leaf.run, leaf.count >= LayoutTuning.flowRepetitionMinimumItems,
        !run.pattern.contains(where: { if case .sizing = $0.size { true } else { false } })
      {
        runs.append((leaf, first))
        plannedCount += min(leaf.count, LayoutTuning.flowRunPlannedItems)
      } else {
        plannedCount += leaf.count
      }
      return true
    }
  }
}

extension FlowSectionLayout {
  /// Places every cell of `cells` (a whole section, from its first cell): the cells of
  /// `runs` by repetition (``placeRepeating(_:first:spacing:)``), the others one by one.
  mutating func place<Spacing: SpacingPolicy>(
    _ cells: CellList, runs: FlowRuns, spacing: inout Spacing
  ) throws(LayoutError) {
    var placed = 0
    for (leaf, first) in runs.runs {
      try place(cells, from: placed, to: first, spacing: &spacing)
      try placeRepeating(leaf, first: first, spacing: &spacing)
      placed = first + leaf.count
    }
    try place(cells, from: placed, spacing: &spacing)
  }

  /// Places the cells of the run leaf `leaf`, whose first cell is section item `first`,
  /// line by line until a line starts in the state an earlier line of the run started in;
  /// then lays the lines since that one out again as one page (a period), stores the copies
  /// of it the run holds as one repeated page, and goes on after them.
  ///
  /// The state of a line's start is what decides every line after it: the cell's position
  /// in the run's cycle, the indentation in force, and the line above (where in the cycle it
  /// started and how many cells it holds, which decide its cells' traits). With k cells in
  /// the cycle the states repeat within about k lines once indentation stops changing.
  /// Lines whose states do not repeat (indentation that keeps growing) are laid out one by
  /// one, as without a run.
  ///
  /// - Complexity: O(p) for a period of p cells (and the lines before it repeats).
  mutating func placeRepeating<Spacing: SpacingPolicy>(
    _ leaf: CellList.Node, first: Int, spacing: inout Spacing
  ) throws(LayoutError) {
    guard let run = leaf.run else { return }
    let pattern = run.pattern
    let cycle = pattern.count
    let phase = leaf.runStart % cycle
    let end = first + leaf.count
    /// The cells `range` of the run.
    func cells(_ range: Range<Int>) -> ContiguousArray<Cell> {
      var cells = ContiguousArray<Cell>()
      cells.reserveCapacity(range.count)
      for item in range { cells.append(pattern[(phase + (item - first)) % cycle]) }
      return cells
    }
    var finder = RepetitionFinder(cycle: cycle, phase: phase, first: first, end: end)
    var item = first
    while item < end {
      let window = cells(item..<min(end, item + CellList.chunkCapacity))
      var found: RepetitionFinder.Found?
      try window.withUnsafeBufferPointer { (buffer) throws(LayoutError) in
        _ = try typesetter.place(buffer, first: item, spacing: &spacing) { at, newLine in
          guard let newLine else { return false }
          found = finder.noteLine(startingAt: at, indent: newLine.indent)
          return found != nil
        }
      }
      guard let found else {
        item += window.count
        continue
      }
      // The line just started holds only its first cell: it starts the period instead.
      typesetter.discardPendingLine()
      typesetter.sealAtLineStart()
      typesetter.page.holdPages()
      // One period, and the cell after it, which starts a line in the state the period
      // started in.
      let next = found.start + found.period
      var repeats = false
      try cells(found.start..<(next + 1)).withUnsafeBufferPointer { (buffer) throws(LayoutError) in
        _ = try typesetter.place(buffer, first: found.start, spacing: &spacing) { at, newLine in
          guard at == next else { return false }
          repeats = newLine != nil
          return true
        }
      }
      guard repeats else {
        // Not a repetition after all (our own rule says it is; kept safe): go on one by one.
        typesetter.page.releasePages()
        item = next + 1
        finder = RepetitionFinder(cycle: cycle, phase: phase, first: item, end: end)
        continue
      }
      typesetter.discardPendingLine()
      typesetter.sealAtLineStart()
      typesetter.repeatLastPage(copies: found.copies)
      item = found.start + found.copies * found.period
      // Fewer than two periods are left: no repetition to look for.
      finder = RepetitionFinder(cycle: cycle, phase: phase, first: end, end: end)
    }
  }
}

/// Watches the lines that start in a run for a state seen before (see
/// ``FlowSectionLayout/placeRepeating(_:first:spacing:)``).
struct RepetitionFinder {
  /// A line's start: the cell's position in the cycle, the indentation, and the line above
  /// (its start's position in the cycle and its cell count; -1 when it does not lie in the
  /// run).
  struct State: Hashable {
    var phase: Int
    var indent: LineIndent
    var abovePhase: Int
    var aboveCount: Int
  }

  /// A repetition: the line starting at `start` starts as the one `period` cells before it
  /// did, and the run holds `copies` periods from `start` followed by at least one cell.
  struct Found {
    var start: Int
    var period: Int
    var copies: Int
  }

  let cycle: Int
  let phase: Int
  /// The section index of the run's first cell, and of the cell after its last.
  let first: Int
  let end: Int
  private var seen: [State: Int] = [:]
  private var lastStart: Int?

  init(cycle: Int, phase: Int, first: Int, end: Int) {
    self.cycle = cycle
    self.phase = phase
    self.first = first
    self.end = end
  }

  private func phase(of item: Int) -> Int { (phase + (item - first)) % cycle }

  /// Notes a line starting at section item `item` with `indent` in force; a repetition worth
  /// storing (at least two periods) when one is found.
  mutating func noteLine(startingAt item: Int, indent: LineIndent) -> Found? {
    guard item >= first, item < end else { return nil }
    var state = State(phase: phase(of: item), indent: indent, abovePhase: -1, aboveCount: -1)
    if let lastStart {
      state.abovePhase = phase(of: lastStart)
      state.aboveCount = item - lastStart
    }
    lastStart = item
    if let earlier = seen[state] {
      let period = item - earlier
      let copies = (end - 1 - item) / period
      if copies >= 2 { return Found(start: item, period: period, copies: copies) }
    }
    // States that never repeat (indentation that keeps changing) are forgotten now and then.
    if seen.count >= 4 * cycle + 64 { seen.removeAll(keepingCapacity: true) }
    seen[state] = item
    return nil
  }
}

extension FlowBody {
  /// Cuts the repeated page holding line `line` (if a repetition holds it) into the copies
  /// before, the copy holding it (a page of its own, the base) and the copies after: an
  /// edit then re-lays out lines of a plain page.
  ///
  /// - Complexity: O(log p).
  mutating func splitRepetition(atLine line: Int) {
    guard line >= 0, line < lineCount else { return }
    let (page, local) = locate(line: line)
    guard let repetition = pages[page].repetition else { return }
    let copy = local / repetition.base.lineCount
    replacePages(page..<(page + 1), with: pages[page].split(atCopy: copy))
  }
}

extension FlowBody {
  /// The cells of `items` as ``FrameRun``s: the copies of a repeated page that `items` holds
  /// whole as one periodic run (one copy's frames, moved down by the copy's height each
  /// period), every other cell written out in runs of at most ``frameRunLimit``.
  ///
  /// - Complexity: O(log p) plus the cells written out and one copy's cells per repeated page.
  func forEachFrameRun(in items: Range<Int>, at origin: BodyOrigin, _ body: (FrameRun) -> Void) {
    guard !items.isEmpty else { return }
    var (k, local) = locate(item: items.lowerBound)
    var item = items.lowerBound
    /// Written-out frames of cells `range` (section items), in runs of at most the limit.
    func writeOut(_ range: Range<Int>) {
      var start = range.lowerBound
      while start < range.upperBound {
        let end = min(range.upperBound, start + frameRunLimit)
        var frames: [Rect] = []
        frames.reserveCapacity(end - start)
        forEachItem(in: start..<end, at: origin) { _, frame in frames.append(frame) }
        body(FrameRun(first: start, count: frames.count, frames: frames, step: .zero))
        start = end
      }
    }
    var written = item
    while item < items.upperBound {
      let page = pages[k]
      let end = item + min(page.itemCount - local, items.upperBound - item)
      if let repetition = page.repetition {
        let period = repetition.base.itemCount
        // The copies the range holds whole, from the first copy boundary at or after `item`.
        let firstWhole = (local + period - 1) / period
        let lastWhole = (local + (end - item)) / period
        if lastWhole - firstWhole >= 2 {
          let first = item - local + firstWhole * period
          writeOut(written..<first)
          let y = pageOrigin(k, origin)
          var frames: [Rect] = []
          frames.reserveCapacity(period)
          for r in 0..<period {
            frames.append(Self.frame(page.frame(ofItem: firstWhole * period + r), y: y))
          }
          body(
            FrameRun(
              first: first, count: (lastWhole - firstWhole) * period, frames: frames,
              step: Point(x: 0, y: repetition.base.height)))
          written = first + (lastWhole - firstWhole) * period
        }
      }
      item = end
      k += 1
      local = 0
    }
    writeOut(written..<items.upperBound)
  }
}
