import LayoutGeometry

/// The carousel section layout: the cells in one row at their own sizes, `itemSpacing` apart,
/// into a ``CarouselBody`` (see ``CarouselLayout`` for the rules). An edit sizes only the
/// cells it touched and updates the row's sums; the result equals a full relayout bit for
/// bit, because every position is a pure function of the cells' sizes.
struct CarouselSectionLayout: SectionLayoutAlgorithm {
  /// The section's carousel options.
  let carousel: CarouselLayout
  /// Where the row's chunks go: the layout pass's arena for its carousels, or `nil` (each
  /// chunk then allocates its own).
  var arena: ChunkArena? = nil
  /// Rows laid out (one per layout or relayout).
  private(set) var linesLaidOut = 0

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let row = try CarouselRow(context, carousel)
    if Self.hasSizedRun(section.cells, row) {
      linesLaidOut += 1
      return try geometry(of: section, body: CarouselBody(cells: segmentedCells(section, row)), in: context)
    }
    // Cells are read in place, a chunk at a time (no copy of a cell, no reference counting),
    // and their sizes written straight into the row's chunks.
    var cells = CarouselCells.Builder(count: section.cells.count, arena: arena)
    try section.cells.forEachStretch { (stretch, first) throws(LayoutError) in
      switch stretch {
      case .cells(let chunk):
        guard let base = chunk.baseAddress else { return true }
        try cells.append(chunk.count) { (k) throws(LayoutError) in
          let size = try row.size(of: base + k, at: first + k)
          return (size.width, size.height)
        }
      case .run(let leaf, let local):
        // A run's pattern is sized once when no cell of it asks a callback (whose answer may
        // depend on the index): its cells are not written out, nor their identifiers made.
        let sizes = Self.patternSizes(leaf, row, at: first)
        let count = leaf.count - local
        if let sizes {
          let phase = (leaf.runStart + local) % sizes.count
          cells.append(count) { k in sizes[(phase + k) % sizes.count] }
        } else {
          try Self.forEachWindow(of: leaf, from: local, first: first) { (window, start) throws(LayoutError) in
            try cells.append(window.count) { (k) throws(LayoutError) in
              let size = try row.size(of: window.baseAddress! + k, at: start + k)
              return (size.width, size.height)
            }
          }
        }
      }
      return true
    }
    linesLaidOut += 1
    return try geometry(of: section, body: CarouselBody(cells: cells.finish(row: row)), in: context)
  }

  /// The sizes of run leaf `leaf`'s pattern, sized once, when no cell of it asks a callback
  /// (whose answer may depend on the index) and each is valid; `nil` otherwise (the run's
  /// cells are then sized one by one, as written out).
  static func patternSizes(
    _ leaf: CellList.Node, _ row: CarouselRow, at first: Int
  ) -> [(width: Double, height: Double)]? {
    var sizes: [(width: Double, height: Double)] = []
    for cell in leaf.run!.pattern {
      if case .sizing = cell.size { return nil }
      guard
        let size = try? withUnsafePointer(
          to: cell, { (cell) throws(LayoutError) in try row.size(of: cell, at: first) })
      else { return nil }
      sizes.append((size.width, size.height))
    }
    return sizes
  }

  /// Calls `body` with run leaf `leaf`'s cells from `local` on, written out a window of at most
  /// a chunk at a time, and the list index of each window's first cell (`first` being
  /// `local`'s): how a run whose pattern is not sized once is sized, cell by cell.
  static func forEachWindow(
    of leaf: CellList.Node, from local: Int, first: Int,
    _ body: (UnsafeBufferPointer<Cell>, Int) throws(LayoutError) -> Void
  ) throws(LayoutError) {
    var offset = local
    while offset < leaf.count {
      let window = leaf.materialized(offset..<min(leaf.count, offset + CellList.chunkCapacity))
      let start = first + (offset - local)
      try window.withUnsafeBufferPointer { (window) throws(LayoutError) in try body(window, start) }
      offset += window.count
    }
  }

  /// Whether `cells` hold a run whose pattern is sized once (``patternSizes(_:_:at:)``): the
  /// row is then kept as segments (``CarouselSegments``).
  ///
  /// - Complexity: O(leaves + the patterns' cells).
  static func hasSizedRun(_ cells: CellList, _ row: CarouselRow) -> Bool {
    var found = false
    cells.forEachStretch { stretch, first in
      if case .run(let leaf, _) = stretch, patternSizes(leaf, row, at: first) != nil {
        found = true
        return false
      }
      return true
    }
    return found
  }

  /// The row of `section`'s cells as segments: each run whose pattern is sized once as one
  /// segment of its period (rotated to start where the run's first cell does), the other
  /// cells sized one by one as written out, in order (so a bad size is reported at the same
  /// cell).
  ///
  /// - Complexity: O(runs + their periods + written-out cells).
  func segmentedCells(_ section: Section, _ row: CarouselRow) throws(LayoutError) -> CarouselCells {
    var builder = CarouselSegments.Builder(arena: arena)
    try section.cells.forEachStretch { (stretch, first) throws(LayoutError) in
      switch stretch {
      case .cells(let chunk):
        guard let base = chunk.baseAddress else { return true }
        for k in 0..<chunk.count {
          let size = try row.size(of: base + k, at: first + k)
          builder.append(width: size.width, height: size.height)
        }
      case .run(let leaf, let local):
        let count = leaf.count - local
        if let sizes = Self.patternSizes(leaf, row, at: first) {
          let phase = (leaf.runStart + local) % sizes.count
          builder.appendRun((0..<sizes.count).map { sizes[(phase + $0) % sizes.count] }, count: count)
        } else {
          try Self.forEachWindow(of: leaf, from: local, first: first) { (window, start) throws(LayoutError) in
            for k in 0..<window.count {
              let size = try row.size(of: window.baseAddress! + k, at: start + k)
              builder.append(width: size.width, height: size.height)
            }
          }
        }
      }
      return true
    }
    return CarouselCells(segments: builder.finish(), row: row)
  }

  /// Sizes the cells `edit` touched and splices them into the old row's sums.
  ///
  /// - Complexity: O(d (128 + n / 128)) for a resize of d cells (``CarouselCells``); O(n)
  ///   when cells are inserted or removed (the row is built again).
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    guard var body = old.body as? CarouselBody, body.cells.segments == nil else { return nil }
    let row = try CarouselRow(context, carousel)
    // A row of runs is laid out whole again: O(runs + written-out cells).
    guard row == body.row, !Self.hasSizedRun(section.cells, row) else { return nil }
    let count = section.cells.count
    let first = max(0, edit.first)
    let last = min(edit.lastDirty, count - 1)
    var sizes = ContiguousArray<Size>()
    if first <= last {
      sizes.reserveCapacity(last - first + 1)
      for item in first...last {
        var cell = section.cells[item]
        sizes.append(
          try withUnsafePointer(to: &cell) { (pointer) throws(LayoutError) in
            try row.size(of: pointer, at: item)
          })
      }
    }
    let oldEnd = first + sizes.count - edit.delta
    guard oldEnd >= first, oldEnd <= body.itemCount, body.itemCount + edit.delta == count else { return nil }
    if edit.delta == 0 {
      for (offset, size) in sizes.enumerated() {
        body.cells.update(first + offset, width: size.width, height: size.height)
      }
    } else {
      body.cells.replaceSubrange(
        first..<oldEnd, with: sizes.lazy.map { (width: $0.width, height: $0.height) })
    }
    linesLaidOut += 1
    return try geometry(of: section, body: body, in: context)
  }

  /// The section's geometry around `body`, or an error when the row's widths add up to
  /// more than a `Double` holds (finite widths such as `1e308` can).
  func geometry(
    of section: Section, body: CarouselBody, in context: SectionContext
  ) throws(LayoutError) -> SectionGeometry {
    let rowWidth = body.rowWidth
    guard rowWidth.isFinite else {
      throw .invalidValue(
        path: "sections[\(context.index)]", value: "a row width of \(rowWidth)",
        expected: "cell widths and spacings whose sum is a finite number")
    }
    return SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: context.configuration.width,
      insets: context.attributes.insets)
  }
}

