import LayoutGeometry

/// The carousel section layout: the cells in one row at their own sizes, `itemSpacing` apart,
/// into a ``CarouselBody`` (see ``CarouselLayout`` for the rules). An edit sizes only the
/// cells it touched and updates the row's sums; the result equals a full relayout bit for
/// bit, because every position is a pure function of the cells' sizes.
struct CarouselSectionLayout: SectionLayoutAlgorithm {
  /// The section's carousel options.
  let carousel: CarouselLayout
  /// Rows laid out (one per layout or relayout).
  private(set) var linesLaidOut = 0

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let row = try CarouselRow(context, carousel)
    var sizes = ContiguousArray<Size>()
    sizes.reserveCapacity(section.cells.count)
    for (item, cell) in section.cells.enumerated() {
      sizes.append(try row.size(of: cell, at: item))
    }
    linesLaidOut += 1
    return geometry(
      of: section,
      body: CarouselBody(
        row: row, widths: PrefixSumTree(sizes.lazy.map(\.width)),
        heights: MaxTree(sizes.lazy.map(\.height))), in: context)
  }

  /// Sizes the cells `edit` touched and splices them into the old row's sums.
  ///
  /// - Complexity: O(d log n) for a resize of d cells; O(n) when cells are inserted or
  ///   removed (the row's sums are rebuilt).
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    guard var body = old.body as? CarouselBody else { return nil }
    let row = try CarouselRow(context, carousel)
    guard row == body.row else { return nil }
    let count = section.cells.count
    let first = max(0, edit.first)
    let last = min(edit.lastDirty, count - 1)
    var sizes = ContiguousArray<Size>()
    if first <= last {
      sizes.reserveCapacity(last - first + 1)
      for item in first...last { sizes.append(try row.size(of: section.cells[item], at: item)) }
    }
    let oldEnd = first + sizes.count - edit.delta
    guard oldEnd >= first, oldEnd <= body.itemCount, body.itemCount + edit.delta == count else { return nil }
    if edit.delta == 0 {
      for (offset, size) in sizes.enumerated() {
        body.widths[first + offset] = size.width
        body.heights[first + offset] = size.height
      }
    } else {
      body.widths.replaceSubrange(first..<oldEnd, with: sizes.lazy.map(\.width))
      body.heights.replaceSubrange(first..<oldEnd, with: sizes.lazy.map(\.height))
    }
    linesLaidOut += 1
    return geometry(of: section, body: body, in: context)
  }

  func geometry(of section: Section, body: CarouselBody, in context: SectionContext) -> SectionGeometry {
    SectionGeometry(
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
    let configuration = context.configuration
    let insets = context.attributes.insets
    left = configuration.contentInsets.left + insets.left
    trailing = insets.right + configuration.contentInsets.right
    spacing = carousel.itemSpacing ?? context.attributes.itemSpacing
    if carousel.itemSpacing != nil {
      try checkNonNegative(spacing, "sections[\(context.index)].layout.itemSpacing")
    }
    if case .fixed(let band) = carousel.height {
      try checkNonNegative(band, "sections[\(context.index)].layout.height")
    }
    listWidth = configuration.width
    visibleWidth = max(0, listWidth - configuration.contentInsets.horizontal - insets.horizontal)
    height = carousel.height
    alignment = context.attributes.verticalAlignment
    paging = carousel.paging
    defaultSize = configuration.defaultCellSize
    direction = configuration.layoutDirection
    section = context.index
  }

  /// The size of `cell` (item `item`), checked.
  func size(of cell: Cell, at item: Int) throws(LayoutError) -> Size {
    let proposal = SizingProposal(
      indexPath: IndexPath(item: item, section: section), remainingLineSpace: visibleWidth,
      lineWidth: visibleWidth)
    let size: Size =
      switch cell.size {
      case .fixed(let fixed): fixed
      case .automatic: defaultSize
      case .sizing(let callback): callback(proposal)
      case .flex(let content): content.size(for: proposal, direction: direction)
      }
    guard size.isValidLayoutSize else {
      throw .invalidValue(
        path: "sections[\(section)].items[\(item)].size", value: "\(size)", expected: nonNegative)
    }
    return size
  }
}
