import LayoutGeometry

/// The grid section layout: cells auto-placed in equal columns as CSS Grid places them
/// (`grid-template-columns: repeat(n, 1fr)` or `repeat(auto-fill, minmax(M, 1fr))`, rows as
/// tall as their tallest cell).
///
/// 1. **Resolve** the columns (``GridColumns/columnCount(forWidth:spacing:)``), their width and
///    the spacings (``GridMetrics``).
/// 2. **Place** each cell: sparse packing keeps document order, a cell that does not fit in what
///    is left of the row starting the next row (a full-row cell starts a row unless the row is
///    empty); dense packing puts each cell in the first hole from the grid's start where its
///    span fits (``DensePacker``).
/// 3. **Size** each cell as it is placed (its sizing callback gets the spanned width).
/// 4. **Align** each row's cells (top, center, bottom, stretch) once the row is complete.
///
/// Cell widths, cell insets, line-break attributes and the layout manager do not apply in a
/// grid; the section's insets, header and footer do. Frames are laid out left to right; the
/// snapshot mirrors them for right-to-left lists.
///
/// Edits: a sparse grid is laid out again from the start of the page holding the first touched
/// cell until a page boundary meets an old one past the last touched cell, so a cell resized in
/// its row costs one page and O(log n) sums. A dense grid is laid out whole after an edit (a
/// cell may fill a hole anywhere above it).
struct GridSectionLayout: SectionLayoutAlgorithm {
  let grid: GridLayout
  private(set) var linesLaidOut = 0

