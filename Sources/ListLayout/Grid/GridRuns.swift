/// Sparse placement's state between cells: the column the next cell would start at in the
/// open row (0: no row is open).
struct SparseCursor {
  let columns: Int
  var column = 0

  /// Places a cell `span` columns wide and `height` tall: at the end of the open row, or,
  /// when it does not fit in what is left of it, at the start of the next (the row ends
  /// here). Returns `false` when a page closed before it and `stop` said to stop there.
  @inline(__always)
  mutating func place(
    item: Int, span: Int, height: Double, writer: inout GridRowWriter, stop: (Int) -> Bool
  ) -> Bool {
    if column + span > columns && column > 0 {
      if writer.closeRow(), stop(item) { return false }
      column = 0
    }
    writer.place(column: column, span: span, height: height)
    column += span
    return true
  }

  /// Whether a cell `span` columns wide starts a row.
  @inline(__always)
  func startsRow(span: Int) -> Bool { column == 0 || column + span > columns }
}

/// A run of a sparse grid's cells whose spans and heights do not depend on the cell's index
/// (no sizing callback): each cell of its pattern sized once.
///
/// Sparse placement from a row's start depends only on the cells from there on, so two rows
/// of the run that start at the same place in its pattern (a row starts at most at k places,
/// for k cells in the pattern) start the same rows, as long as the run lasts: the rows from
/// the first to the second are its period, placed once, and the copies that follow become
/// one repeated ``GridPage``. A row's end is decided by the cell after it, so the copies stop
/// before the run's last period (placed cell by cell with what follows it).
///
/// - Complexity: O(k · columns) cells placed one by one (at most k rows before a row start
///   repeats, plus one period), whatever the run's count.
struct SparseRun {
  let spans: [Int]
  let heights: [Double]
  /// The pattern position of the run's first cell, and its cell count.
  let phase: Int
  let count: Int

  /// The run leaf `leaf`'s cells from `local` on, the first of them item `first`: `nil` when a
  /// cell of its pattern is sized by a callback, or its span or size is not valid (the run is
  /// then placed cell by cell, which reports the error at its first cell).
  init?(_ leaf: CellList.Node, from local: Int, sizer: GridCellSizer, at first: Int) {
    guard let run = leaf.run else { return nil }
    let pattern = run.pattern
    var spans: [Int] = []
    var heights: [Double] = []
    spans.reserveCapacity(pattern.count)
    heights.reserveCapacity(pattern.count)
    for cell in pattern {
      if case .sizing = cell.size { return nil }
      guard
        let span = try? withUnsafePointer(
          to: cell, { (cell) throws(LayoutError) in try sizer.span(of: cell, at: first) }),
        let height = try? sizer.height(of: cell, at: first, span: span)
      else { return nil }
      spans.append(span)
      heights.append(height)
    }
    self.spans = spans
    self.heights = heights
    phase = (leaf.runStart + local) % pattern.count
    count = leaf.count - local
  }

  /// Places the run (its first cell item `first`) into `writer` from `cursor`'s state, asking
  /// `stop` at each page closed as ``SparseCursor/place(item:span:height:writer:stop:)``
  /// does. Returns `false` when it stopped.
  func place(
    from first: Int, cursor: inout SparseCursor, metrics: GridMetrics, writer: inout GridRowWriter,
    stop: (Int) -> Bool
  ) -> Bool {
    let k = spans.count
    // The run cell that started a row at each pattern position (-1: none yet).
    var rowStartAt = [Int](repeating: -1, count: k)
    var repeated = false
    var i = 0
    var j = phase
    while i < count {
      let span = spans[j]
      if !repeated && cursor.startsRow(span: span) {
        let earlier = rowStartAt[j]
        if earlier < 0 {
          rowStartAt[j] = i
        } else {
          repeated = true
          let period = i - earlier
          let copies = (count - 1 - i) / period
          if copies >= 1 {
            // The row before cell i ends; the copies start a page of their own.
            if !writer.atRowStart {
              if writer.closeRow(), stop(first + i) { return false }
            }
            cursor.column = 0
            if writer.closePage(), stop(first + i) { return false }
            writer.appendRepeated(periodPage(from: j, cells: period, metrics: metrics), copies)
            i += copies * period
            if stop(first + i) { return false }
            continue
          }
        }
      }
      if !cursor.place(item: first + i, span: span, height: heights[j], writer: &writer, stop: stop) {
        return false
      }
      i += 1
      j += 1
      if j == k { j = 0 }
    }
    return true
  }

  /// The rows of `cells` cells of the pattern from position `position`, from a row's start.
  private func periodPage(from position: Int, cells: Int, metrics: GridMetrics) -> GridPage {
    var writer = GridRowWriter(metrics: metrics, paged: false)
    var cursor = SparseCursor(columns: metrics.columnCount)
    var j = position
    for _ in 0..<cells {
      _ = cursor.place(item: 0, span: spans[j], height: heights[j], writer: &writer) { _ in false }
      j += 1
      if j == spans.count { j = 0 }
    }
    return writer.finish()[0]
  }
}