/// Everything about a carousel's row but its cells' sizes: where it starts, the spacing, the
/// band's policy, the alignment and the paging.
struct CarouselRow: Sendable, Equatable {
  /// The first cell's x: the list's left content inset plus the section's left inset.
  var left: Double
  /// What follows the last cell: the section's right inset plus the list's right content inset.
  var trailing: Double
  /// The gap between neighbouring cells.
  var spacing: Double
  /// The list's width.
  var listWidth: Double
  /// The visible row width a sizing callback is proposed.
  var visibleWidth: Double
  var height: CarouselHeight
  var alignment: VerticalAlignment
  var paging: CarouselPaging
  var defaultSize: Size
  var direction: LayoutDirection
  var section: Int

  init(_ context: SectionContext, _ carousel: CarouselLayout) throws(LayoutError) {
    // The configuration's fields are read in place (a copy of it would retain its references).
    let insets = context.attributes.insets
    let contentInsets = context.configuration.contentInsets
    left = contentInsets.left + insets.left
    trailing = insets.right + contentInsets.right
    spacing = carousel.itemSpacing ?? context.attributes.itemSpacing
    // Paths are written only for an error.
    if carousel.itemSpacing != nil && !(spacing.isFinite && spacing >= 0) {
      try checkNonNegative(spacing, "sections[\(context.index)].layout.itemSpacing")
    }
    if case .fixed(let band) = carousel.height, !(band.isFinite && band >= 0) {
      try checkNonNegative(band, "sections[\(context.index)].layout.height")
    }
    listWidth = context.configuration.width
    visibleWidth = max(0, listWidth - contentInsets.horizontal - insets.horizontal)
    height = carousel.height
    alignment = context.attributes.verticalAlignment
    paging = carousel.paging
    defaultSize = context.configuration.defaultCellSize
    direction = context.configuration.layoutDirection
    section = context.index
  }

  /// The size of the cell at `cell` (item `item`), checked.
  @inline(__always)
  func size(of cell: UnsafePointer<Cell>, at item: Int) throws(LayoutError) -> Size {
    let size = cell.pointee.size.fixedValue ?? computedSize(of: cell, at: item)
    guard size.isValidLayoutSize else { throw invalidSize(size, at: item) }
    return size
  }

  /// The size of a cell whose size is not fixed: the default, or asked of its callback or
  /// its flexbox content.
  @inline(never)
  func computedSize(of cell: UnsafePointer<Cell>, at item: Int) -> Size {
    let proposal = SizingProposal(
      indexPath: ListIndexPath(item: item, section: section), remainingLineSpace: visibleWidth,
      lineWidth: visibleWidth)
    switch cell.pointee.size {
    case .fixed(let fixed): return fixed
    case .automatic: return defaultSize
    case .sizing(let callback): return callback(proposal)
    case .flex(let content): return content.size(for: proposal, direction: direction)
    }
  }

  /// The error for a cell's invalid size (out of the loop).
  @inline(never)
  func invalidSize(_ size: Size, at item: Int) -> LayoutError {
    return .invalidValue(
      path: "sections[\(section)].items[\(item)].size", value: "\(size)", expected: nonNegative)
  }
}
