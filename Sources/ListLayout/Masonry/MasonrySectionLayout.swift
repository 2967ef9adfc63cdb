import LayoutGeometry

/// The masonry section layout (Compose's staggered grid, "Pinterest" lanes): cells in equal
/// lanes, each in the lane whose bottom is highest, into a ``MasonryBody``.
///
/// 1. **Lanes**: the count ``GridColumns/columnCount(forWidth:spacing:)`` gives for the
///    section's width inside the content and section insets, all as wide as
///    ``GridColumns/columnWidth(count:width:spacing:)`` says, the leading one at the insets'
///    left edge. Column spacing defaults to the section's item spacing, row spacing to its
///    line spacing.
/// 2. **Size** each cell: its span clamped to the lane count (``GridSpan/columns(in:)``), its
///    height fixed, the default size's, or asked of its sizing callback (or flexbox content)
///    with the spanned width as both the remaining space and the line width. Its own width
///    is not used.
/// 3. **Place** it (``MasonryPlacer``).
///
/// The layout manager, cell attributes and the section's alignments do not apply; the
/// section's insets, header, footer and pinning do, as in flow sections, and right-to-left
/// lists mirror the lanes (lane 0 is the leading one).
///
/// An edit lays the section out again from the chunk of cells (``SharedChunks/chunkSize``)
/// holding the first touched cell to the section's end: a cell's lane depends on every cell
/// before it, so nothing after an edit can be reused, and nothing before it changes.
struct MasonrySectionLayout: SectionLayoutAlgorithm {
  let masonry: MasonryLayout
  /// The cells placed (each counts as a line: an edit's cost).
  private(set) var linesLaidOut = 0

  init(_ masonry: MasonryLayout) {
    self.masonry = masonry
  }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    var placer = MasonryPlacer(lanes: try lanes(in: context), cells: section.cells.count)
    try place(section.cells, from: 0, into: &placer, in: context)
    return geometry(of: section, body: placer.body, in: context)
  }

  /// Lays the section out again from the chunk holding the first touched cell, with the lanes
  /// as its checkpoint recorded them; `nil` (laid out whole) when the lanes changed or either
  /// version has no cells.
  ///
  /// - Complexity: O(n − f + c + l · log n) for n cells, the first touched cell f, the chunk
  ///   size c and l lanes.
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    let lanes = try lanes(in: context)
    guard let oldBody = old.body as? MasonryBody, oldBody.lanes == lanes, oldBody.itemCount > 0,
      !section.cells.isEmpty
    else { return nil }
    let first = min(edit.first, oldBody.itemCount - 1, section.cells.count)
    let start = first & ~(SharedChunks<MasonryRecord>.chunkSize - 1)
    var placer = MasonryPlacer(resuming: oldBody, at: start, cells: section.cells.count)
    try place(section.cells, from: start, into: &placer, in: context)
    return geometry(of: section, body: placer.body, in: context)
  }

  /// Step 1: the lanes of the section in `context`.
  func lanes(in context: SectionContext) throws(LayoutError) -> MasonryLanes {
    try masonry.validate(path: "sections[\(context.index)].layout")
    let configuration = context.configuration
    let insets = context.attributes.insets
    let width = max(0, configuration.width - configuration.contentInsets.horizontal - insets.horizontal)
    let columnSpacing = masonry.columnSpacing ?? context.attributes.itemSpacing
    let count = masonry.columns.columnCount(forWidth: width, spacing: columnSpacing)
    return MasonryLanes(
      count: count, width: GridColumns.columnWidth(count: count, width: width, spacing: columnSpacing),
      columnSpacing: columnSpacing, rowSpacing: masonry.rowSpacing ?? context.attributes.lineSpacing,
      left: configuration.contentInsets.left + insets.left)
  }

  /// Steps 2 and 3 for cells `start...` of `cells`.
  mutating func place(
    _ cells: CellList, from start: Int, into placer: inout MasonryPlacer, in context: SectionContext
  ) throws(LayoutError) {
    let lanes = placer.lanes
    let defaultHeight = context.configuration.defaultCellSize.height
    let direction = context.configuration.layoutDirection
    let placedBefore = placer.placed
    defer { linesLaidOut += placer.placed - placedBefore }
    try cells.forEachChunk(from: start) { (chunk, first) throws(LayoutError) in
      guard let cells = chunk.baseAddress else { return true }
      for offset in max(0, start - first)..<chunk.count {
        let cell = cells + offset
        // Most cells: a fixed size and nothing else (no span), placed without a copy.
        if !cell.pointee.hasExtras, let size = cell.pointee.size.fixedValue, size.height >= 0,
          size.height.isFinite
        {
          placer.place(height: size.height, span: 1)
          continue
        }
        let item = first + offset
        var span = 1
        if let spec = cell.pointee.span {
          try spec.validate(path: context.cellPath(item, "span"))
          span = spec.columns(in: lanes.count)
        }
        let height: Double
        switch cell.pointee.size {
        case .fixed(let size): height = size.height
        case .automatic: height = defaultHeight
        case .sizing(let callback):
          height = callback(proposal(item, lanes.width(spanning: span), context)).height
        case .flex(let content):
          height =
            content.size(for: proposal(item, lanes.width(spanning: span), context), direction: direction)
            .height
        }
        guard height.isFinite, height >= 0 else {
          throw .invalidValue(
            path: context.cellPath(item, "size"), value: "a height of \(height)", expected: nonNegative)
        }
        placer.place(height: height, span: span)
      }
      return true
    }
  }

  /// What a sizing callback is told: the spanned width, as both the space left and the line.
  private func proposal(_ item: Int, _ width: Double, _ context: SectionContext) -> SizingProposal {
    SizingProposal(
      indexPath: ListIndexPath(item: item, section: context.index), remainingLineSpace: width,
      lineWidth: width)
  }

  func geometry(of section: Section, body: MasonryBody, in context: SectionContext) -> SectionGeometry {
    SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: context.configuration.width,
      insets: context.attributes.insets)
  }
}