  init(_ grid: GridLayout) { self.grid = grid }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    try grid.validate(path: "sections[\(context.index)].layout")
    let metrics = GridMetrics(grid, in: context)
    let body: any SectionBody
    switch grid.packing {
    case .sparse:
      var writer = GridRowWriter(metrics: metrics, paged: true)
      var metRun = false
      _ = try placeSparse(
        section.cells, from: 0, context: context, metrics: metrics, writer: &writer, metRun: &metRun
      ) { _ in false }
      let pages = writer.finish()
      linesLaidOut += writer.rowCount
      body = GridBody(pages: pages, metrics: metrics)
    case .dense:
      body = try placeDense(section.cells, context: context, metrics: metrics)
    }
    return geometry(section, body, context)
  }

  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    try grid.validate(path: "sections[\(context.index)].layout")
    let metrics = GridMetrics(grid, in: context)
    guard grid.packing == .sparse, let oldBody = old.body as? GridBody, oldBody.metrics == metrics,
      oldBody.itemCount > 0, !section.cells.isEmpty
    else { return nil }
    // 1. Resume at the start of the page holding the first touched cell (a page starts a row,
    //    where sparse placement depends on nothing before it).
    let startPage = oldBody.locate(item: min(edit.first, oldBody.itemCount - 1)).page
    let startItem = oldBody.pageItemCounts.prefix(startPage)
    // 2. Place cells page by page until a page ends where an old page ended, past the edit.
    var writer = GridRowWriter(metrics: metrics, paged: true)
    var syncPage: Int?
    var metRun = false
    _ = try placeSparse(
      section.cells, from: startItem, context: context, metrics: metrics, writer: &writer, stopsAtRun: true,
      metRun: &metRun
    ) { next in
      guard next > edit.lastDirty, next - edit.delta < oldBody.itemCount else { return false }
      let (page, local) = oldBody.locate(item: next - edit.delta)
      guard local == 0 else { return false }
      syncPage = page
      return true
    }
    // A run met on the way, or a repeated page among those replaced or resumed at, is laid
    // out with the section whole (by repetition, so at the cost of its periods, not of its
    // cells); the pages walked here are the ones placed again, so the check costs no more.
    let touched = startPage..<min(oldBody.pages.count, (syncPage ?? oldBody.pages.count) + 1)
    if metRun || touched.contains(where: { oldBody.pages[$0].repeats > 1 }) { return nil }
    let pages = writer.finish()
    linesLaidOut += writer.rowCount
    // 3. Splice: the new pages replace the old ones from the start page to the sync point.
    var body = oldBody
    body.replacePages(startPage..<(syncPage ?? oldBody.pages.count), with: pages)
    return geometry(section, body, context)
  }

  private func geometry(
    _ section: Section, _ body: any SectionBody, _ context: SectionContext
  ) -> SectionGeometry {
    SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: context.configuration.width,
      insets: context.attributes.insets)
  }

  /// Places cells `start...` in sparse order into `writer`. After each page is closed,
  /// `stop` is asked with the next cell's index whether to stop there. Returns whether it
  /// stopped.
  ///
  /// A run's rows repeat once a row starts at the same place in its pattern as an earlier
  /// row of the run did (``SparseRun``): the rows between are placed once and the copies
  /// that follow, while the run lasts, become one repeated page.
  private func placeSparse(
    _ cells: CellList, from start: Int, context: SectionContext, metrics: GridMetrics,
    writer: inout GridRowWriter, stopsAtRun: Bool = false, metRun: inout Bool, stop: (Int) -> Bool
  ) throws(LayoutError) -> Bool {
    let sizer = GridCellSizer(context: context, metrics: metrics)
    var cursor = SparseCursor(columns: metrics.columnCount)
    var stopped = false
    try cells.forEachStretch(from: start) { (stretch, first) throws(LayoutError) in
      switch stretch {
      case .cells(let chunk):
        guard let base = chunk.baseAddress else { return true }
        for offset in max(0, start - first)..<chunk.count {
          let item = first + offset
          let cell = base + offset
          let span = try sizer.span(of: cell, at: item)
          let height = try sizer.height(of: cell, at: item, span: span)
          if !cursor.place(item: item, span: span, height: height, writer: &writer, stop: stop) {
            stopped = true
            return false
          }
        }
        return true
      case .run(let leaf, let local):
        if stopsAtRun {
          metRun = true
          return false
        }
        if let run = SparseRun(leaf, from: local, sizer: sizer, at: first) {
          stopped = !run.place(
            from: first, cursor: &cursor, metrics: metrics, writer: &writer, stop: stop)
          return !stopped
        }
        // Cells sized by a callback (or with a bad value): one by one, as written out.
        var offset = local
        while offset < leaf.count {
          let end = min(leaf.count, offset + CellList.chunkCapacity)
          let window = leaf.materialized(offset..<end)
          for k in window.indices {
            let item = first + (offset - local) + k
            let span = try withUnsafePointer(to: window[k]) { (cell) throws(LayoutError) in
              try sizer.span(of: cell, at: item)
            }
            let height = try sizer.height(of: window[k], at: item, span: span)
            if !cursor.place(item: item, span: span, height: height, writer: &writer, stop: stop) {
              stopped = true
              return false
            }
          }
          offset = end
        }
        return true
      }
    }
    return stopped
  }

  /// Places every cell densely and builds the flat body: cells are placed in item order
  /// (``DensePacker``), then written row by row (a counting sort of their rows, item order
  /// within a row), so the cost is the packer's plus O(n + r).
  private mutating func placeDense(
    _ cells: CellList, context: SectionContext, metrics: GridMetrics
  ) throws(LayoutError) -> DenseGridBody {
    let sizer = GridCellSizer(context: context, metrics: metrics)
    var packer = DensePacker(columnCount: metrics.columnCount)
    // 1. Place and size each cell; tell the packer the narrowest span still to come, so rows
    //    too narrow for any of them give their storage back.
    let smallestSpanLeft = smallestSpansLeft(cells, sizer: sizer)
    var placed = ContiguousArray<GridPlacedCell>()
    placed.reserveCapacity(cells.count)
    try cells.forEachChunk { (chunk, first) throws(LayoutError) in
      guard let base = chunk.baseAddress else { return true }
      for offset in 0..<chunk.count {
        let item = first + offset
        let span = try sizer.span(of: base + offset, at: item)
        let height = try sizer.height(of: base + offset, at: item, span: span)
        if !smallestSpanLeft.isEmpty { packer.smallestSpanLeft = Int(smallestSpanLeft[item]) }
        let (row, column) = packer.place(span: span)
        placed.append(GridPlacedCell(row: row, column: column, span: span, height: height))
      }
      return true
    }
    // 2. Order the cells by row (stable, so item order within a row).
    var rowStarts = ContiguousArray<Int>(repeating: 0, count: packer.rowCount + 1)
    for cell in placed { rowStarts[cell.row + 1] += 1 }
    for row in 0..<packer.rowCount { rowStarts[row + 1] += rowStarts[row] }
    var rowItems = ContiguousArray<Int>(repeating: 0, count: placed.count)
    var next = rowStarts
    for (item, cell) in placed.enumerated() {
      rowItems[next[cell.row]] = item
      next[cell.row] += 1
    }
    // 3. Write the rows.
    var writer = GridRowWriter(metrics: metrics, paged: false)
    for row in 0..<packer.rowCount {
      for item in rowItems[rowStarts[row]..<rowStarts[row + 1]] {
        let cell = placed[item]
        writer.place(column: cell.column, span: cell.span, height: cell.height)
      }
      writer.closeRow()
    }
    linesLaidOut += writer.rowCount
    let page = writer.finish().first
    var frames = ContiguousArray(
      repeating: GridItemRecord(x: 0, y: 0, width: 0, height: 0), count: cells.count)
    for (position, item) in rowItems.enumerated() { frames[item] = page!.items[position] }
    let places = ContiguousArray(
      placed.lazy.map { DenseGridPlace(row: Int32($0.row), column: UInt16($0.column), span: UInt16($0.span)) }
    )
    return DenseGridBody(
      frames: frames, rows: page?.rows ?? [], rowItems: rowItems, places: places,
      columnCount: metrics.columnCount)
  }

  /// For each item, the narrowest span of it and the cells after it; empty when rows are at
  /// most 64 columns (one word of the packer's storage each, not worth a pass). A span that
  /// does not validate counts as 1 here (the placement pass throws its error in item order).
  private func smallestSpansLeft(_ cells: CellList, sizer: GridCellSizer) -> ContiguousArray<UInt16> {
    guard sizer.metrics.columnCount > 64 else { return [] }
    var smallest = ContiguousArray<UInt16>(repeating: 1, count: cells.count)
    cells.forEachChunk { (chunk, first) in
      guard let base = chunk.baseAddress else { return true }
      for offset in 0..<chunk.count {
        guard let span = try? sizer.span(of: base + offset, at: first + offset) else { return false }
        smallest[first + offset] = UInt16(span)
      }
      return true
    }
    var running = UInt16.max
    for item in smallest.indices.reversed() {
      running = min(running, smallest[item])
      smallest[item] = running
    }
    return smallest
  }
}

extension GridBody {
  /// Replaces the pages in `range` with `newPages`, keeping the prefix sums in step.
  mutating func replacePages(_ range: Range<Int>, with newPages: [GridPage]) {
    if range.count == newPages.count {
      for (offset, page) in zip(0..., newPages) {
        pages[range.lowerBound + offset] = page
        pageHeights[range.lowerBound + offset] = page.height
        pageItemCounts[range.lowerBound + offset] = page.itemCount
        pageRowCounts[range.lowerBound + offset] = page.rowCount
      }
    } else {
      pages.replaceSubrange(range, with: newPages)
      pageHeights.replaceSubrange(range, with: newPages.map(\.height))
      pageItemCounts.replaceSubrange(range, with: newPages.map(\.itemCount))
      pageRowCounts.replaceSubrange(range, with: newPages.map(\.rowCount))
    }
  }
}
