import LayoutGeometry

/// What a grid section's cells are placed with, resolved once per section: the columns, the
/// spacings, and where column 0 starts.
struct GridMetrics: Equatable {
  /// The number of columns.
  var columnCount: Int
  /// The width of one column.
  var columnWidth: Double
  /// Space between columns.
  var columnSpacing: Double
  /// Space between rows.
  var rowSpacing: Double
  /// The content x of column 0's leading edge (content inset plus section inset).
  var originX: Double
  /// How cells sit in their row.
  var alignment: GridRowAlignment
  /// Whether the column spacing leaves the columns room (else columns are 0 wide and the
  /// spacing alone overflows the section).
  var columnsFit: Bool

  init(_ grid: GridLayout, in context: SectionContext) {
    let configuration = context.configuration
    let insets = context.attributes.insets
    let width = max(0, configuration.width - configuration.contentInsets.horizontal - insets.horizontal)
    columnSpacing = grid.columnSpacing ?? context.attributes.itemSpacing
    rowSpacing = grid.rowSpacing ?? context.attributes.lineSpacing
    columnCount = grid.columns.columnCount(forWidth: width, spacing: columnSpacing)
    columnWidth = GridColumns.columnWidth(count: columnCount, width: width, spacing: columnSpacing)
    originX = configuration.contentInsets.left + insets.left
    alignment = grid.rowAlignment
    columnsFit = Double(columnCount - 1) * columnSpacing <= width
  }

  /// The x of column `column`.
  @inline(__always)
  func x(ofColumn column: Int) -> Double {
    originX + Double(column) * (columnWidth + columnSpacing)
  }

  /// The width of `span` adjacent columns and the spacing between them.
  @inline(__always)
  func width(ofSpan span: Int) -> Double {
    Double(span) * columnWidth + Double(span - 1) * columnSpacing
  }
}

/// A cell's row and columns, before its row's height is known.
struct GridPlacedCell {
  var row: Int
  var column: Int
  var span: Int
  var height: Double
}

/// Sizes a grid's cells: the cell's own height (fixed, the default size's, or its sizing
/// callback's, given the spanned width as both the remaining space and the line width).
struct GridCellSizer {
  let context: SectionContext
  let metrics: GridMetrics

  /// The number of columns the cell at `cell` spans (read in place: most cells have no
  /// extras, and copying a cell is what a million-cell layout would spend its time on).
  @inline(__always)
  func span(of cell: UnsafePointer<Cell>, at item: Int) throws(LayoutError) -> Int {
    guard cell.pointee.hasExtras, let span = cell.pointee.span else { return 1 }
    try span.validate(path: context.cellPath(item, "span"))
    return span.columns(in: metrics.columnCount)
  }

  /// The height of the cell at `cell` (item `item`) spanning `span` columns.
  @inline(__always)
  func height(of cell: UnsafePointer<Cell>, at item: Int, span: Int) throws(LayoutError) -> Double {
    if case .fixed(let size) = cell.pointee.size, size.isValidLayoutSize { return size.height }
    return try height(of: cell.pointee, at: item, span: span)
  }

  /// The height of cell `cell` (item `item`) spanning `span` columns.
  func height(of cell: Cell, at item: Int, span: Int) throws(LayoutError) -> Double {
    let size: Size
    switch cell.size {
    case .fixed(let fixed): size = fixed
    case .automatic: size = context.configuration.defaultCellSize
    case .sizing(let callback): size = callback(proposal(item, span))
    case .flex(let content):
      size = content.size(for: proposal(item, span), direction: context.configuration.layoutDirection)
    }
    guard size.isValidLayoutSize else {
      throw .invalidValue(path: context.cellPath(item, "size"), value: "\(size)", expected: nonNegative)
    }
    return size.height
  }

  private func proposal(_ item: Int, _ span: Int) -> SizingProposal {
    let width = metrics.width(ofSpan: span)
    return SizingProposal(
      indexPath: ListIndexPath(item: item, section: context.index), remainingLineSpace: width,
      lineWidth: width)
  }
}
